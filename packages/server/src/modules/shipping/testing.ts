import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import type { TotalsInput, TotalsLine } from '../totals/types.js';

/** Test helpers of the shipping tests: configuration through the real HTTP API, totals inputs for the engine. */

export const PATHS = {
  regions: '/ecom/v1/shipping-regions',
  options: '/ecom/v1/shipping-options',
  pickups: '/ecom/v1/pickup-locations',
  fees: '/ecom/v1/additional-fees',
  provider: '/ecom/v1/shipping-provider-configuration',
} as const;

/** POSTs `{ [key]: body }` and returns the created entity (asserting 200). */
export async function create<T = Record<string, unknown>>(
  srv: TestServer,
  auth: string,
  path: string,
  key: string,
  body: Record<string, unknown>,
): Promise<T & { id: string }> {
  const res = await call<Record<string, T & { id: string }>>(srv.url, 'POST', path, { auth, body: { [key]: body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[key]!;
}

export const region = (srv: TestServer, auth: string, body: Record<string, unknown>) =>
  create(srv, auth, PATHS.regions, 'shippingRegion', { name: 'Region', ...body });

export const option = (srv: TestServer, auth: string, shippingRegionId: string, body: Record<string, unknown> = {}) =>
  create(srv, auth, PATHS.options, 'shippingOption', {
    shippingRegionId,
    title: 'Standard',
    rates: [{ price: { amount: '5.00' } }],
    ...body,
  });

export async function patchProvider(srv: TestServer, auth: string, patch: Record<string, unknown>) {
  const res = await call<{ shippingProviderConfiguration: Record<string, unknown> }>(srv.url, 'PATCH', PATHS.provider, {
    auth,
    body: { shippingProviderConfiguration: patch, fieldMask: { paths: Object.keys(patch) } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.shippingProviderConfiguration;
}

/** Deletes every entity of these collections (tests share one server). */
export async function clearAll(srv: TestServer, auth: string): Promise<void> {
  for (const [path, key] of [
    [PATHS.regions, 'shippingRegions'],
    [PATHS.pickups, 'pickupLocations'],
    [PATHS.fees, 'additionalFees'],
  ] as const) {
    const list = await call<Record<string, Array<{ id: string }>>>(srv.url, 'GET', path, { auth });
    for (const e of list.body[key] ?? []) await call(srv.url, 'DELETE', `${path}/${e.id}`, { auth });
  }
  await patchProvider(srv, auth, {
    domesticServices: [],
    internationalServices: [],
    localDelivery: { enabled: false, radius: { value: 1, unit: 'KM' }, price: { amount: '0' } },
  });
}

let seq = 0;
export function line(extra: Partial<TotalsLine> = {}): TotalsLine {
  return {
    id: `line-${++seq}`,
    name: 'Mug',
    collectionIds: [],
    itemType: 'PHYSICAL',
    quantity: 1,
    unitPrice: 1000n,
    unitWeight: 1,
    shippable: true,
    ...extra,
  };
}

export function totalsInput(extra: Partial<TotalsInput> = {}): TotalsInput {
  return {
    source: 'CART',
    purchaseFlowId: '00000000-0000-7000-8000-000000000001',
    currency: 'USD',
    weightUnit: 'KG',
    lines: [line()],
    shippingAddress: { country: 'US', subdivision: 'US-CA' },
    calculateShipping: true,
    calculateTax: false,
    now: new Date(),
    ...extra,
  };
}
