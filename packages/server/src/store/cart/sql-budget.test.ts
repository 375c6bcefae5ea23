import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Product } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { SQL_COUNT_HEADER } from '../../kernel/sql-count.js';
import { createProduct } from '../catalog/testing.js';
import { cast } from '../../test/community.js';
import { item } from './testing.js';

/**
 * The budget is 6 SQL statements per add-to-cart (BEGIN and COMMIT included). It takes at most 4: the
 * visitor's revocation check (one indexed read, as a member's session read, so a reused refresh token ends the
 * visitor's access tokens at once), the cart read (skipped when the node knows the cart), the catalog read (skipped
 * for products read in the last 2 s) and one write with its event. Only a lost race takes the locked path.
 */

let srv: TestServer;
let mug: Product;
let shirt: Product;
let owner: string;

beforeAll(async () => {
  process.env.PLAZA_SQL_COUNT = '1';
  srv = await startTestServer();
  const c = await cast(srv);
  owner = c.owner;
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
  it('a new cart, then the same cart: the write, plus the reads this node does not hold', async () => {
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
    // Each starts with the visitor check. New cart: cart read (none) + write (the mug was read by the warm-up). Known
    // cart, known mug: the write alone. A product not read yet: catalog read + write.
    expect(counts).toEqual([3, 2, 3]);
    // The header is only there when counting is on; a plain request still works.
    expect((await call(srv.url, 'GET', '/ecom/v1/carts/current', { auth: v })).status).toBe(200);
  });

  it('a product change on this node shows in the very next add-to-cart', async () => {
    const v = `Bearer ${await srv.visitorToken()}`;
    await statements(v, [item(mug.id)]);
    const patched = await call(srv.url, 'PATCH', `/catalog/v1/products/${mug.id}`, {
      auth: owner,
      body: { product: { price: { amount: '11.00' } }, fieldMask: { paths: ['price'] } },
    });
    expect(patched.status).toBe(200);
    const res = await call<{ cart: Cart }>(srv.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      auth: v,
      body: { lineItems: [item(mug.id)] },
    });
    expect(res.body.cart.lineItems[0]).toMatchObject({ quantity: 2, price: { amount: '11.00' } });
  });
});
