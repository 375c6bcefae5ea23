import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { postEntity } from '../../test/entities.js';
import { call, deleteEvery } from '../../../test/http.js';

/** Test helpers of the tax tests: configuration through the real HTTP API. */
export const TAX = {
  settings: '/ecom/v1/tax-settings',
  groups: '/ecom/v1/tax-groups',
  regions: '/ecom/v1/tax-regions',
} as const;

/** POSTs `{ [key]: body }` and returns the created entity (asserting 200). */
export const post = postEntity;

export async function patchSettings(srv: TestServer, auth: string, patch: Record<string, unknown>) {
  const res = await call(srv.url, 'PATCH', TAX.settings, {
    auth,
    body: { taxSettings: patch, fieldMask: { paths: Object.keys(patch) } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Back to no regions, no groups and the default settings (tests share one server). */
export async function clearTax(srv: TestServer, auth: string): Promise<void> {
  await deleteEvery(srv.url, auth, [
    [TAX.regions, 'taxRegions'],
    [TAX.groups, 'taxGroups'],
  ] as const);
  await patchSettings(srv, auth, {
    taxIncludedInPrices: false,
    calculationMode: 'MANUAL',
    taxableAddressType: 'SHIPPING',
    businessAddress: null,
  });
}
