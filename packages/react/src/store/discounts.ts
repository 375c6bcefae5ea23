import {
  createCoupon,
  createDiscountRule,
  deleteCoupon,
  deleteDiscountRule,
  listCoupons,
  listDiscountRules,
  updateCoupon,
  updateDiscountRule,
  type CouponInput,
  type DiscountRuleInput,
} from '@plaza/sdk/ecom';
import type { FetchClient } from '../call.js';
import { fieldQuery, invalidatingCall, patching, saving } from '../factories.js';
import { storeQueries } from './roots.js';

// Coupons and automatic rules are two lists: a change to one leaves the other as it is.
export const discountQueries = {
  couponsKey: () => [...storeQueries.all(), 'coupons'] as const,
  rulesKey: () => [...storeQueries.all(), 'discount-rules'] as const,
  coupons: (client: FetchClient) => fieldQuery(client, discountQueries.couponsKey(), listCoupons, 'coupons'),
  rules: (client: FetchClient) => fieldQuery(client, discountQueries.rulesKey(), listDiscountRules, 'discountRules'),
};

export const discountMutations = {
  /** Creates a coupon (`id` null) or changes the given fields of one. */
  saveCoupon: saving(
    discountQueries.couponsKey(),
    { create: createCoupon, update: updateCoupon },
    (v: { id: string | null; coupon: Partial<CouponInput> }) => v.coupon,
  ),
  setCouponActive: patching(discountQueries.couponsKey(), updateCoupon, (v: { id: string; active: boolean }) => ({
    active: v.active,
  })),
  deleteCoupon: invalidatingCall(discountQueries.couponsKey(), deleteCoupon),
  /** Creates a rule (`id` null) or changes the given fields of one. */
  saveRule: saving(
    discountQueries.rulesKey(),
    { create: createDiscountRule, update: updateDiscountRule },
    (v: { id: string | null; rule: Partial<DiscountRuleInput> }) => v.rule,
  ),
  setRuleActive: patching(discountQueries.rulesKey(), updateDiscountRule, (v: { id: string; active: boolean }) => ({
    active: v.active,
  })),
  deleteRule: invalidatingCall(discountQueries.rulesKey(), deleteDiscountRule),
};
