import { eq } from 'drizzle-orm';
import { emitEvent } from '../../platform/events/index.js';
import type { Ctx } from '../../kernel/context.js';
import { knownCarts } from './known-carts.js';
import { carts } from './tables.js';

/**
 * The cart became the order: the shopper's next visit starts with an empty cart. A placement handler (see
 * orders/placement-handlers.ts), typed by what it reads so the cart needs nothing from orders.
 */
export const cartOnPlacement = {
  name: 'cart',
  order: 40,
  run: async (tx: Ctx, p: { row: { cartId: string | null } }, outcome: { boughtCart?: string }): Promise<void> => {
    if (!p.row.cartId) return;
    const [cart] = await tx.db
      .delete(carts)
      .where(eq(carts.id, p.row.cartId))
      .returning({ id: carts.id, ownerKey: carts.ownerKey });
    if (!cart) return;
    outcome.boughtCart = cart.ownerKey;
    await emitEvent(tx, { type: 'ecom.cart.deleted', entityId: cart.id });
  },
  // Only now: a rollback would have left the cart, and this node's remembered row with it.
  afterCommit: (ctx: Ctx, outcome: { boughtCart?: string }): void => {
    if (outcome.boughtCart) knownCarts.forget(ctx.db, outcome.boughtCart);
  },
};
