import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { subscriptionContracts } from './tables.js';

/**
 * Gives a member the subscription contracts made as a guest with their proven e-mail address (case-insensitive),
 * with the orders' claim in the same sign-in transaction (src/module-wiring.ts). Guest contracts are found through
 * the member index (member_id IS NULL).
 */
export async function claimGuestContracts(tx: Ctx, memberId: string, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await tx.db
    .update(subscriptionContracts)
    .set({ memberId, updatedDate: tx.clock() })
    .where(and(isNull(subscriptionContracts.memberId), eq(sql`lower(${subscriptionContracts.buyerEmail})`, address)));
}
