import {
  CouponResponse,
  CreateCouponRequest,
  CreateDiscountRuleRequest,
  DiscountRuleResponse,
  EmptyResponse,
  ListCouponsResponse,
  ListDiscountRulesResponse,
  UpdateCouponRequest,
  UpdateDiscountRuleRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from './coupons.service.js';
import { createRule, deleteRule, getRule, listRules, updateRule } from './rules.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

const RULES = '/ecom/v1/discount-rules';
const COUPONS = '/ecom/v1/coupons';
const combining =
  'Per line, the automatic rule worth most applies (one rule per line; shipping: the best shipping rule), then the ' +
  'coupon on what is left, then merchant discounts. Nothing takes a line or the shipping below zero.';

/** Discount configuration is back office only: the owner and API keys with `ecom`. Shoppers see what applied. */
const route = routeOptions({ tags: ['discounts'], errors: errorResponses(404, 409), access: ecomManagers });

export function discountsRoutes(app: App): void {
  registerDiscountRuleRoutes(app);
  registerCouponRoutes(app);
}

/** Automatic discount rules. */
function registerDiscountRuleRoutes(app: App): void {
  app.post(
    RULES,
    route({
      summary: 'Create a discount rule',
      description:
        'An automatic discount: applies to every cart and checkout while active, inside its window and its ' +
        `trigger (AND / OR of subtotal range, item quantity range, custom app triggers) is met. ${combining}`,
      body: CreateDiscountRuleRequest,
      response: DiscountRuleResponse,
    }),
    async (req) => ({ discountRule: await createRule(req.ctx, req.body) }),
  );
  app.get(
    RULES,
    route({
      summary: 'List discount rules',
      description: 'Every rule, oldest first; `status` (LIVE, PENDING, EXPIRED) is computed from the window now.',
      response: ListDiscountRulesResponse,
    }),
    async (req) => ({ discountRules: await listRules(req.ctx) }),
  );
  app.get(
    `${RULES}/:id`,
    route({
      summary: 'Get a discount rule',
      params: IdParams,
      response: DiscountRuleResponse,
    }),
    async (req) => ({ discountRule: await getRule(req.ctx, req.params.id) }),
  );
  app.patch(
    `${RULES}/:id`,
    route({
      summary: 'Update a discount rule',
      description: 'Changes the fields the field mask names (name, active, trigger, discount, activeTimeInfo).',
      params: IdParams,
      body: UpdateDiscountRuleRequest,
      response: DiscountRuleResponse,
    }),
    async (req) => ({ discountRule: await updateRule(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    `${RULES}/:id`,
    route({
      summary: 'Delete a discount rule',
      params: IdParams,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(deleteRule(req.ctx, req.params.id)),
  );
}

/** Coupons buyers enter at checkout. */
function registerCouponRoutes(app: App): void {
  app.post(
    COUPONS,
    route({
      summary: 'Create a coupon',
      description:
        'A code buyers enter on the cart or checkout. Codes are unique regardless of case (409 ' +
        'COUPON_CODE_ALREADY_EXISTS). Limits: minimum subtotal, window, uses in all and per customer; a coupon ' +
        `that cannot apply is reported as a violation and not applied. ${combining}`,
      body: CreateCouponRequest,
      response: CouponResponse,
    }),
    async (req) => ({ coupon: await createCoupon(req.ctx, req.body) }),
  );
  app.get(
    COUPONS,
    route({
      summary: 'List coupons',
      description: 'Every coupon, oldest first, with how often it was used and its status now.',
      response: ListCouponsResponse,
    }),
    async (req) => ({ coupons: await listCoupons(req.ctx) }),
  );
  app.get(
    `${COUPONS}/:id`,
    route({ summary: 'Get a coupon', params: IdParams, response: CouponResponse }),
    async (req) => ({ coupon: await getCoupon(req.ctx, req.params.id) }),
  );
  app.patch(
    `${COUPONS}/:id`,
    route({
      summary: 'Update a coupon',
      description: 'Changes the fields the field mask names; the usage count is never set by hand.',
      params: IdParams,
      body: UpdateCouponRequest,
      response: CouponResponse,
    }),
    async (req) => ({ coupon: await updateCoupon(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    `${COUPONS}/:id`,
    route({ summary: 'Delete a coupon', params: IdParams, response: EmptyResponse }),
    async (req) => emptyAfter(deleteCoupon(req.ctx, req.params.id)),
  );
}
