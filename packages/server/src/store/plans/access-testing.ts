import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness.js';
import { uuidv7 } from '../../lib/ids.js';
import { planAccessChanged } from './access.js';
import { planAccess, planMemberships, plans } from './tables.js';

/**
 * Test helpers of member-only access: plans, plan_access rows and memberships written straight to the database (the
 * admin routes that write them from MEMBER_ONLY benefits are another part of the feature), then this node told.
 */

let seq = 0;

export async function insertPlan(srv: TestServer, name = `Club ${++seq}`): Promise<string> {
  const now = new Date();
  const id = uuidv7(now.getTime());
  await srv
    .ctx()
    .db.insert(plans)
    .values({
      id,
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${seq}-${id.slice(-6)}`,
      name,
      priceMinor: 1000n,
      currency: 'USD',
      visibility: 'PUBLIC',
      status: 'ACTIVE',
      createdDate: now,
      updatedDate: now,
    });
  return id;
}

/** Makes products and collections member-only for `planId`. */
export async function openTo(
  srv: TestServer,
  planId: string,
  targets: { productIds?: string[]; collectionIds?: string[] },
): Promise<void> {
  const rows = [
    ...(targets.productIds ?? []).map((productId) => ({ planId, productId })),
    ...(targets.collectionIds ?? []).map((collectionId) => ({ planId, collectionId })),
  ];
  if (rows.length) await srv.ctx().db.insert(planAccess).values(rows);
  planAccessChanged();
}

/** Takes every access row of `planId` away (the plan no longer makes anything member-only). */
export async function closeAll(srv: TestServer, planId: string): Promise<void> {
  await srv.ctx().db.delete(planAccess).where(eq(planAccess.planId, planId));
  planAccessChanged();
}

/** An ACTIVE membership of `memberId` in `planId`, ending at `endDate` (null: unlimited). */
export async function grant(
  srv: TestServer,
  planId: string,
  memberId: string,
  endDate: Date | null = null,
): Promise<string> {
  const now = new Date();
  const id = uuidv7(now.getTime());
  await srv
    .ctx()
    .db.insert(planMemberships)
    .values({
      id,
      planId,
      memberId,
      status: 'ACTIVE',
      planName: 'Club',
      startDate: new Date(now.getTime() - 60_000),
      endDate,
      createdDate: now,
      updatedDate: now,
    });
  return id;
}

/** Ends a membership the way expiry does: ENDED, EXPIRED. */
export async function endMembership(srv: TestServer, membershipId: string): Promise<void> {
  const now = new Date();
  await srv
    .ctx()
    .db.update(planMemberships)
    .set({ status: 'ENDED', endReason: 'EXPIRED', endedDate: now, endDate: now, updatedDate: now })
    .where(eq(planMemberships.id, membershipId));
}
