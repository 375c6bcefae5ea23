import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { GrantMembershipRequest, Membership } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../../platform/events/index.js';
import { memberLoginEmail } from '../../platform/members/index.js';
import { after } from './periods.js';
import { planMemberships, plans } from './tables.js';
import { membershipsToWire, type MembershipRow, type PlanRow } from './wire.js';

/**
 * Takes one of the plan's seats: `buyers + 1` only while the plan is ACTIVE and under its limit. The UPDATE waits for
 * a concurrent placement's lock on the row and re-checks, so the last seat goes to exactly one buyer. Answers the
 * plan, or refuses (409 PLAN_NOT_AVAILABLE) and the caller's transaction rolls back.
 */
export async function takeSeat(tx: Ctx, planId: string): Promise<PlanRow> {
  const [row] = await tx.db
    .update(plans)
    .set({ buyers: sql`${plans.buyers} + 1`, updatedDate: tx.clock() })
    .where(
      and(
        eq(plans.id, planId),
        eq(plans.status, 'ACTIVE'),
        or(isNull(plans.buyerLimit), lt(plans.buyers, plans.buyerLimit)),
      ),
    )
    .returning();
  if (row) return row;
  const [plan] = await tx.db.select({ name: plans.name, status: plans.status }).from(plans).where(eq(plans.id, planId));
  const why = !plan ? 'This plan no longer exists' : plan.status !== 'ACTIVE' ? 'is no longer sold' : 'is sold out';
  throw new AppError('CONFLICT', plan ? `${plan.name} ${why}` : why, {
    applicationCode: 'PLAN_NOT_AVAILABLE',
    data: { planId },
  });
}

export interface MembershipStart {
  planId: string;
  memberId: string;
  /** Bought: the order and its line (one membership per line, however often the placement is retried). */
  origin?: { orderId: string; lineItemId: string };
  /** A recurring plan's contract and the end of its first paid period. */
  contract?: { id: string; periodEnd: Date };
  /** Granted by hand: who did, and when it ends (absent: the plan's validity). */
  grantedBy?: string;
  endDate?: Date;
}

/** Where a new membership's benefits stop: as asked, the contract's first period, the validity, or never. */
function endOf(plan: PlanRow, start: MembershipStart, now: Date): Date | null {
  if (start.endDate) return start.endDate;
  if (start.contract) return start.contract.periodEnd;
  if (plan.validity) return after(now, plan.validity);
  // A recurring plan granted by hand, with no contract: one period.
  if (plan.recurrence) return after(now, { unit: plan.recurrence.frequency, count: plan.recurrence.interval });
  return null;
}

/**
 * A membership starts (a placement or a grant), in the caller's transaction: the row first (a retried placement of
 * the same order line finds its own and stops), then the plan's seat, then `plans.membership.purchased`.
 */
export async function startMembership(tx: Ctx, start: MembershipStart): Promise<Membership | undefined> {
  const now = tx.clock();
  const [current] = await tx.db.select().from(plans).where(eq(plans.id, start.planId));
  if (!current) throw new AppError('NOT_FOUND', 'Plan not found');
  const row: MembershipRow = {
    id: uuidv7(now.getTime()),
    planId: start.planId,
    memberId: start.memberId,
    status: 'ACTIVE',
    planName: current.name,
    originOrderId: start.origin?.orderId ?? null,
    originLineItemId: start.origin?.lineItemId ?? null,
    subscriptionContractId: start.contract?.id ?? null,
    grantedBy: start.grantedBy ?? null,
    startDate: now,
    endDate: endOf(current, start, now),
    canceledDate: null,
    endReason: null,
    endedDate: null,
    createdDate: now,
    updatedDate: now,
  };
  const inserted = await tx.db.insert(planMemberships).values(row).onConflictDoNothing().returning();
  if (!inserted.length) return undefined;
  await takeSeat(tx, start.planId);
  const [membership] = await membershipsToWire(tx, [row]);
  await emitEvent(tx, { type: 'plans.membership.purchased', entityId: row.id, body: membership });
  return membership;
}

/**
 * A manager gives a member a plan by hand: no order, no charge, no contract; the plan's seat is taken like a sale.
 * A member that doesn't exist is a 404 naming `memberId`; an `endDate` not in the future a 400 naming it.
 */
export function grantMembership(ctx: Ctx, req: GrantMembershipRequest): Promise<Membership> {
  return withTx(ctx, async (tx) => {
    if (!(await memberLoginEmail(tx, req.memberId))) {
      throw new AppError('NOT_FOUND', `memberId: no member ${req.memberId}`, {
        violations: [{ field: 'memberId', violatedRule: 'VALIDATION', description: `no member ${req.memberId}` }],
      });
    }
    const [plan] = await tx.db.select({ id: plans.id }).from(plans).where(eq(plans.id, req.planId));
    if (!plan) {
      throw new AppError('NOT_FOUND', `planId: no plan ${req.planId}`, {
        violations: [{ field: 'planId', violatedRule: 'VALIDATION', description: `no plan ${req.planId}` }],
      });
    }
    const endDate = req.endDate ? new Date(req.endDate) : undefined;
    if (endDate && endDate <= tx.clock()) throw violation('endDate', 'VALIDATION', 'must be in the future');
    const c = tx.caller;
    const grantedBy =
      c.type === 'MEMBER' ? `member:${c.memberId}` : c.type === 'APP' ? `apiKey:${c.apiKeyId}` : 'system';
    return (await startMembership(tx, {
      planId: plan.id,
      memberId: req.memberId,
      grantedBy,
      ...(endDate ? { endDate } : {}),
    }))!;
  });
}
