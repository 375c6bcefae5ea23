import { expect } from 'vitest';
import { PLAZA_CATALOG_APP_ID, type Checkout } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { checkouts } from './tables.js';

/** Test helpers of the checkout tests: everything through the real HTTP API. */

export const ref = (productId: string, variantId?: string) => ({
  appId: PLAZA_CATALOG_APP_ID,
  catalogItemId: productId,
  ...(variantId ? { options: { variantId } } : {}),
});

export async function newCheckout(srv: TestServer, auth: string, body: Record<string, unknown>): Promise<Checkout> {
  const res = await call<{ checkout: Checkout }>(srv.url, 'POST', '/ecom/v1/checkouts', { auth, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout;
}

export async function checkoutCall(srv: TestServer, auth: string, method: string, path: string, body?: unknown) {
  return call<{ checkout: Checkout }>(srv.url, method, `/ecom/v1/checkouts/${path}`, {
    auth,
    ...(body !== undefined ? { body } : {}),
  });
}

export const checkoutCount = async (srv: TestServer) => (await srv.ctx().db.select().from(checkouts)).length;

export async function setCheckoutSettings(
  srv: TestServer,
  auth: string,
  checkoutSettings: Record<string, unknown>,
  paths = Object.keys(checkoutSettings),
) {
  const res = await call(srv.url, 'PATCH', '/ecom/v1/checkout-settings', {
    auth,
    body: { checkoutSettings, fieldMask: { paths } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Valid tax IDs (check digits right) and one digit off. */
export const TAX_IDS = {
  cpf: '529.982.247-25',
  cpfBad: '529.982.247-24',
  cnpj: '11.222.333/0001-81',
  cnpjBad: '11.222.333/0001-80',
};
