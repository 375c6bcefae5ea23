import { and, count, eq, ne } from 'drizzle-orm';
import {
  COUPON_MASK_PATHS,
  type Coupon,
  type CouponInput,
  type CreateCouponRequest,
  type UpdateCouponRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { entityCrud, type EntityCrud } from '../entity-crud/index.js';
import { uuidv7 } from '../../lib/ids.js';
import { afterWrite, configChanged } from './config.js';
import { couponInput, couponValues, fmt, type Fmt, statusAt, toCoupon } from './model.js';
import { couponRedemptions, coupons } from './tables.js';

/** Optional coupon fields an update removes when the mask names them and the patch leaves them out. */
const COUPON_CLEARABLE_PATHS = ['minimumSubtotal', 'activeTimeInfo', 'usageLimit', 'limitPerCustomer'];

const codeTaken = (code: string) =>
  new AppError('CONFLICT', `The coupon code "${code}" is already used by another coupon`, {
    applicationCode: 'COUPON_CODE_ALREADY_EXISTS',
  });

async function assertCodeFree(ctx: Ctx, codeKey: string, code: string, exceptId?: string): Promise<void> {
  const [hit] = await ctx.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(exceptId ? and(eq(coupons.codeKey, codeKey), ne(coupons.id, exceptId)) : eq(coupons.codeKey, codeKey))
    .limit(1);
  if (hit) throw codeTaken(code);
}

/** Coupons: a code is free unless another coupon has it, whatever its case. */
const couponCrud = entityCrud({
  table: coupons,
  what: 'Coupon',
  events: { created: 'ecom.coupon.created', updated: 'ecom.coupon.updated', deleted: 'ecom.coupon.deleted' },
  fmt,
  afterWrite,
  toEntity: toCoupon,
  toInput: couponInput,
  values: couponValues,
} satisfies EntityCrud<typeof coupons, Coupon, CouponInput, Fmt>);

/** Reading one and deleting one need nothing of their own. */
export const { get: getCoupon, remove: deleteCoupon } = couponCrud;

export async function listCoupons(ctx: Ctx): Promise<Coupon[]> {
  return couponCrud.list(ctx);
}

export async function createCoupon(ctx: Ctx, req: CreateCouponRequest): Promise<Coupon> {
  return couponCrud.create(ctx, req.coupon, (tx, values) => assertCodeFree(tx, values.codeKey, values.code));
}

export async function updateCoupon(ctx: Ctx, id: string, req: UpdateCouponRequest): Promise<Coupon> {
  checkFieldMask(req.fieldMask.paths, COUPON_MASK_PATHS, req.coupon, 'coupon', COUPON_CLEARABLE_PATHS);
  const mask = { paths: req.fieldMask.paths, patch: req.coupon };
  return couponCrud.update(ctx, id, mask, async (tx, next, f, existing) => {
    const values = couponValues(next, f);
    if (values.codeKey !== existing.codeKey) await assertCodeFree(tx, values.codeKey, values.code, id);
    return values;
  });
}

/** Who a per-customer limit counts: the member, else the email (lower-cased), else the visitor. */
export function couponCustomerKey(buyer?: {
  memberId?: string;
  visitorId?: string;
  email?: string;
}): string | undefined {
  if (buyer?.memberId) return `member:${buyer.memberId}`;
  if (buyer?.email) return `email:${buyer.email.toLowerCase()}`;
  if (buyer?.visitorId) return `visitor:${buyer.visitorId}`;
  return undefined;
}

export type RedeemResult =
  | { redeemed: true }
  | { redeemed: false; reason: 'NOT_FOUND' | 'NOT_VALID' | 'USAGE_LIMIT_REACHED' | 'CUSTOMER_LIMIT_REACHED' };

/**
 * Counts one use of a coupon for an order, inside the caller's transaction (orders call it when an order is
 * placed). The coupon row is locked first, so parallel redemptions queue on it and both limits hold exactly; a second
 * call for the same order is a no-op.
 */
export async function redeemCoupon(
  tx: Ctx,
  args: { couponId: string; customerKey: string; orderId: string },
): Promise<RedeemResult> {
  const [row] = await tx.db.select().from(coupons).where(eq(coupons.id, args.couponId)).for('update');
  if (!row) return { redeemed: false, reason: 'NOT_FOUND' };
  const [again] = await tx.db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.orderId, args.orderId)));
  if (again) return { redeemed: true };
  // The totals read a cached configuration: a coupon switched off or expired since is refused here, under the lock.
  if (!row.active || statusAt(row.startDate, row.endDate, tx.clock()) !== 'LIVE') {
    return { redeemed: false, reason: 'NOT_VALID' };
  }
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit)
    return { redeemed: false, reason: 'USAGE_LIMIT_REACHED' };
  if (row.limitPerCustomer !== null) {
    const [used] = await tx.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.customerKey, args.customerKey)));
    if ((used?.n ?? 0) >= row.limitPerCustomer) return { redeemed: false, reason: 'CUSTOMER_LIMIT_REACHED' };
  }
  const now = tx.clock();
  await tx.db.insert(couponRedemptions).values({ id: uuidv7(now.getTime()), ...args, createdDate: now });
  await tx.db
    .update(coupons)
    .set({ usedCount: row.usedCount + 1 })
    .where(eq(coupons.id, row.id));
  // Totals read usage counts from the cache; this makes them fresh sooner (redeemCoupon itself never trusts it).
  configChanged();
  return { redeemed: true };
}

/** Redemptions of a coupon by one customer (the totals stage checks the per-customer limit with it). */
export async function customerRedemptions(ctx: Ctx, couponId: string, customerKey: string): Promise<number> {
  const [used] = await ctx.db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.customerKey, customerKey)));
  return used?.n ?? 0;
}
