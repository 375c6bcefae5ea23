import { and, eq, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import type { CheckoutRow } from './model.js';
import { checkouts } from './tables.js';

/** Writes and reads of checkout rows that other modules make (orders, abandoned checkouts): the table stays here. */

/** A checkout row by id, locked for update, whoever owns it (the caller checked its right to it); undefined if none. */
export async function lockCheckoutRow(tx: Ctx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await tx.db.select().from(checkouts).where(eq(checkouts.id, id)).for('update').limit(1);
  return row;
}

/** Hands a checkout to another shopper: its updated date (the abandonment clock) stays. */
export async function setCheckoutOwner(
  tx: Ctx,
  id: string,
  owner: { memberId: string | null; visitorId: string | null },
): Promise<void> {
  await tx.db.update(checkouts).set(owner).where(eq(checkouts.id, id));
}

/** Marks a checkout completed (an order was placed from it) at `now`. */
export async function setCheckoutCompleted(tx: Ctx, id: string, now: Date): Promise<void> {
  await tx.db.update(checkouts).set({ completed: true, updatedDate: now }).where(eq(checkouts.id, id));
}

/** Deletes a checkout that was never completed (an order edit's scratch checkout that failed). */
export async function deleteOpenCheckout(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.delete(checkouts).where(and(eq(checkouts.id, id), eq(checkouts.completed, false)));
}

/**
 * Open checkouts with the buyer's e-mail, untouched since `cutoff`, oldest first, at most `limit`; `unless` adds
 * the caller's own condition on the checkout's id (abandoned checkouts leave out those they recorded).
 */
export async function staleOpenCheckouts(
  ctx: Ctx,
  opts: { cutoff: Date; limit: number; unless: (checkoutId: AnyColumn) => SQL },
): Promise<CheckoutRow[]> {
  return await ctx.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.completed, false),
        lt(checkouts.updatedDate, opts.cutoff),
        isNotNull(sql`${checkouts.info}->>'email'`),
        opts.unless(checkouts.id),
      ),
    )
    .orderBy(checkouts.updatedDate)
    .limit(opts.limit);
}
