import { and, eq, isNull, sql } from 'drizzle-orm';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../../platform/events/index.js';
import { orders } from './tables.js';
import { toOrders } from './wire.js';

/**
 * Gives a member the orders made as a guest with their e-mail address: every order that has this buyer e-mail
 * (case-insensitive) and no member yet (subscriptions/claim.ts does the same for contracts, in the same transaction:
 * see src/module-wiring.ts). Only call it for an address the member has proven (a verified identity): anyone can type
 * someone else's address at a checkout or at sign-up. An order a member placed while signed in keeps its member
 * whatever e-mail they typed. Two sign-ins at once claim each order once (`member_id IS NULL` is checked again on
 * the locked row). Answers how many orders moved.
 */
export async function claimGuestOrders(ctx: Ctx, memberId: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  return withTx(ctx, async (tx) => {
    const now = tx.clock();
    // orders_email_idx finds the address.
    const claimed = await tx.db
      .update(orders)
      .set({ memberId, updatedDate: now })
      .where(and(isNull(orders.memberId), eq(sql`lower(${orders.buyerEmail})`, address)))
      .returning();
    for (const order of await toOrders(tx, claimed)) {
      await emitEvent(tx, {
        type: 'ecom.order.updated',
        entityId: order.id,
        entity: order,
        modifiedFields: ['buyerInfo.memberId'],
      });
    }
    return claimed.length;
  });
}
