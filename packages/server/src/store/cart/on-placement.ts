import { eq } from 'drizzle-orm';
import { emitEvent } from '../../platform/events/index.js';
import type { PlacementHandler } from '../orders/index.js';
import { knownCarts } from './known-carts.js';
import { carts } from './tables.js';

/** The cart became the order: the shopper's next visit starts with an empty cart. */
export const cartOnPlacement: PlacementHandler = {
  name: 'cart',
  order: 40,
  run: async (tx, p, outcome) => {
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
  afterCommit: (ctx, outcome) => {
    if (outcome.boughtCart) knownCarts.forget(ctx.db, outcome.boughtCart);
  },
};
