import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { postEntity } from '../../test/entities.js';
import { call, deleteEvery } from '../../../test/http.js';
import { totalsInput as baseInput } from '../totals/testing.js';
import type { TotalsInput } from '../totals/types.js';

/** Test helpers of the shipping tests: configuration through the real HTTP API, totals inputs for the engine. */

export const PATHS = {
  regions: '/ecom/v1/shipping-regions',
  options: '/ecom/v1/shipping-options',
  pickups: '/ecom/v1/pickup-locations',
  fees: '/ecom/v1/additional-fees',
  provider: '/ecom/v1/shipping-provider-configuration',
} as const;

/** POSTs `{ [key]: body }` and returns the created entity (asserting 200). */
export const create = postEntity;

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
  await deleteEvery(srv.url, auth, [
    [PATHS.regions, 'shippingRegions'],
    [PATHS.pickups, 'pickupLocations'],
    [PATHS.fees, 'additionalFees'],
  ] as const);
  await patchProvider(srv, auth, {
    domesticServices: [],
    internationalServices: [],
    localDelivery: { enabled: false, radius: { value: 1, unit: 'KM' }, price: { amount: '0' } },
  });
}

export { line } from '../totals/testing.js';

/** A cart of one mug shipped to California, shipping calculated; `extra` overrides. */
export const totalsInput = (extra: Partial<TotalsInput> = {}): TotalsInput =>
  baseInput({ shippingAddress: { country: 'US', subdivision: 'US-CA' }, calculateShipping: true, ...extra });
