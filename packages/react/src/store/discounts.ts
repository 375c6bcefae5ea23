import { queryOptions, type QueryClient } from '@tanstack/react-query';
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
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

// Coupons and automatic rules are two lists: a change to one leaves the other as it is.
export const discountQueries = {
  couponsKey: () => [...storeQueries.all(), 'coupons'] as const,
  rulesKey: () => [...storeQueries.all(), 'discount-rules'] as const,
  coupons: (client: FetchClient) =>
    queryOptions({
      queryKey: discountQueries.couponsKey(),
      queryFn: () => call(client, listCoupons).then((r) => r.coupons),
    }),
  rules: (client: FetchClient) =>
    queryOptions({
      queryKey: discountQueries.rulesKey(),
      queryFn: () => call(client, listDiscountRules).then((r) => r.discountRules),
    }),
};

export const discountMutations = {
  /** Creates a coupon (`id` null) or changes the given fields of one. */
  saveCoupon: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, discountQueries.couponsKey(), (v: { id: string | null; coupon: Partial<CouponInput> }) =>
      v.id
        ? call(client, updateCoupon, v.id, v.coupon, Object.keys(v.coupon))
        : call(client, createCoupon, v.coupon as CouponInput),
    ),
  setCouponActive: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, discountQueries.couponsKey(), (v: { id: string; active: boolean }) =>
      call(client, updateCoupon, v.id, { active: v.active }, ['active']),
    ),
  deleteCoupon: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, discountQueries.couponsKey(), (id: string) => call(client, deleteCoupon, id)),
  /** Creates a rule (`id` null) or changes the given fields of one. */
  saveRule: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, discountQueries.rulesKey(), (v: { id: string | null; rule: Partial<DiscountRuleInput> }) =>
      v.id
        ? call(client, updateDiscountRule, v.id, v.rule, Object.keys(v.rule))
        : call(client, createDiscountRule, v.rule as DiscountRuleInput),
    ),
  setRuleActive: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, discountQueries.rulesKey(), (v: { id: string; active: boolean }) =>
      call(client, updateDiscountRule, v.id, { active: v.active }, ['active']),
    ),
  deleteRule: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, discountQueries.rulesKey(), (id: string) => call(client, deleteDiscountRule, id)),
};
