/**
 * The SDK's discountRules and coupons modules against the real server: every method builds the request the routes
 * expect (paths, bodies, field masks), end to end, plus a wrong caller and a field violation.
 */
import { describe, expect, it } from 'vitest';
import { isPlazaError } from '../../src/index.js';
import { coupons, discountRules } from '../../src/modules/ecom/index.js';
import { castClients } from './cast-server.js';

const { ctx } = castClients({ discountRules, coupons }, ['ecom']);

describe('@plaza/sdk/ecom discountRules and coupons', () => {
  it('discount rules: create, list, get, update, delete', async () => {
    const { discountRule } = await ctx.admin.discountRules.createDiscountRule({
      name: '10% off from $50',
      trigger: { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50' } } },
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
    });
    expect(discountRule.status).toBe('LIVE');
    expect((await ctx.admin.discountRules.listDiscountRules()).discountRules.map((r) => r.id)).toEqual([
      discountRule.id,
    ]);
    expect((await ctx.admin.discountRules.getDiscountRule(discountRule.id)).discountRule).toEqual(discountRule);
    const upd = await ctx.admin.discountRules.updateDiscountRule(discountRule.id, { active: false }, ['active']);
    expect(upd.discountRule.active).toBe(false);
    await ctx.admin.discountRules.deleteDiscountRule(discountRule.id);
    expect((await ctx.admin.discountRules.listDiscountRules()).discountRules).toEqual([]);
  });

  it('coupons: create, list, get, update, delete; shoppers are refused; bad input names the field', async () => {
    const { coupon } = await ctx.admin.coupons.createCoupon({
      code: 'SUMMER10',
      name: 'Summer sale',
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
      usageLimit: 100,
    });
    expect(coupon).toMatchObject({ code: 'SUMMER10', numberOfUsages: 0 });
    expect((await ctx.admin.coupons.listCoupons()).coupons).toHaveLength(1);
    expect((await ctx.admin.coupons.getCoupon(coupon.id)).coupon).toEqual(coupon);
    expect(
      (await ctx.admin.coupons.updateCoupon(coupon.id, { usageLimit: 500 }, ['usageLimit'])).coupon.usageLimit,
    ).toBe(500);
    const refused = await ctx.visitor.coupons.listCoupons().catch((e: unknown) => e);
    expect(isPlazaError(refused) && refused.status).toBe(403);
    const bad = await ctx.admin.coupons
      .createCoupon({ code: 'X', name: 'x', discount: { type: 'FIXED_AMOUNT', scope: 'GLOBAL' } })
      .catch((e: unknown) => e);
    expect(isPlazaError(bad) && bad.status).toBe(400);
    expect(isPlazaError(bad) && bad.details.validationError?.fieldViolations?.map((v) => v.field)).toEqual([
      'coupon.discount.fixedAmount',
    ]);
    await ctx.admin.coupons.deleteCoupon(coupon.id);
    expect((await ctx.admin.coupons.listCoupons()).coupons).toEqual([]);
  });
});
