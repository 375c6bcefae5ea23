import {
  CouponResponse,
  CreateCouponRequest,
  CreateDiscountRuleRequest,
  DiscountRuleResponse,
  ListCouponsResponse,
  ListDiscountRulesResponse,
  UpdateCouponRequest,
  UpdateDiscountRuleRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from './coupons.service.js';
import { createRule, deleteRule, getRule, listRules, updateRule } from './rules.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers } from '../../http/route-options.js';
import { crudRoutes } from '../../http/crud-routes.js';

const combining =
  'Per line, the automatic rule worth most applies (one rule per line; shipping: the best shipping rule), then the ' +
  'coupon on what is left, then merchant discounts. Nothing takes a line or the shipping below zero.';

/** Discount configuration is back office only: the owner and API keys with `ecom`. Shoppers see what applied. */
const defaults = { tags: ['discounts'], errors: errorResponses(404, 409), access: ecomManagers };

export function discountsRoutes(app: App): void {
  registerDiscountRuleRoutes(app);
  registerCouponRoutes(app);
}

/** Automatic discount rules. */
function registerDiscountRuleRoutes(app: App): void {
  crudRoutes(app, defaults, {
    path: '/ecom/v1/discount-rules',
    noun: 'discount rule',
    key: 'discountRule',
    schemas: {
      create: CreateDiscountRuleRequest,
      update: UpdateDiscountRuleRequest,
      one: DiscountRuleResponse,
      many: ListDiscountRulesResponse,
    },
    service: {
      list: async (ctx) => ({ discountRules: await listRules(ctx) }),
      get: getRule,
      create: createRule,
      update: updateRule,
      remove: deleteRule,
    },
    docs: {
      create:
        'An automatic discount: applies to every cart and checkout while active, inside its window and its ' +
        `trigger (AND / OR of subtotal range, item quantity range, custom app triggers) is met. ${combining}`,
      list: 'Every rule, oldest first; `status` (LIVE, PENDING, EXPIRED) is computed from the window now.',
      update: 'Changes the fields the field mask names (name, active, trigger, discount, activeTimeInfo).',
    },
  });
}

/** Coupons buyers enter at checkout. */
function registerCouponRoutes(app: App): void {
  crudRoutes(app, defaults, {
    path: '/ecom/v1/coupons',
    noun: 'coupon',
    key: 'coupon',
    schemas: {
      create: CreateCouponRequest,
      update: UpdateCouponRequest,
      one: CouponResponse,
      many: ListCouponsResponse,
    },
    service: {
      list: async (ctx) => ({ coupons: await listCoupons(ctx) }),
      get: getCoupon,
      create: createCoupon,
      update: updateCoupon,
      remove: deleteCoupon,
    },
    docs: {
      create:
        'A code buyers enter on the cart or checkout. Codes are unique regardless of case (409 ' +
        'COUPON_CODE_ALREADY_EXISTS). Limits: minimum subtotal, window, uses in all and per customer; a coupon ' +
        `that cannot apply is reported as a violation and not applied. ${combining}`,
      list: 'Every coupon, oldest first, with how often it was used and its status now.',
      update: 'Changes the fields the field mask names; the usage count is never set by hand.',
    },
  });
}
