import { expect } from 'vitest';
import { PLAZA_CATALOG_APP_ID, type Cart } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { carts } from './tables.js';

/** Test helpers of the cart tests: everything through the real HTTP API. */

export const CART = '/ecom/v1/carts/current';

export const item = (productId: string, quantity = 1, variantId?: string) => ({
  catalogReference: {
    appId: PLAZA_CATALOG_APP_ID,
    catalogItemId: productId,
    ...(variantId ? { options: { variantId } } : {}),
  },
  quantity,
});

export const cartCall = (srv: TestServer, auth: string, method: string, path = '', body?: unknown) =>
  call<{ cart: Cart }>(srv.url, method, `${CART}${path}`, { auth, ...(body !== undefined ? { body } : {}) });

export async function addToCart(srv: TestServer, auth: string, lineItems: unknown[]): Promise<Cart> {
  const res = await cartCall(srv, auth, 'POST', '/add-to-cart', { lineItems });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart;
}

export const cartRows = async (srv: TestServer) => srv.ctx().db.select().from(carts);
