import { expect } from 'vitest';
import { PLAZA_CATALOG_APP_ID, type BackInStockNotificationRequest, type Job, type Product } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';

/** Test helpers of the back-in-stock tests: everything through the real HTTP API. */

export const BASE = '/ecom/v1/back-in-stock-notification-requests';

let seq = 0;
export const shopperEmail = (tag = 'shopper') => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;

/** A product with tracked stock at 0 (or the given variants, all at 0). */
export async function soldOutProduct(srv: TestServer, owner: string, extra: Record<string, unknown> = {}) {
  return createProduct(srv, owner, {
    inventory: { trackQuantity: true, quantity: 0 },
    media: [{ url: 'https://images.example.com/mug.jpg', altText: 'A mug' }],
    ...extra,
  });
}

export const refOf = (p: Product, variantId?: string) => ({
  appId: PLAZA_CATALOG_APP_ID,
  catalogItemId: p.id,
  ...(variantId ? { options: { variantId } } : {}),
});

export const itemDetails = (name = 'Blue mug') => ({
  name,
  price: '$12.00',
  image: {
    url: 'https://images.example.com/mug.jpg',
    urlExpirationDate: '2030-01-01T00:00:00.000Z',
    focalPoint: { x: 0.5, y: 0.25 },
  },
});

export async function ask(
  srv: TestServer,
  auth: string,
  product: Product,
  email: string,
  variantId?: string,
): Promise<BackInStockNotificationRequest> {
  const res = await call<{ request: BackInStockNotificationRequest }>(srv.url, 'POST', BASE, {
    auth,
    body: { request: { email, catalogReference: refOf(product, variantId) }, itemDetails: itemDetails(product.name) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.request;
}

export async function getRequest(srv: TestServer, auth: string, id: string) {
  return call<{ request: BackInStockNotificationRequest }>(srv.url, 'GET', `${BASE}/${id}`, { auth });
}

/** Polls the job until it has finished. */
export async function jobDone(srv: TestServer, auth: string, jobId: string, timeoutMs = 20_000): Promise<Job> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await call<{ job: Job }>(srv.url, 'GET', `/jobs/v1/jobs/${jobId}`, { auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (['COMPLETED', 'FAILED', 'CANCELED'].includes(res.body.job.status)) return res.body.job;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${res.body.job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
