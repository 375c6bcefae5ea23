import { sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';

/**
 * The paid orders holding lines of one app item (e.g. a plan: `appId` plaza-plans, `catalogItemId` the plan) and
 * what those lines came to, as a decimal string per currency. Sold: paid, or paid and partly refunded (a fully
 * refunded order sold nothing). One query over the frozen lines of
 * the paid orders (a scan of them: a dashboard's figure, not a checkout's).
 */
export async function appItemSales(
  ctx: Ctx,
  appId: string,
  catalogItemId: string,
): Promise<{ orders: number; totals: Array<{ currency: string; amount: string }> }> {
  const res = await ctx.db.execute(sql`
    SELECT o.currency, count(DISTINCT o.id)::int AS orders,
      coalesce(sum((li -> 'lineItemPrice' ->> 'amount')::numeric), 0)::text AS amount
    FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.snapshot -> 'lineItems') li
    WHERE o.payment_status IN ('PAID', 'PARTIALLY_REFUNDED')
      AND li -> 'catalogReference' ->> 'appId' = ${appId}
      AND li -> 'catalogReference' ->> 'catalogItemId' = ${catalogItemId}
    GROUP BY o.currency`);
  const rows = (res as { rows: Array<{ currency: string; orders: number; amount: string }> }).rows;
  return {
    orders: rows.reduce((n, r) => n + r.orders, 0),
    totals: rows.map((r) => ({ currency: r.currency, amount: r.amount })),
  };
}
