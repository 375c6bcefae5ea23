import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Membership } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { managesOrders } from '../orders/index.js';
import { liveContractIds, stopContract, type ContractChange } from '../subscriptions/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { planMemberships as pm } from './tables.js';
import { membershipsToWire, type MembershipRow } from './wire.js';

/**
 * A membership's life after it starts (purchase.ts): canceled by its holder or a manager (benefits last to the end
 * of the paid period), revoked by a manager (ended now), moved on by its contract's renewals, pauses and resumes,
 * and ended when its end date passes. Every step emits its `plans.membership.*` event in the change's transaction.
 */

type MembershipEvent = 'canceled' | 'expired' | 'renewed' | 'paused' | 'purchased';

/** Writes a change, emits its event and answers the membership as it is now. */
async function apply(tx: Ctx, row: MembershipRow, set: Partial<MembershipRow>, event: MembershipEvent) {
  const now = tx.clock();
  const next = { ...row, ...set, updatedDate: now };
  await tx.db
    .update(pm)
    .set({ ...set, updatedDate: now })
    .where(eq(pm.id, row.id));
  const [membership] = await membershipsToWire(tx, [next]);
  await emitEvent(tx, { type: `plans.membership.${event}`, entityId: row.id, body: membership });
  return membership!;
}

/** The membership locked, when the caller may act on it: its holder (when `holder`) or a manager; else 404. */
async function lockFor(tx: Ctx, id: string, holder: boolean): Promise<MembershipRow> {
  const [row] = await tx.db.select().from(pm).where(eq(pm.id, id)).for('update');
  const c = tx.caller;
  const mine = holder && c.type === 'MEMBER' && row?.memberId === c.memberId;
  if (!row || !(mine || managesOrders(tx))) throw notFound('Membership');
  return row;
}

const answer = async (tx: Ctx, row: MembershipRow): Promise<Membership> => (await membershipsToWire(tx, [row]))[0]!;

/**
 * The holder or a manager cancels: nothing more is charged (a recurring plan's contract is canceled) and the
 * benefits last until `endDate`; without one (an unlimited plan) it ends now. Canceling again answers it as it is.
 */
export function cancelMembership(ctx: Ctx, id: string): Promise<Membership> {
  return withTx(ctx, async (tx) => {
    const row = await lockFor(tx, id, true);
    if (row.status === 'ENDED' || row.canceledDate) return answer(tx, row);
    const now = tx.clock();
    if (row.subscriptionContractId) await stopContract(tx, row.subscriptionContractId);
    if (!row.endDate || row.endDate <= now) {
      await apply(tx, row, { canceledDate: now }, 'canceled');
      return apply(tx, { ...row, canceledDate: now }, ended(now, 'CANCELED'), 'expired');
    }
    return apply(tx, row, { canceledDate: now }, 'canceled');
  });
}

const ended = (now: Date, endReason: 'EXPIRED' | 'CANCELED' | 'REVOKED'): Partial<MembershipRow> => ({
  status: 'ENDED',
  endReason,
  endedDate: now,
});

/** A manager takes a plan back: it ends now (REVOKED) and its contract is canceled. */
export function revokeMembership(ctx: Ctx, id: string): Promise<Membership> {
  return withTx(ctx, async (tx) => {
    const row = await lockFor(tx, id, false);
    if (row.status === 'ENDED') return answer(tx, row);
    if (row.subscriptionContractId) await stopContract(tx, row.subscriptionContractId);
    return apply(tx, row, ended(tx.clock(), 'REVOKED'), 'expired');
  });
}

/**
 * The subscription engine moved a plan's contract (wired in src/module-wiring.ts): a paid renewal moves the end to
 * the paid period's end, a pause after the retries pauses the benefits, a resume gives them back, a cancel on the
 * contract itself cancels the membership (benefits to the end of the paid period).
 */
export async function planContractChanged(tx: Ctx, change: ContractChange): Promise<void> {
  const [row] = await tx.db.select().from(pm).where(eq(pm.subscriptionContractId, change.contractId)).for('update');
  if (!row || row.status === 'ENDED') return;
  if (change.kind === 'RENEWED' && change.periodEnd) {
    await apply(tx, row, { status: 'ACTIVE', endDate: change.periodEnd }, 'renewed');
  } else if (change.kind === 'PAUSED' && row.status === 'ACTIVE') {
    await apply(tx, row, { status: 'PAUSED' }, 'paused');
  } else if (change.kind === 'RESUMED' && row.status === 'PAUSED') {
    // Benefits come back with the charge; until it is paid the end date (passed) keeps them off.
    await apply(tx, row, { status: 'ACTIVE' }, 'renewed');
  } else if (change.kind === 'CANCELED' && !row.canceledDate) {
    await apply(tx, row, { canceledDate: tx.clock() }, 'canceled');
  }
}

/** How many memberships one expiry run ends; the next run takes the rest. */
const BATCH = 200;

/**
 * Ends memberships whose end date passed (EXPIRED; CANCELED when the holder had canceled), each in its own
 * transaction. A recurring plan whose contract still charges or is paused is left to its contract: a renewal being
 * retried may still pay. Reads never wait for this: an end date in the past gives no benefits already.
 */
export async function expireMemberships(ctx: Ctx): Promise<number> {
  const now = ctx.clock();
  const due = await ctx.db
    .select()
    .from(pm)
    .where(and(inArray(pm.status, ['ACTIVE', 'PAUSED']), isNotNull(pm.endDate), lte(pm.endDate, now)))
    .limit(BATCH);
  const live = await liveContractIds(
    ctx,
    due.flatMap((m) => (m.subscriptionContractId ? [m.subscriptionContractId] : [])),
  );
  let count = 0;
  for (const m of due) {
    if (m.subscriptionContractId && live.has(m.subscriptionContractId)) continue;
    count += await withTx(ctx, async (tx) => {
      const [row] = await tx.db.select().from(pm).where(eq(pm.id, m.id)).for('update');
      if (!row || row.status === 'ENDED' || !row.endDate || row.endDate > tx.clock()) return 0;
      await apply(tx, row, ended(tx.clock(), row.canceledDate ? 'CANCELED' : 'EXPIRED'), 'expired');
      return 1;
    });
  }
  return count;
}
