import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { creditPeriodAt, type CreditPeriod } from './periods.js';
import { planBenefits, planCreditBalances, planMemberships, plans } from './tables.js';

export type MembershipRow = typeof planMemberships.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type BenefitRow = typeof planBenefits.$inferSelect;

/** One CREDITS benefit's balance for the period holding `at`; no balance row yet means the full quota. */
export interface CreditBalanceNow {
  benefit: BenefitRow;
  period: CreditPeriod;
  quota: number;
  used: number;
}

/** A membership with its plan, the plan's benefits and the credits of the current period. */
export interface Holding {
  membership: MembershipRow;
  plan: PlanRow;
  benefits: BenefitRow[];
  credits: CreditBalanceNow[];
  /** ACTIVE and not past its end: it gives its benefits now. */
  usable: boolean;
}

export const isUsable = (m: MembershipRow, at: Date): boolean =>
  m.status === 'ACTIVE' && (m.endDate === null || m.endDate > at);

/** Whether a benefit names this product or one of its collections. */
export const benefitCovers = (b: BenefitRow, productId: string | undefined, collectionIds: string[]): boolean =>
  (productId !== undefined && b.productIds.includes(productId)) ||
  b.collectionIds.some((c) => collectionIds.includes(c));

/**
 * Every membership a member holds (any status), with plans, benefits and current credit balances: three indexed
 * reads, and one when the member holds none (most shoppers).
 */
export async function memberHoldings(ctx: Ctx, memberId: string, at: Date): Promise<Holding[]> {
  const rows = await ctx.db
    .select({ membership: planMemberships, plan: plans })
    .from(planMemberships)
    .innerJoin(plans, eq(plans.id, planMemberships.planId))
    .where(eq(planMemberships.memberId, memberId))
    .orderBy(planMemberships.createdDate, planMemberships.id);
  if (!rows.length) return [];
  const planIds = [...new Set(rows.map((r) => r.plan.id))];
  const membershipIds = rows.map((r) => r.membership.id);
  const [benefits, balances] = await Promise.all([
    ctx.db
      .select()
      .from(planBenefits)
      .where(inArray(planBenefits.planId, planIds))
      .orderBy(planBenefits.position, planBenefits.id),
    ctx.db.select().from(planCreditBalances).where(inArray(planCreditBalances.membershipId, membershipIds)),
  ]);
  return rows.map(({ membership, plan }) => {
    const own = benefits.filter((b) => b.planId === plan.id);
    const credits = own
      .filter((b) => b.kind === 'CREDITS' && b.credits !== null)
      .map((benefit): CreditBalanceNow => {
        const period = creditPeriodAt({ membership, plan, benefit }, at);
        const row = balances.find(
          (x) =>
            x.membershipId === membership.id &&
            x.benefitId === benefit.id &&
            x.periodStart.getTime() === period.start.getTime(),
        );
        return { benefit, period, quota: row?.quota ?? benefit.credits!, used: row?.used ?? 0 };
      });
    return { membership, plan, benefits: own, credits, usable: isUsable(membership, at) };
  });
}

/** The memberships that give their benefits at `at`: ACTIVE, with no end or an end after it. */
export async function activeHoldings(ctx: Ctx, memberId: string, at: Date): Promise<Holding[]> {
  return (await memberHoldings(ctx, memberId, at)).filter((h) => h.usable);
}
