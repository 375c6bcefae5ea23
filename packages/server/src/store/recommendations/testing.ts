import { expect } from 'vitest';
import type { Product } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';

/**
 * Fills baskets for the recommendation tests, one visitor each, through the real store API: the current cart's
 * add-to-cart when the cart module serves it, else a checkout created from the line items (checkouts are baskets too).
 */
export async function fillCarts(srv: TestServer, carts: Product[][]): Promise<void> {
  const probe = await call(srv.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
    auth: `Bearer ${await srv.visitorToken()}`,
    body: { lineItems: [] },
  });
  const path = probe.status === 404 ? '/ecom/v1/checkouts' : '/ecom/v1/carts/current/add-to-cart';
  for (const products of carts) {
    const res = await call(srv.url, 'POST', path, {
      auth: `Bearer ${await srv.visitorToken()}`,
      body: {
        lineItems: products.map((p) => ({
          catalogReference: { appId: 'plaza-catalog', catalogItemId: p.id },
          quantity: 1,
        })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
