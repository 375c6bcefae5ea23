import { eq } from 'drizzle-orm';
import { ECOM_LIMITS } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../../platform/events/index.js';
import { isVisitorRevoked } from '../../platform/oauth/index.js';
import { mergeLines } from './mutations.js';
import { lockCartByKey, renderCart } from './service.js';
import { carts } from './tables.js';

/**
 * At sign-in, the visitor's cart joins the member's: lines for the same thing are summed (and re-priced, since prices
 * are read from the catalog on every render), the member's coupon and contact info win, the visitor's cart is gone.
 * The visitor's row is locked first, then the member's: an add to either cart that arrives meanwhile waits and then
 * applies (to the member's cart, or to a new visitor cart if it was for the visitor after the merge).
 */
export async function mergeVisitorCartIntoMember(ctx: Ctx, visitorId: string, memberId: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const visitor = await lockCartByKey(tx, { key: `visitor:${visitorId}` }, false);
    if (!visitor) return;
    const member = await lockCartByKey(tx, { key: `member:${memberId}`, memberId }, true);
    const from = visitor.row;
    const into = member!.row;
    let lines;
    try {
      lines = mergeLines(into.lines, from.lines, 'lineItems');
    } catch {
      // Over a limit: keep what fits rather than fail a sign-in over a cart.
      lines = [...into.lines, ...from.lines].slice(0, ECOM_LIMITS.lineItemsMax);
    }
    const changes = {
      lines,
      couponCode: into.couponCode ?? from.couponCode,
      contactInfo: into.contactInfo ?? from.contactInfo,
      buyerNote: into.buyerNote ?? from.buyerNote,
      updatedDate: tx.clock(),
    };
    await tx.db
      .update(carts)
      .set({ ...changes, version: into.version + 1 })
      .where(eq(carts.id, into.id));
    const { cart: gone } = await renderCart(tx, from);
    await tx.db.delete(carts).where(eq(carts.id, from.id));
    const { cart } = await renderCart(tx, { ...into, ...changes });
    await emitEvent(tx, { type: 'ecom.cart.deleted', entityId: gone.id, entity: gone });
    await emitEvent(tx, {
      type: member!.created ? 'ecom.cart.created' : 'ecom.cart.updated',
      entityId: cart.id,
      entity: cart,
      ...(member!.created ? {} : { modifiedFields: ['lineItems'] }),
    });
  });
}

/**
 * The token endpoint's hook: `visitorToken` is the visitor access token the browser held before signing in. It must
 * be ours, a visitor's, and for the same client; anything else is ignored (a sign-in never fails over a cart).
 */
export async function mergeCartAtSignIn(
  ctx: Ctx,
  opts: { visitorToken: string; clientId: string; memberId: string },
): Promise<void> {
  try {
    const claims = await ctx.keys.verify(opts.visitorToken.replace(/^Bearer\s+/i, ''), ctx.config.publicUrl);
    if (claims.role !== 'visitor' || !claims.sub || claims.client_id !== opts.clientId) return;
    // A withdrawn visitor's cart stays where it is: its token may be the stolen one.
    if (await isVisitorRevoked(ctx.db, String(claims.sub))) return;
    await mergeVisitorCartIntoMember(ctx, String(claims.sub), opts.memberId);
  } catch (e) {
    ctx.log.warn({ err: e }, 'visitor cart not merged at sign-in');
  }
}
