import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { SQL_COUNT_HEADER } from '../../lib/sql-count.js';
import { createProduct } from '../catalog/testing.js';
import { cast } from '../../test/community.js';
import { item } from './testing.js';

/**
 * The budget is 6 SQL statements per add-to-cart (BEGIN and COMMIT included); it takes 3 (cart read, catalog
 * read, one write with its event), for a new cart too. Only a lost race takes the locked path.
 */

let srv: TestServer;
let mug: Product;
let shirt: Product;

beforeAll(async () => {
  process.env.PLAZA_SQL_COUNT = '1';
  srv = await startTestServer();
  const c = await cast(srv);
  mug = await createProduct(srv, c.owner, { price: { amount: '9.00' } });
  shirt = await createProduct(srv, c.owner, {
    options: [{ name: 'Size', choices: ['S', 'M'] }],
    variants: [{ choices: { Size: 'S' } }, { choices: { Size: 'M' } }],
  });
}, 90_000);
afterAll(async () => {
  delete process.env.PLAZA_SQL_COUNT;
  await srv?.close();
});

const statements = async (auth: string, lineItems: unknown[]) => {
  const res = await fetch(`${srv.url}/ecom/v1/carts/current/add-to-cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify({ lineItems }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return Number(res.headers.get(SQL_COUNT_HEADER));
};

describe('SQL statements per add-to-cart', () => {
  it('a new cart, an existing cart and a cart holding other products: 3 each', async () => {
    const v = `Bearer ${await srv.visitorToken()}`;
    // Warm the node's caches (site, discounts, shipping, apps) as a running store has them.
    await statements(`Bearer ${await srv.visitorToken()}`, [item(mug.id)]);
    const counts = [
      await statements(v, [item(mug.id)]),
      await statements(v, [item(mug.id, 2)]),
      await statements(v, [item(shirt.id, 1, shirt.variants[0]!.id)]),
    ];
    console.log(`SQL statements per add-to-cart: ${counts.join(', ')}`);
    for (const n of counts) expect(n).toBeGreaterThan(0);
    expect(counts).toEqual([3, 3, 3]);
    // The header is only there when counting is on; a plain request still works.
    expect((await call(srv.url, 'GET', '/ecom/v1/carts/current', { auth: v })).status).toBe(200);
  });
});
