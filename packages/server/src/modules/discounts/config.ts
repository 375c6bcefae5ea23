import { asc } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import type { CouponRow, RuleRow } from './model.js';
import { coupons, discountRules } from './tables.js';

export interface DiscountConfig {
  rules: RuleRow[];
  /** By lower-cased code. */
  coupons: Map<string, CouponRow>;
}

const TTL_MS = 2_000;

/**
 * A per-node read cache of every rule and coupon (like shipping/config.ts: also used inside a caller's transaction,
 * because carts price themselves under their row lock and only this module writes these tables, calling
 * `configChanged()` after each commit). A totals run costs no SQL when nothing changed. Coupon usage counts in it
 * may lag; redeemCoupon checks the limits again under a row lock.
 */
const entries = new WeakMap<object, { value: DiscountConfig; at: number; generation: number }>();
let generation = 0;

export async function discountConfig(ctx: Ctx): Promise<DiscountConfig> {
  const hit = entries.get(ctx.config);
  const now = Date.now();
  if (
    hit &&
    hit.generation === generation &&
    now - hit.at < TTL_MS &&
    !(ctx.consistencyMs && ctx.consistencyMs >= hit.at)
  ) {
    return hit.value;
  }
  const started = generation;
  const [rules, couponRows] = await Promise.all([
    ctx.db.select().from(discountRules).orderBy(asc(discountRules.createdDate), asc(discountRules.id)),
    ctx.db.select().from(coupons),
  ]);
  const value = { rules, coupons: new Map(couponRows.map((c) => [c.codeKey, c])) };
  if (started === generation) entries.set(ctx.config, { value, at: now, generation });
  return value;
}

export function configChanged(): void {
  generation++;
}

/** Awaits a committed write, then makes the cached configuration stale. */
export async function afterWrite<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    configChanged();
  }
}
