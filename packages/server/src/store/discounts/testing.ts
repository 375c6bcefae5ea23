import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { call, deleteEvery } from '../../../test/http.js';

/** Test helpers of the discount tests: rules and coupons through the real HTTP API, totals inputs. */

export const RULES = '/ecom/v1/discount-rules';
export const COUPONS = '/ecom/v1/coupons';

export async function createRule(srv: TestServer, auth: string, body: Record<string, unknown>) {
  const res = await call<{ discountRule: Record<string, unknown> & { id: string } }>(srv.url, 'POST', RULES, {
    auth,
    body: { discountRule: { name: 'Rule', ...body } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.discountRule;
}

export async function createCoupon(srv: TestServer, auth: string, body: Record<string, unknown>) {
  const res = await call<{ coupon: Record<string, unknown> & { id: string } }>(srv.url, 'POST', COUPONS, {
    auth,
    body: { coupon: { name: 'Coupon', discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' }, ...body } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.coupon;
}

/** Deletes every rule and coupon (tests share one server). */
export async function clearDiscounts(srv: TestServer, auth: string): Promise<void> {
  await deleteEvery(srv.url, auth, [
    [RULES, 'discountRules'],
    [COUPONS, 'coupons'],
  ] as const);
}

export { line, totalsInput } from '../totals/testing.js';
