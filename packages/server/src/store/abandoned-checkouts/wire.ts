import type { AbandonedCheckout } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { idToken, idTokenMatches } from '../../lib/id-token.js';
import { toMoney } from '../pricing/index.js';
import { hostedCheckoutUrl } from '../checkout/index.js';
import { getSite } from '../../platform/site/index.js';
import type { abandonedCheckouts } from './tables.js';

export type AbandonedRow = typeof abandonedCheckouts.$inferSelect;

/** The reminder link's token: only a link Plaza sent can take a checkout over. */
export const recoveryToken = (ctx: Ctx, checkoutId: string): string =>
  idToken(ctx, 'abandoned-checkout-recovery', checkoutId);
export const recoveryTokenMatches = (ctx: Ctx, checkoutId: string, token: string): boolean =>
  idTokenMatches(ctx, 'abandoned-checkout-recovery', checkoutId, token);

/** The hosted checkout with the recovery token: it works from the buyer's mail app on any device. */
export const recoveryUrl = (ctx: Ctx, checkoutId: string): string =>
  `${hostedCheckoutUrl(ctx, checkoutId)}?recover=${recoveryToken(ctx, checkoutId)}`;

export async function toAbandonedCheckout(ctx: Ctx, r: AbandonedRow): Promise<AbandonedCheckout> {
  const site = await getSite(ctx);
  return {
    id: r.id,
    checkoutId: r.checkoutId,
    ...(r.cartId ? { cartId: r.cartId } : {}),
    status: r.status as AbandonedCheckout['status'],
    buyerInfo: { email: r.email, ...(r.memberId ? { memberId: r.memberId } : {}) },
    totalPrice: toMoney(r.totalMinor, r.currency, site.locale),
    itemCount: r.itemCount,
    checkoutUrl: recoveryUrl(ctx, r.checkoutId),
    activities: r.activities,
    checkoutUpdatedDate: r.checkoutUpdatedDate.toISOString(),
    ...(r.recoveredDate ? { recoveredDate: r.recoveredDate.toISOString() } : {}),
    ...(r.orderId ? { orderId: r.orderId } : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}
