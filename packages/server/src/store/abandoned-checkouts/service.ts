import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AbandonedCheckout,
  AbandonedCheckoutActivity,
  ListAbandonedCheckoutsQuery,
  ListAbandonedCheckoutsResponse,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { toMoney } from '../pricing/index.js';
import { lockCheckoutRow, setCheckoutOwner } from '../checkout/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { getSite } from '../../platform/site/index.js';
import { abandonedCheckouts as ac } from './tables.js';
import { recoveryTokenMatches, toAbandonedCheckout } from './wire.js';

const CURSOR = 'abandoned-checkouts-cursor';
type Filter = Pick<ListAbandonedCheckoutsQuery, 'status' | 'email'>;
interface CursorState {
  filter: Filter;
  after: [createdDate: string, id: string];
}

const filterSql = (f: Filter): SQL | undefined =>
  and(
    f.status ? eq(ac.status, f.status) : undefined,
    // `%` and `_` typed by the owner are letters, not wildcards.
    f.email ? ilike(ac.email, `%${f.email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );

/** Newest first, 50 a page, with every match's count and value by status (the dashboard's summary). */
export async function listAbandonedCheckouts(
  ctx: Ctx,
  q: ListAbandonedCheckoutsQuery,
): Promise<ListAbandonedCheckoutsResponse> {
  const limit = q.limit ?? 50;
  const state = q.cursor ? decodeSignedCursor<CursorState>(ctx, CURSOR, q.cursor) : undefined;
  const filter: Filter = state?.filter ?? {
    ...(q.status ? { status: q.status } : {}),
    ...(q.email ? { email: q.email } : {}),
  };
  const after = state
    ? or(
        lt(ac.createdDate, new Date(state.after[0])),
        and(eq(ac.createdDate, new Date(state.after[0])), lt(ac.id, state.after[1])),
      )
    : undefined;
  const [rows, sums, site] = await Promise.all([
    ctx.db
      .select()
      .from(ac)
      .where(and(filterSql(filter), after))
      .orderBy(desc(ac.createdDate), desc(ac.id))
      .limit(limit + 1),
    ctx.db
      .select({
        status: ac.status,
        count: sql<number>`count(*)::int`,
        value: sql<string>`coalesce(sum(${ac.totalMinor}), 0)::text`,
      })
      .from(ac)
      .where(filterSql(filter))
      .groupBy(ac.status),
    getSite(ctx),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const by = (status: string) => sums.find((s) => s.status === status);
  const money = (status: string) => toMoney(BigInt(by(status)?.value ?? '0'), site.currency, site.locale);
  return {
    abandonedCheckouts: await Promise.all(page.map((r) => toAbandonedCheckout(ctx, r))),
    metadata: {
      count: page.length,
      ...(rows.length > limit && last
        ? { cursor: encodeSignedCursor(ctx, CURSOR, { filter, after: [last.createdDate.toISOString(), last.id] }) }
        : {}),
      totals: {
        abandoned: by('ABANDONED')?.count ?? 0,
        recovered: by('RECOVERED')?.count ?? 0,
        abandonedValue: money('ABANDONED'),
        recoveredValue: money('RECOVERED'),
      },
    },
  };
}

export async function getAbandonedCheckout(ctx: Ctx, id: string): Promise<AbandonedCheckout> {
  const [row] = await ctx.db.select().from(ac).where(eq(ac.id, id)).limit(1);
  if (!row) throw notFound('Abandoned checkout');
  return toAbandonedCheckout(ctx, row);
}

/** Adds an activity to the record's log (one statement: concurrent appends never lose each other). */
export async function appendActivity(ctx: Ctx, id: string, activity: AbandonedCheckoutActivity): Promise<void> {
  await ctx.db
    .update(ac)
    .set({ activities: sql`${ac.activities} || ${JSON.stringify([activity])}::jsonb`, updatedDate: ctx.clock() })
    .where(eq(ac.id, id));
}

/**
 * ABANDONED → RECOVERED when an order is placed from the checkout. Call it inside the order's transaction: the
 * recovery and its event exist exactly when the order does. A checkout never abandoned is left alone.
 */
export async function markCheckoutRecovered(ctx: Ctx, checkoutId: string, orderId: string): Promise<void> {
  const now = ctx.clock();
  const [row] = await ctx.db
    .update(ac)
    .set({ status: 'RECOVERED', recoveredDate: now, orderId, updatedDate: now })
    .where(and(eq(ac.checkoutId, checkoutId), eq(ac.status, 'ABANDONED')))
    .returning();
  if (row) {
    await emitEvent(ctx, {
      type: 'ecom.abandoned_checkout.recovered',
      entityId: row.id,
      entity: await toAbandonedCheckout(ctx, row),
    });
  }
}

/**
 * The reminder link: a visitor's checkout moves to whoever opens the link with its token (the buyer on another
 * device), so they can finish it. A member's checkout stays the member's: they sign in to continue. A wrong token
 * and an unknown checkout are the same 404.
 */
export async function recoverCheckout(ctx: Ctx, checkoutId: string, token: string): Promise<{ checkoutId: string }> {
  if (!recoveryTokenMatches(ctx, checkoutId, token)) throw notFound('Checkout');
  return withTx(ctx, async (tx) => {
    const co = await lockCheckoutRow(tx, checkoutId);
    if (!co) throw notFound('Checkout');
    if (co.completed) {
      throw new AppError('CONFLICT', 'This checkout is already paid for: the order was placed.', {
        applicationCode: 'CHECKOUT_ALREADY_COMPLETED',
      });
    }
    const caller = tx.caller;
    if (co.memberId) {
      if (caller.type === 'MEMBER' && caller.memberId === co.memberId) return { checkoutId };
      throw new AppError('FORBIDDEN', 'Sign in with the account that started this checkout to continue it.', {
        applicationCode: 'SIGN_IN_TO_RECOVER',
      });
    }
    const owner =
      caller.type === 'MEMBER'
        ? { memberId: caller.memberId, visitorId: null }
        : caller.type === 'ANONYMOUS_VISITOR'
          ? { memberId: null, visitorId: caller.visitorId }
          : undefined;
    if (!owner) throw new AppError('FORBIDDEN', 'Only a shopper can take over a checkout.');
    if (owner.visitorId !== co.visitorId || owner.memberId !== null) {
      // Not a change a buyer made: the checkout's updated date (its abandonment clock) stays.
      await setCheckoutOwner(tx, checkoutId, owner);
    }
    return { checkoutId };
  });
}
