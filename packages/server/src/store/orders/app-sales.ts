import { and, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { orders } from './tables.js';

/** Orders counted as sold: paid, or paid and then partly refunded (a fully refunded order sold nothing). */
const SOLD = ['PAID', 'PARTIALLY_REFUNDED'];

/**
 * The paid orders holding lines of one app item (e.g. a plan: `appId` plaza-plans, `catalogItemId` the plan) and
 * what those lines came to, as a decimal string per currency. One query over the orders' frozen lines.
 */
export async function appItemSales(
  ctx: Ctx,
  appId: string,
  catalogItemId: string,
): Promise<{ orders: number; totals: Array<{ currency: string; amount: string }> }> {
  const line = sql`li`;
  const rows = await ctx.db
    .select({
      currency: orders.currency,
      orders: sql<number>`count(distinct ${orders.id})::int`,
      amount: sql<string>`coalesce(sum((${line}->'lineItemPrice'->>'amount')::numeric), 0)::text`,
    })
    .from(sql`${orders} cross join lateral jsonb_array_elements(${orders.snapshot}->'lineItems') as li`)
    .where(
      and(
        inArray(orders.paymentStatus, SOLD),
        sql`${line}->'catalogReference'->>'appId' = ${appId}`,
        sql`${line}->'catalogReference'->>'catalogItemId' = ${catalogItemId}`,
      ),
    )
    .groupBy(orders.currency);
  return {
    orders: rows.reduce((n, r) => n + r.orders, 0),
    totals: rows.map((r) => ({ currency: r.currency, amount: r.amount })),
  };
}
