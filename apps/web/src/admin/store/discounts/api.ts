import { useQuery } from '@tanstack/react-query';
import type { Coupon, CouponInput, DiscountRule, DiscountRuleInput } from '@plaza/contracts';
import { storeKeys, usePlazaClient, useStoreChange } from '../api.js';

// The discounts SDK module (@plaza/sdk/ecom discount-rules.ts) was still empty when this screen was written: these
// call the routes with `client.fetch` and the contracts' types; switch to the SDK methods once they land.
const COUPONS = '/ecom/v1/coupons';
const couponsKey = () => [...storeKeys.all(), 'coupons'] as const;

export function useCoupons() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: couponsKey(),
    queryFn: () => plaza.fetch<{ coupons: Coupon[] }>(COUPONS).then((r) => r.coupons),
  });
}

export const useCreateCoupon = () =>
  useStoreChange(couponsKey(), (plaza, coupon: CouponInput) =>
    plaza.fetch<{ coupon: Coupon }>(COUPONS, { method: 'POST', body: { coupon } }),
  );

export const useSetCouponActive = () =>
  useStoreChange(couponsKey(), (plaza, v: { id: string; active: boolean }) =>
    plaza.fetch<{ coupon: Coupon }>(`${COUPONS}/${encodeURIComponent(v.id)}`, {
      method: 'PATCH',
      body: { coupon: { active: v.active }, fieldMask: { paths: ['active'] } },
    }),
  );

export const useDeleteCoupon = () =>
  useStoreChange(couponsKey(), (plaza, id: string) =>
    plaza.fetch<object>(`${COUPONS}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

const RULES = '/ecom/v1/discount-rules';
const rulesKey = () => [...storeKeys.all(), 'discount-rules'] as const;

export function useDiscountRules() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: rulesKey(),
    queryFn: () => plaza.fetch<{ discountRules: DiscountRule[] }>(RULES).then((r) => r.discountRules),
  });
}

export const useCreateDiscountRule = () =>
  useStoreChange(rulesKey(), (plaza, discountRule: DiscountRuleInput) =>
    plaza.fetch<{ discountRule: DiscountRule }>(RULES, { method: 'POST', body: { discountRule } }),
  );

export const useSetRuleActive = () =>
  useStoreChange(rulesKey(), (plaza, v: { id: string; active: boolean }) =>
    plaza.fetch<{ discountRule: DiscountRule }>(`${RULES}/${encodeURIComponent(v.id)}`, {
      method: 'PATCH',
      body: { discountRule: { active: v.active }, fieldMask: { paths: ['active'] } },
    }),
  );

export const useDeleteDiscountRule = () =>
  useStoreChange(rulesKey(), (plaza, id: string) =>
    plaza.fetch<object>(`${RULES}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
