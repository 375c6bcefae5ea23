import { asc } from 'drizzle-orm';
import { createConfigCache } from '../../lib/config-cache.js';
import type { CouponRow, RuleRow } from './model.js';
import { coupons, discountRules } from './tables.js';

export interface DiscountConfig {
  rules: RuleRow[];
  /** By lower-cased code. */
  coupons: Map<string, CouponRow>;
}

/**
 * Every rule and coupon, cached per node (lib/config-cache.ts): a totals run costs no SQL when nothing changed. Only
 * this module writes these tables, calling `configChanged()` (or `afterWrite`) after each commit. Coupon usage counts
 * in it may lag; redeemCoupon checks the limits again under a row lock.
 */
const cache = createConfigCache(async (ctx): Promise<DiscountConfig> => {
  const [rules, couponRows] = await Promise.all([
    ctx.db.select().from(discountRules).orderBy(asc(discountRules.createdDate), asc(discountRules.id)),
    ctx.db.select().from(coupons),
  ]);
  return { rules, coupons: new Map(couponRows.map((c) => [c.codeKey, c])) };
});

export const discountConfig = cache.get;
export const configChanged = cache.changed;
/** Awaits a committed write, then makes the cached configuration stale. */
export const afterWrite = cache.afterWrite;
