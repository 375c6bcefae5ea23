import type {
  CouponInput,
  CouponResponse,
  DiscountRuleInput,
  DiscountRuleResponse,
  ListCouponsResponse,
  ListDiscountRulesResponse,
  UpdateCouponRequest,
  UpdateDiscountRuleRequest,
} from '@plaza/contracts';
import { createMethod, deleteMethod, getMethod, listMethod, updateMethod } from '../../core/crud.js';

export type {
  Coupon,
  CouponInput,
  CouponResponse,
  Discount,
  DiscountInput,
  DiscountRule,
  DiscountRuleInput,
  DiscountRuleResponse,
  ListCouponsResponse,
  ListDiscountRulesResponse,
  Trigger,
} from '@plaza/contracts';

/*
 * Discount rules (automatic discounts) and coupons, for the dashboard and back-office scripts: every call needs the
 * owner's token or an API key with the `ecom` scope. Buyers see the result in a cart's or checkout's
 * `appliedDiscounts`, and enter a coupon with the cart's or checkout's `couponCode`. Amounts are decimal strings in
 * the site currency.
 */

const RULES = '/ecom/v1/discount-rules';
const COUPONS = '/ecom/v1/coupons';

/**
 * Creates an automatic discount rule. No `trigger` means it always applies while live.
 *
 * @example
 * const { discountRule } = await admin.discountRules.createDiscountRule({
 *   name: '10% off from $50',
 *   trigger: { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50' } } },
 *   discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
 * });
 */
export const createDiscountRule = createMethod<DiscountRuleInput, DiscountRuleResponse>(RULES, 'discountRule');

/**
 * Every rule, oldest first, each with its `status` (LIVE, PENDING, EXPIRED) as of now.
 *
 * @example const { discountRules } = await admin.discountRules.listDiscountRules();
 */
export const listDiscountRules = listMethod<ListDiscountRulesResponse>(RULES);

/** @example const { discountRule } = await admin.discountRules.getDiscountRule(id); */
export const getDiscountRule = getMethod<DiscountRuleResponse>(RULES, 'discountRule');

/**
 * Changes the fields named in `fieldMask` (name, active, trigger, discount, activeTimeInfo).
 *
 * @example await admin.discountRules.updateDiscountRule(id, { active: false }, ['active']);
 */
export const updateDiscountRule = updateMethod<UpdateDiscountRuleRequest['discountRule'], DiscountRuleResponse>(
  RULES,
  'discountRule',
);

/** @example await admin.discountRules.deleteDiscountRule(id); */
export const deleteDiscountRule = deleteMethod(RULES, 'discountRule');

/**
 * Creates a coupon. Codes are unique regardless of case (a clash is 409 COUPON_CODE_ALREADY_EXISTS).
 *
 * @example
 * const { coupon } = await admin.coupons.createCoupon({
 *   code: 'SUMMER10',
 *   name: 'Summer sale',
 *   discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
 *   usageLimit: 100,
 *   limitPerCustomer: 1,
 * });
 */
export const createCoupon = createMethod<CouponInput, CouponResponse>(COUPONS, 'coupon');

/**
 * Every coupon, oldest first, with `numberOfUsages` and `status`.
 *
 * @example const { coupons } = await admin.coupons.listCoupons();
 */
export const listCoupons = listMethod<ListCouponsResponse>(COUPONS);

/** @example const { coupon } = await admin.coupons.getCoupon(id); */
export const getCoupon = getMethod<CouponResponse>(COUPONS, 'coupon');

/**
 * Changes the fields named in `fieldMask`; `numberOfUsages` only grows as orders are placed. A masked optional field
 * left out of the patch is removed: `updateCoupon(id, {}, ['usageLimit'])` lifts the limit.
 *
 * @example await admin.coupons.updateCoupon(id, { usageLimit: 500 }, ['usageLimit']);
 */
export const updateCoupon = updateMethod<UpdateCouponRequest['coupon'], CouponResponse>(COUPONS, 'coupon');

/** @example await admin.coupons.deleteCoupon(id); */
export const deleteCoupon = deleteMethod(COUPONS, 'coupon');

/**
 * Modules for `createClient({ modules })`.
 *
 * @example
 * const admin = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { discountRules, coupons } });
 */
export const discountRules = {
  createDiscountRule,
  listDiscountRules,
  getDiscountRule,
  updateDiscountRule,
  deleteDiscountRule,
};
export const coupons = { createCoupon, listCoupons, getCoupon, updateCoupon, deleteCoupon };
