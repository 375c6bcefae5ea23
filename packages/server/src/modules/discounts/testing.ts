import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import type { TotalsInput, TotalsLine } from '../totals/types.js';

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
  for (const [path, key] of [
    [RULES, 'discountRules'],
    [COUPONS, 'coupons'],
  ] as const) {
    const list = await call<Record<string, Array<{ id: string }>>>(srv.url, 'GET', path, { auth });
    for (const e of list.body[key] ?? []) await call(srv.url, 'DELETE', `${path}/${e.id}`, { auth });
  }
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
    calculateShipping: false,
    calculateTax: false,
    now: new Date(),
    ...extra,
  };
}
