import { and, gte, inArray, lte, eq, sql, type SQL } from 'drizzle-orm';
import type { AggregateOrdersRequest, AggregateOrdersResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { toMoney } from '../pricing/index.js';
import { getSite } from '../../platform/site/index.js';
import { orders } from './tables.js';

const DIMENSION: Record<AggregateOrdersRequest['aggregation']['groupBy'][number], SQL> = {
  status: sql`${orders.status}`,
  paymentStatus: sql`${orders.paymentStatus}`,
  fulfillmentStatus: sql`${orders.fulfillmentStatus}`,
  channel: sql`${orders.channel}`,
  day: sql`to_char(${orders.createdDate} at time zone 'UTC', 'YYYY-MM-DD')`,
};

/**
 * Counts and sums of orders by one or two dimensions, in one GROUP BY over the filter's index (the dashboard's
 * home charts). Money is summed in minor units and shown in the site currency.
 */
export async function aggregateOrders(ctx: Ctx, req: AggregateOrdersRequest): Promise<AggregateOrdersResponse> {
  const f = req.filter ?? {};
  const where = and(
    f.status?.length ? inArray(orders.status, f.status) : undefined,
    f.paymentStatus?.length ? inArray(orders.paymentStatus, f.paymentStatus) : undefined,
    f.createdFrom ? gte(orders.createdDate, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lte(orders.createdDate, new Date(f.createdTo)) : undefined,
    f.channel ? eq(orders.channel, f.channel) : undefined,
  );
  const dims = req.aggregation.groupBy.map((d) => DIMENSION[d]);
  const separator = req.hierarchySeparatorOverride ?? '/';
  const key = dims.length === 1 ? dims[0]! : sql`${dims[0]} || ${separator} || ${dims[1]}`;
  const [rows, site] = await Promise.all([
    ctx.db
      .select({
        key: sql<string>`${key}`,
        count: sql<number>`count(*)::int`,
        sum: sql<string>`coalesce(sum(${orders.totalMinor}), 0)::text`,
      })
      .from(orders)
      .where(where)
      // By position: the key's separator is a bound parameter, which a repeated expression would bind twice.
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    getSite(ctx),
  ]);
  const money = (minor: bigint) => toMoney(minor, site.currency, site.locale);
  const total = rows.reduce((s, r) => s + BigInt(r.sum), 0n);
  return {
    groups: rows.map((r) => ({ key: r.key, count: r.count, total: money(BigInt(r.sum)) })),
    total: { count: rows.reduce((s, r) => s + r.count, 0), total: money(total) },
  };
}
