import { useQuery } from '@tanstack/react-query';
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
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const couponsKey = () => [...storeKeys.all(), 'coupons'] as const;

export function useCoupons() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: couponsKey(),
    queryFn: () => callMethod(plaza, listCoupons).then((r) => r.coupons),
  });
}

/** Creates a coupon (`id` null) or changes the given fields of one. */
export const useSaveCoupon = () =>
  useStoreChange(couponsKey(), (plaza, v: { id: string | null; coupon: Partial<CouponInput> }) =>
    v.id
      ? callMethod(plaza, updateCoupon, v.id, v.coupon, Object.keys(v.coupon))
      : callMethod(plaza, createCoupon, v.coupon as CouponInput),
  );

export const useSetCouponActive = () =>
  useStoreChange(couponsKey(), (plaza, v: { id: string; active: boolean }) =>
    callMethod(plaza, updateCoupon, v.id, { active: v.active }, ['active']),
  );

export const useDeleteCoupon = () =>
  useStoreChange(couponsKey(), (plaza, id: string) => callMethod(plaza, deleteCoupon, id));

const rulesKey = () => [...storeKeys.all(), 'discount-rules'] as const;

export function useDiscountRules() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: rulesKey(),
    queryFn: () => callMethod(plaza, listDiscountRules).then((r) => r.discountRules),
  });
}

/** Creates a rule (`id` null) or changes the given fields of one. */
export const useSaveDiscountRule = () =>
  useStoreChange(rulesKey(), (plaza, v: { id: string | null; rule: Partial<DiscountRuleInput> }) =>
    v.id
      ? callMethod(plaza, updateDiscountRule, v.id, v.rule, Object.keys(v.rule))
      : callMethod(plaza, createDiscountRule, v.rule as DiscountRuleInput),
  );

export const useSetRuleActive = () =>
  useStoreChange(rulesKey(), (plaza, v: { id: string; active: boolean }) =>
    callMethod(plaza, updateDiscountRule, v.id, { active: v.active }, ['active']),
  );

export const useDeleteDiscountRule = () =>
  useStoreChange(rulesKey(), (plaza, id: string) => callMethod(plaza, deleteDiscountRule, id));
