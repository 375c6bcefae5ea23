import { and, eq, sql } from 'drizzle-orm';
import type { CreditUse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../../platform/events/index.js';
import { memberHoldings, type CreditBalanceNow, type Holding } from './holdings.js';
import { creditsFor } from './options.js';
import { planCreditBalances, planCreditUses } from './tables.js';
import { loadMembershipWire } from './wire.js';

/** An order line to pay with a membership's credits. */
export interface CreditCharge {
  membershipId: string;
  lineItemId: string;
  productId: string | undefined;
  collectionIds: string[];
  productName: string;
  quantity: number;
}

interface Planned {
  charge: CreditCharge;
  holding: Holding;
  credits: CreditBalanceNow;
}

const notEnough = (name: string, lineItemId: string) =>
  new AppError('CONFLICT', `${name} has no credits left for these lines`, {
    applicationCode: 'NOT_ENOUGH_CREDITS',
    data: { lineItemId },
  });

/**
 * Takes credits for an order's lines, in the caller's transaction: each line once (plan_credit_uses is unique per
 * order line, so a retried placement or charge-membership counts nothing twice), each balance by
 * `UPDATE … WHERE used + n <= quota`, so concurrent orders never overdraw. Balances are created first (ON CONFLICT
 * DO NOTHING, in key order) and updated in id order, so two orders of one member can't deadlock. Any refusal throws:
 * the caller's transaction rolls everything back. Answers the uses written now.
 */
export async function takeCredits(
  tx: Ctx,
  req: { memberId: string; orderId: string; charges: CreditCharge[] },
): Promise<CreditUse[]> {
  const now = tx.clock();
  const holdings = await memberHoldings(tx, req.memberId, now);
  const planned = req.charges.map((charge): Planned => {
    const holding = holdings.find((h) => h.membership.id === charge.membershipId && h.usable);
    const credits = holding && creditsFor(holding, { catalogItemId: charge.productId, ...charge });
    if (!holding || !credits) {
      throw new AppError('CONFLICT', `The plan can't pay line "${charge.lineItemId}"`, {
        applicationCode: 'MEMBERSHIP_NOT_APPLICABLE',
        data: { lineItemId: charge.lineItemId, membershipId: charge.membershipId },
      });
    }
    return { charge, holding, credits };
  });
  const balanceIds = await ensureBalances(tx, planned);
  const uses: Array<{ use: CreditUse; p: Planned; balanceId: string }> = [];
  for (const p of planned) {
    const balanceId = balanceIds.get(p.credits)!;
    const use: CreditUse = {
      id: uuidv7(now.getTime()),
      membershipId: p.charge.membershipId,
      orderId: req.orderId,
      lineItemId: p.charge.lineItemId,
      productName: p.charge.productName,
      quantity: p.charge.quantity,
      date: now.toISOString(),
    };
    const written = await tx.db
      .insert(planCreditUses)
      .values({ ...use, balanceId, createdDate: now })
      .onConflictDoNothing({ target: [planCreditUses.orderId, planCreditUses.lineItemId] })
      .returning({ id: planCreditUses.id });
    if (written.length) uses.push({ use, p, balanceId });
  }
  const perBalance = new Map<string, { n: number; p: Planned }>();
  for (const u of uses) {
    const cur = perBalance.get(u.balanceId);
    perBalance.set(u.balanceId, { n: (cur?.n ?? 0) + u.use.quantity, p: u.p });
  }
  for (const [id, { n, p }] of [...perBalance].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const taken = await tx.db
      .update(planCreditBalances)
      .set({ used: sql`${planCreditBalances.used} + ${n}` })
      .where(and(eq(planCreditBalances.id, id), sql`${planCreditBalances.used} + ${n} <= ${planCreditBalances.quota}`))
      .returning({ id: planCreditBalances.id });
    if (!taken.length) throw notEnough(p.holding.plan.name, p.charge.lineItemId);
    p.credits.used += n;
  }
  for (const { use } of uses) {
    await emitEvent(tx, {
      type: 'plans.membership.credit_used',
      entityId: use.membershipId,
      // After the update: the event shows the credits left.
      body: { membership: await loadMembershipWire(tx, use.membershipId), creditUse: use },
    });
  }
  return uses.map((u) => u.use);
}

/** The period's balance row of each benefit used, made when missing; answers each one's id. */
async function ensureBalances(tx: Ctx, planned: Planned[]): Promise<Map<CreditBalanceNow, string>> {
  const distinct = [...new Set(planned.map((p) => p.credits))];
  const key = (c: CreditBalanceNow) => `${c.benefit.id}|${c.period.start.toISOString()}`;
  const owner = (c: CreditBalanceNow) => planned.find((p) => p.credits === c)!.holding.membership.id;
  distinct.sort((a, b) => (`${owner(a)}|${key(a)}` < `${owner(b)}|${key(b)}` ? -1 : 1));
  const ids = new Map<CreditBalanceNow, string>();
  for (const c of distinct) {
    const t = planCreditBalances;
    await tx.db
      .insert(t)
      .values({
        id: uuidv7(tx.clock().getTime()),
        membershipId: owner(c),
        benefitId: c.benefit.id,
        periodStart: c.period.start,
        periodEnd: c.period.end,
        quota: c.quota,
        used: 0,
      })
      .onConflictDoNothing({ target: [t.membershipId, t.benefitId, t.periodStart] });
    const [found] = await tx.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.membershipId, owner(c)), eq(t.benefitId, c.benefit.id), eq(t.periodStart, c.period.start)));
    ids.set(c, found!.id);
  }
  return ids;
}
