import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  Order,
  type AggregateOrdersResponse,
  type Order as OrderT,
  type OrderPaymentStatus,
  type SearchOrdersResponse,
} from '@plaza/contracts';
import { call } from '../test/http.js';
import { loadData } from './load-data.js';
import { orderPayments, orders } from './store/orders/tables.js';
import { derivePaymentStatus } from './store/orders/payment-status.js';
import { memberAuth } from './test/community.js';
import { serverSuite } from './test/suite.js';

const N = 500;
const { srv } = serverSuite();
let owner: string;
let numbersBefore: number;

beforeAll(async () => {
  owner = await memberAuth(srv);
  const [before] = await srv.database.db
    .select({ n: sql<number>`coalesce(max(${orders.number}), 0)::int` })
    .from(orders);
  numbersBefore = before!.n;
  // What `plaza load-data --orders 500` runs.
  await loadData(srv.database, { orders: N, members: 0, reviews: 0, namespace: 'stores', entityId: 'load-product' });
}, 120_000);

const search = (body: Record<string, unknown>) =>
  call<SearchOrdersResponse>(srv.url, 'POST', '/ecom/v1/orders/search', { auth: owner, body: { search: body } });

/** Every order the search finds, following its cursor. */
async function searchAll(filter: Record<string, unknown> = {}): Promise<OrderT[]> {
  const found: OrderT[] = [];
  let cursor: string | undefined;
  do {
    const res = await search({ filter, cursorPaging: { limit: 100, ...(cursor ? { cursor } : {}) } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    found.push(...res.body.orders);
    cursor = res.body.metadata.cursor;
  } while (cursor);
  return found;
}

describe('plaza load-data --orders', () => {
  it('adds N orders with fresh numbers from the sequence, and the sequence moves past them', async () => {
    const { db } = srv.database;
    const rows = await db.select({ number: orders.number }).from(orders).orderBy(asc(orders.number));
    expect(rows).toHaveLength(N);
    expect(rows[0]!.number).toBeGreaterThan(numbersBefore);
    expect(new Set(rows.map((r) => r.number)).size).toBe(N);
    const [next] = (await db
      .select({ n: sql<string>`nextval('order_number_seq')::text` })
      .from(sql`(values (1)) v`)) as [{ n: string }];
    expect(Number(next.n)).toBeGreaterThan(rows.at(-1)!.number);
  });

  it('finds every order through the owner search, newest first, each a valid Order', async () => {
    const found = await searchAll();
    expect(found).toHaveLength(N);
    expect(new Set(found.map((o) => o.id)).size).toBe(N);
    const dates = found.map((o) => o.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const o of found) expect([...Value.Errors(Order, o)].slice(0, 3)).toEqual([]);
    // Spread like a shop's: mostly WEB and APPROVED, over about two years, several payment statuses, some tags.
    const share = (f: (o: OrderT) => boolean) => found.filter(f).length / N;
    expect(share((o) => o.channelInfo.type === 'WEB')).toBeGreaterThan(0.7);
    expect(share((o) => o.status === 'APPROVED')).toBeGreaterThan(0.8);
    expect(new Set(found.map((o) => o.paymentStatus)).size).toBeGreaterThanOrEqual(5);
    expect(share((o) => o.tags.includes('vip'))).toBeGreaterThan(0.03);
    const days = (Date.parse(dates[0]!) - Date.parse(dates.at(-1)!)) / 86_400_000;
    expect(days).toBeGreaterThan(600);
    expect(days).toBeLessThanOrEqual(731);
  });

  it('filters match the loaded columns (payment status and tag, text)', async () => {
    const { db } = srv.database;
    const [want] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.paymentStatus} = 'PAID' AND ${orders.tags} @> '{vip}'`);
    const found = await searchAll({ paymentStatus: ['PAID'], tags: ['vip'] });
    expect(found.length).toBe(want!.n);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((o) => o.paymentStatus === 'PAID' && o.tags.includes('vip'))).toBe(true);

    const one = found[0]!;
    const byText = await searchAll({ text: one.number });
    expect(byText.map((o) => o.id)).toContain(one.id);
    const byEmail = await searchAll({ buyerEmail: one.buyerInfo.email!.toUpperCase() });
    expect(byEmail.map((o) => o.id)).toContain(one.id);
    const byProduct = await searchAll({ text: one.lineItems[0]!.productName.toLowerCase() });
    expect(byProduct.map((o) => o.id)).toContain(one.id);
  });

  it('aggregates to the same counts and sums', async () => {
    const res = await call<AggregateOrdersResponse>(srv.url, 'POST', '/ecom/v1/orders/aggregate', {
      auth: owner,
      body: { aggregation: { groupBy: ['paymentStatus'] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.total.count).toBe(N);
    const [sum] = await srv.database.db.select({ s: sql<string>`sum(${orders.totalMinor})::text` }).from(orders);
    expect(res.body.total.total.amount.replace('.', '')).toBe(sum!.s);
  });

  it("agrees with the payments: derivePaymentStatus of each order's payments gives its status", async () => {
    const { db } = srv.database;
    const [rows, payments] = await Promise.all([db.select().from(orders), db.select().from(orderPayments)]);
    const byOrder = new Map<string, typeof payments>();
    for (const p of payments) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
    for (const r of rows) {
      const derived = derivePaymentStatus({
        totalMinor: r.totalMinor,
        approval: r.status as OrderT['status'],
        payments: byOrder.get(r.id) ?? [],
      });
      expect(derived, `order ${r.number}`).toBe(r.paymentStatus as OrderPaymentStatus);
    }
    expect(rows.some((r) => !byOrder.has(r.id))).toBe(true);
  });

  it('reads orders with and without payments through getOrder', async () => {
    const { db } = srv.database;
    const get = async (status: string) => {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentStatus, status)).limit(1);
      const res = await call<{ order: OrderT }>(srv.url, 'GET', `/ecom/v1/orders/${row!.id}`, { auth: owner });
      expect(res.status).toBe(200);
      return res.body.order;
    };
    const unpaid = await get('NOT_PAID');
    expect(unpaid.balanceSummary.paid.amount).toMatch(/^0(\.0+)?$/);
    expect(unpaid.balanceSummary.balance.amount).toBe(unpaid.priceSummary.total.amount);
    const refunded = await get('PARTIALLY_REFUNDED');
    expect(Number(refunded.balanceSummary.refunded.amount)).toBeGreaterThan(0);
    expect(refunded.balanceSummary.paid.amount).toBe(refunded.priceSummary.total.amount);
    const tx = await call<{ orderTransactions: { payments: unknown[]; refunds: unknown[] } }>(
      srv.url,
      'GET',
      `/ecom/v1/orders/${refunded.id}/transactions`,
      { auth: owner },
    );
    expect(tx.status).toBe(200);
    expect(tx.body.orderTransactions.payments).toHaveLength(1);
    expect(tx.body.orderTransactions.refunds).toHaveLength(1);
  });
});
