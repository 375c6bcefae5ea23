import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Collection, Product } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { domainEvents } from '../../platform/events/tables.js';
import { catalogProducts } from './tables.js';

/** Test helpers of the catalog tests: everything through the real HTTP API. */

let seq = 0;
export const uniqueName = (base = 'Product') => `${base} ${Date.now().toString(36)} ${++seq}`;

export const productBody = (extra: Record<string, unknown> = {}) => ({
  name: uniqueName(),
  productType: 'PHYSICAL',
  price: { amount: '19.99' },
  ...extra,
});

export async function createProduct(srv: TestServer, auth: string, extra: Record<string, unknown> = {}) {
  const res = await call<{ product: Product }>(srv.url, 'POST', '/catalog/v1/products', {
    auth,
    body: { product: productBody(extra) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product;
}

export async function createCollection(srv: TestServer, auth: string, name = uniqueName('Collection')) {
  const res = await call<{ collection: Collection }>(srv.url, 'POST', '/catalog/v1/collections', {
    auth,
    body: { collection: { name } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.collection;
}

export const productCount = async (srv: TestServer) => (await srv.ctx().db.select().from(catalogProducts)).length;

/** Event types written to the outbox for this entity, oldest first. */
export async function eventsOf(srv: TestServer, entityId: string): Promise<string[]> {
  const rows = await srv
    .ctx()
    .db.select({ type: domainEvents.eventType, seq: domainEvents.seq })
    .from(domainEvents)
    .where(eq(domainEvents.entityId, entityId));
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.type);
}

export async function setCurrency(srv: TestServer, owner: string, currency: string): Promise<void> {
  const res = await call(srv.url, 'PATCH', '/site/v1/site', {
    auth: owner,
    body: { site: { currency }, fieldMask: { paths: ['currency'] } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
