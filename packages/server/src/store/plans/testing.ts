import { and, eq } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.js';
import type { TestServer } from '../../test/harness.js';
import { planBenefits, planCreditBalances, planCreditUses, planMemberships, plans } from './tables.js';

/**
 * Test helpers of the plans tests: plans, benefits and memberships written straight to the database (the plans
 * admin and buying routes are other files' work), everything else through HTTP.
 */

type BenefitInput = Partial<Omit<typeof planBenefits.$inferInsert, 'id' | 'planId'>> & {
  kind: 'CREDITS' | 'MEMBER_PRICE' | 'FREE_SHIPPING' | 'MEMBER_ONLY';
};

let seq = 0;

/** An ACTIVE, PUBLIC $30.00 plan with these benefits; `extra` overrides the plan's columns. */
export async function insertPlan(
  srv: TestServer,
  benefits: BenefitInput[],
  extra: Partial<typeof plans.$inferInsert> = {},
): Promise<{ id: string; name: string }> {
  const now = new Date();
  const id = uuidv7();
  const name = extra.name ?? `Plan ${++seq}`;
  await srv
    .ctx()
    .db.insert(plans)
    .values({
      id,
      slug: `plan-${id}`,
      name,
      priceMinor: 3000n,
      currency: 'USD',
      visibility: 'PUBLIC',
      status: 'ACTIVE',
      createdDate: now,
      updatedDate: now,
      ...extra,
    });
  for (const [position, b] of benefits.entries()) {
    await srv
      .ctx()
      .db.insert(planBenefits)
      .values({ id: uuidv7(), planId: id, position, ...b });
  }
  return { id, name };
}

/** A membership of `memberId` in the plan, from an hour ago; `extra` overrides (status, endDate…). */
export async function insertMembership(
  srv: TestServer,
  plan: { id: string; name: string },
  memberId: string,
  extra: Partial<typeof planMemberships.$inferInsert> = {},
): Promise<string> {
  const now = new Date();
  const id = uuidv7();
  await srv
    .ctx()
    .db.insert(planMemberships)
    .values({
      id,
      planId: plan.id,
      memberId,
      status: 'ACTIVE',
      planName: plan.name,
      grantedBy: 'test',
      startDate: new Date(now.getTime() - 3_600_000),
      createdDate: now,
      updatedDate: now,
      ...extra,
    });
  return id;
}

/** Credits used so far by a membership (every balance), and its credit uses. */
export async function creditsUsed(srv: TestServer, membershipId: string) {
  const db = srv.ctx().db;
  const balances = await db.select().from(planCreditBalances).where(eq(planCreditBalances.membershipId, membershipId));
  const uses = await db.select().from(planCreditUses).where(eq(planCreditUses.membershipId, membershipId));
  return { used: balances.reduce((a, b) => a + b.used, 0), balances: balances.length, uses };
}

/** Sets how many credits a membership's benefit has used in its current balance row (made if missing). */
export async function useUp(srv: TestServer, membershipId: string, benefitQuota: number) {
  const db = srv.ctx().db;
  const [m] = await db.select().from(planMemberships).where(eq(planMemberships.id, membershipId));
  const [b] = await db
    .select()
    .from(planBenefits)
    .where(and(eq(planBenefits.planId, m!.planId), eq(planBenefits.kind, 'CREDITS')));
  await db.insert(planCreditBalances).values({
    id: uuidv7(),
    membershipId,
    benefitId: b!.id,
    periodStart: m!.startDate,
    periodEnd: m!.endDate,
    quota: benefitQuota,
    used: benefitQuota,
  });
}
