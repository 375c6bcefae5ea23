import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { cardToken, checkoutFor, place, placeAndCharge } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let vase: Product;

beforeAll(async () => {
  vase = await createProduct(srv, c.owner, { name: 'Vase, "tall"', price: { amount: '15.00' } });
  for (let i = 0; i < 3; i++) {
    const co = await checkoutFor(srv, c.visitor, vase, i + 1);
    await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
  }
  const unpaid = await checkoutFor(srv, c.visitor, vase, 1, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
  await place(srv, c.visitor, unpaid.id);
}, 120_000);

const exportCsv = (auth: string, body: unknown = {}) =>
  fetch(`${srv.url}/ecom/v1/orders/export`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** RFC 4180 rows, enough for the test: quoted fields may hold commas, quotes ("") and no newlines. */
const parse = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
    .map((row) =>
      [...row.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );

describe('orders as CSV', () => {
  it('streams every matching order, newest first, escaped', async () => {
    const res = await exportCsv(c.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('orders.csv');
    const rows = parse(await res.text());
    // Written out here, not taken from export.ts: a renamed or moved column must fail this test.
    const columns =
      'Order number|Placed (UTC)|Status|Payment|Fulfillment|E-mail|Name|Items|Options|SKU|Total|Currency|Tags|' +
      'Channel|Delivery|Delivery time|Pickup place';
    expect(rows[0]).toEqual(columns.split('|'));
    expect(rows).toHaveLength(5);
    const numbers = rows.slice(1).map((r) => Number(r[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(rows[2]![7]).toBe('3 × Vase, "tall"');
    // A product without options or SKU leaves those cells empty.
    expect(rows[2]!.slice(8, 11)).toEqual(['', '', '45.00']);

    const paid = parse(await (await exportCsv(keys.ecom, { filter: { paymentStatus: ['PAID'] } })).text());
    expect(paid).toHaveLength(4);
    expect(paid.slice(1).every((r) => r[3] === 'PAID')).toBe(true);
  });

  it('refuses bad filters and callers who do not manage orders', async () => {
    const bad = await call(srv.url, 'POST', '/ecom/v1/orders/export', {
      auth: c.owner,
      body: { filter: { paymentStatus: ['MAYBE'] } },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body).join()).toContain('paymentStatus');
    expect((await exportCsv(c.memberA.auth)).status).toBe(403);
    expect((await exportCsv(c.visitor)).status).toBe(403);
    expect((await fetch(`${srv.url}/ecom/v1/orders/export`, { method: 'POST' })).status).toBe(401);
  });
});
