import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, SearchOrdersResponse } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { cardToken, checkoutFor, PENDING_CARD, placeAndCharge, stockOf } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let vase: Product;
const mine: { a: Order[]; b: Order[] } = { a: [], b: [] };

beforeAll(async () => {
  vase = await createProduct(srv, c.owner, {
    name: 'Glass vase',
    price: { amount: '15.00' },
    inventory: { trackQuantity: true, quantity: 50 },
  });
  for (const [who, auth] of [
    ['a', c.memberA.auth],
    ['a', c.memberA.auth],
    ['a', c.memberA.auth],
    ['b', c.memberB.auth],
  ] as const) {
    const co = await checkoutFor(srv, auth, vase, 1);
    const res = await placeAndCharge(srv, auth, co.id, await cardToken(srv, auth));
    mine[who].push(res.body.order);
  }
}, 120_000);

const search = (auth: string, search: Record<string, unknown> = {}) =>
  call<SearchOrdersResponse>(srv.url, 'POST', '/ecom/v1/orders/search', { auth, body: { search } });
const post = (auth: string, path: string, body: unknown = {}) =>
  call<{ order: Order }>(srv.url, 'POST', `/ecom/v1/orders/${path}`, { auth, body });

describe('search', () => {
  it('pages every order newest first for the owner, with a cursor', async () => {
    const first = await search(c.owner, { cursorPaging: { limit: 3 } });
    expect(first.status).toBe(200);
    expect(first.body.orders).toHaveLength(3);
    const numbers = first.body.orders.map((o) => Number(o.number));
    expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
    const next = await search(c.owner, { cursorPaging: { limit: 3, cursor: first.body.metadata.cursor } });
    expect(next.body.orders.map((o) => o.id)).not.toContain(first.body.orders[0]!.id);
    expect(first.body.orders.length + next.body.orders.length).toBe(4);
  });

  it('pages by number and by total, both ways, without repeats or gaps', async () => {
    for (const fieldName of ['number', 'total'] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await search(c.owner, {
            sort: { fieldName, order },
            cursorPaging: { limit: 3, ...(cursor ? { cursor } : {}) },
          });
          expect(page.status, JSON.stringify(page.body)).toBe(200);
          seen.push(...page.body.orders.map((o) => o.id));
          cursor = page.body.metadata.cursor;
        } while (cursor);
        expect(new Set(seen).size).toBe(4);
        expect(seen).toHaveLength(4);
      }
    }
  });

  it('filters by number, payment status, e-mail and text', async () => {
    const target = mine.b[0]!;
    const byNumber = await search(keys.ecom, { filter: { number: target.number } });
    expect(byNumber.body.orders.map((o) => o.id)).toEqual([target.id]);
    const paid = await search(c.owner, { filter: { paymentStatus: ['PAID'] } });
    expect(paid.body.orders).toHaveLength(4);
    expect((await search(c.owner, { filter: { paymentStatus: ['FULLY_REFUNDED'] } })).body.orders).toHaveLength(0);
    expect((await search(c.owner, { filter: { text: 'glass' } })).body.orders).toHaveLength(4);
    expect((await search(c.owner, { filter: { buyerEmail: 'BUYER@example.com' } })).body.orders).toHaveLength(4);
  });

  it('members see only their own orders, visitors none of theirs', async () => {
    const a = await search(c.memberA.auth);
    expect(a.body.orders.map((o) => o.id).sort()).toEqual(mine.a.map((o) => o.id).sort());
    const b = await search(c.memberB.auth);
    expect(b.body.orders.map((o) => o.id)).toEqual([mine.b[0]!.id]);
    expect((await search(c.visitor)).body.orders).toHaveLength(0);
    expect((await call(srv.url, 'GET', `/ecom/v1/orders/${mine.a[0]!.id}`, { auth: c.memberB.auth })).status).toBe(404);
    // A cursor issued to one member is no good to another.
    const page = await search(c.memberA.auth, { cursorPaging: { limit: 1 } });
    const stolen = await search(c.memberB.auth, { cursorPaging: { cursor: page.body.metadata.cursor } });
    expect(stolen.status).toBe(400);
  });

  it('answers bad input with the field and rule', async () => {
    const bad = await search(c.owner, { filter: { paymentStatus: ['RICH'] } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body).join()).toContain('paymentStatus');
    const limit = await search(c.owner, { cursorPaging: { limit: 1000 } });
    expect(limit.status).toBe(400);
    const forged = await search(c.owner, { cursorPaging: { cursor: 'abc.def' } });
    expect(forged.status).toBe(400);
    expect(violations(forged.body)).toContain('search.cursorPaging.cursor:FORMAT');
  });
});

describe('managing an order', () => {
  it('cancels with restock, logs it, emits its events, and cannot be undone', async () => {
    const co = await checkoutFor(srv, c.visitor, vase, 3);
    const { order } = (await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor))).body;
    const before = await stockOf(srv, vase.id);
    expect((await post(c.visitor, `${order.id}/cancel`, { restockAllItems: true })).status).toBe(403);
    const res = await post(c.owner, `${order.id}/cancel`, {
      restockAllItems: true,
      customMessage: 'Sold out at the fair',
    });
    expect(res.status).toBe(200);
    // Paid orders stay PAID when canceled: the owner refunds separately.
    expect(res.body.order).toMatchObject({ status: 'CANCELED', paymentStatus: 'PAID' });
    expect(res.body.order.activities.at(-1)?.type).toBe('ORDER_CANCELED');
    expect(await stockOf(srv, vase.id)).toBe(before + 3);
    expect(await eventsOf(srv, order.id)).toEqual(
      expect.arrayContaining(['ecom.order.created', 'ecom.order.updated', 'ecom.order.canceled']),
    );
    const back = await post(c.owner, `${order.id}/update-status`, { status: 'APPROVED' });
    expect(back.status).toBe(400);
    expect((back.body as unknown as { message: string }).message).toContain('CANCELED to APPROVED');
    expect(violations(back.body)).toContain('status:VALIDATION');
  });

  it('holds an unpaid order, then approves it; REJECTED is final', async () => {
    const co = await checkoutFor(srv, c.visitor, vase, 1);
    // A card waiting for the buyer's bank: placed, not yet approved.
    const token = await cardToken(srv, c.visitor, PENDING_CARD);
    const { order } = (await placeAndCharge(srv, c.visitor, co.id, token)).body;
    expect(order.status).toBe('INITIALIZED');
    expect((await post(c.owner, `${order.id}/update-status`, { status: 'PENDING' })).body.order.status).toBe('PENDING');
    expect((await post(keys.ecom, `${order.id}/update-status`, { status: 'APPROVED' })).body.order.status).toBe(
      'APPROVED',
    );
    expect((await post(c.owner, `${order.id}/update-status`, { status: 'PENDING' })).status).toBe(400);
    expect((await post(c.owner, `${order.id}/update-status`, { status: 'LOST' })).status).toBe(400);
  });

  it('takes comments and app activities on its log, and tags in bulk', async () => {
    const order = mine.a[0]!;
    const comment = await post(c.owner, `${order.id}/activities`, {
      activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: 'Gift wrap it' } },
    });
    expect(comment.status).toBe(200);
    expect(comment.body.order.activities.at(-1)).toMatchObject({
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'Gift wrap it' },
      author: 'Owner',
    });
    const empty = await post(c.owner, `${order.id}/activities`, { activity: { type: 'MERCHANT_COMMENT' } });
    expect(empty.status).toBe(400);
    expect(violations(empty.body)).toContain('activity.merchantComment:REQUIRED_FIELD');

    const missing = '0190a1b2-0000-7000-8000-000000000000';
    const tagged = await call<{
      results: Array<{ itemMetadata: { id: string; success: boolean } }>;
      bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
    }>(srv.url, 'POST', '/ecom/v1/bulk/orders/update-tags', {
      auth: c.owner,
      body: { orderIds: [mine.a[0]!.id, mine.a[1]!.id, missing], assignTags: ['vip', 'gift'] },
    });
    expect(tagged.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1 });
    await call(srv.url, 'POST', '/ecom/v1/bulk/orders/update-tags', {
      auth: c.owner,
      body: { orderIds: [mine.a[1]!.id], unassignTags: ['gift'] },
    });
    const vip = await search(c.owner, { filter: { tags: ['vip', 'gift'] } });
    expect(vip.body.orders.map((o) => o.id)).toEqual([mine.a[0]!.id]);
  });
});

describe('the invoice', () => {
  it('is a PDF named after the order for its buyer and the owner, and nobody else (a receipt until one is issued)', async () => {
    const order = mine.b[0]!;
    const res = await fetch(`${srv.url}/ecom/v1/orders/${order.id}/invoice.pdf`, {
      headers: { authorization: c.memberB.auth },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Receipt-${order.number}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Receipt for order ${order.number}`);
    const owner = await fetch(`${srv.url}/ecom/v1/orders/${order.id}/invoice.pdf`, {
      headers: { authorization: c.owner },
    });
    expect(owner.status).toBe(200);
    const other = await fetch(`${srv.url}/ecom/v1/orders/${order.id}/invoice.pdf`, {
      headers: { authorization: c.memberA.auth },
    });
    expect(other.status).toBe(404);
  });
});

describe('aggregate', () => {
  it('counts and sums orders by payment status and day, with the chosen separator', async () => {
    const res = await call<{
      groups: Array<{ key: string; count: number; total: { amount: string } }>;
      total: { count: number };
    }>(srv.url, 'POST', '/ecom/v1/orders/aggregate', {
      auth: keys.ecom,
      body: {
        aggregation: { groupBy: ['paymentStatus', 'day'] },
        hierarchySeparatorOverride: '|',
        filter: { paymentStatus: ['PAID'] },
      },
    });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const paidToday = res.body.groups.find((g) => g.key === `PAID|${today}`);
    expect(paidToday?.count).toBeGreaterThanOrEqual(4);
    // Every paid order here is one or more 15.00 vases.
    expect(Number(paidToday?.total.amount) % 15).toBe(0);
    expect(Number(paidToday?.total.amount)).toBeGreaterThanOrEqual(paidToday!.count * 15);
    expect(res.body.total.count).toBe(res.body.groups.reduce((s, g) => s + g.count, 0));
    const bad = await call(srv.url, 'POST', '/ecom/v1/orders/aggregate', {
      auth: keys.ecom,
      body: { aggregation: { groupBy: ['color'] } },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call(srv.url, 'POST', '/ecom/v1/orders/aggregate', {
          auth: c.memberA.auth,
          body: { aggregation: { groupBy: ['day'] } },
        })
      ).status,
    ).toBe(403);
  });
});
