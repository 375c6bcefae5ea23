import { beforeAll, describe, expect, it } from 'vitest';
import type { GetRecommendationResponse, Product } from '@plaza/contracts';
import { call } from '../../../test/http.js';
import { serverSuite } from '../../test/suite.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutFor, place } from '../orders/testing.js';
import { fillCarts } from './testing.js';

// Best sellers count what was bought: units in placed orders rank before carts and checkouts; canceled orders do not
// count. A server of its own: rankings are cached for 10 s, so the one ask comes after every order is in.
const { srv, c } = serverSuite({ env: { PLAZA_JOB_WORKER: 'off' }, cast: true });
let bought: Product, carted: Product, canceled: Product;

async function order(product: Product, quantity: number) {
  const visitor = `Bearer ${await srv.visitorToken()}`;
  const co = await checkoutFor(srv, visitor, product, quantity, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
  const res = await place(srv, visitor, co.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

beforeAll(async () => {
  bought = await createProduct(srv, c.owner, { name: 'Bought lamp' });
  carted = await createProduct(srv, c.owner, { name: 'Carted vase' });
  canceled = await createProduct(srv, c.owner, { name: 'Returned rug' });
  await fillCarts(srv, [[carted], [carted], [carted]]);
  await order(bought, 2);
  const returned = await order(canceled, 5);
  const res = await call(srv.url, 'POST', `/ecom/v1/orders/${returned.id}/cancel`, { auth: c.owner, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 120_000);

describe('GLOBAL recommendations count placed orders', () => {
  it('a product bought in an order outranks one only in carts; a canceled order counts as a basket only', async () => {
    const res = await call<GetRecommendationResponse>(srv.url, 'POST', '/ecom/v1/recommendations/get', {
      auth: c.visitor,
      body: { algorithms: [{ algorithmId: 'GLOBAL' }], minimumRecommendedItems: 50 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = res.body.recommendation.items.map((i) => i.product.name);
    // Bought: 2 units. Carted: 3 carts, nothing sold. Returned: 5 units in a canceled order (its checkout, 1 basket).
    expect(names.slice(0, 2)).toEqual(['Bought lamp', 'Carted vase']);
    expect(names.indexOf('Returned rug')).toBeGreaterThan(1);
  });
});
