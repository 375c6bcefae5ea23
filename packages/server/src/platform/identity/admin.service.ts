import { count, desc, eq, sql } from 'drizzle-orm';
import type { Identity, ListIdentitiesQuery, ListIdentitiesResponse } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { statusAfter, toIdentity, type IdentityRow } from './profile.js';
import { identityMembers } from './member-hooks.js';
import { endIdentitySessions } from './sessions.service.js';
import { identities } from './tables.js';

/** GET /identity/v1/identities: newest first, optionally of one status (PENDING: waiting for approval). */
export async function listIdentities(ctx: Ctx, q: ListIdentitiesQuery): Promise<ListIdentitiesResponse> {
  const limit = q['paging.limit'] ?? 50;
  const offset = q['paging.offset'] ?? 0;
  const where = q.status ? eq(identities.status, q.status) : undefined;
  const rows = await ctx.db
    .select()
    .from(identities)
    .where(where)
    .orderBy(desc(identities.createdDate), desc(identities.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.db.select({ n: count() }).from(identities).where(where);
  return { identities: rows.map(toIdentity), metadata: { count: rows.length, offset, total: total?.n ?? 0 } };
}

/** The identity, locked; only one that waits for the owner's approval may be approved or rejected. */
async function pendingApproval(ctx: Ctx, id: string, to: 'ACTIVE' | 'BLOCKED'): Promise<IdentityRow> {
  const [row] = await ctx.db.select().from(identities).where(eq(identities.id, id)).for('update');
  if (!row) throw notFound('Identity');
  if (!row.statusReasons.includes('ADMIN_APPROVAL_REQUIRED') || row.status !== 'PENDING') {
    throw new AppError('CONFLICT', `Identity is ${row.status}, not waiting for approval: it can't go to ${to}`, {
      applicationCode: 'INVALID_STATUS_TRANSITION',
      data: { from: row.status, to },
    });
  }
  return row;
}

/**
 * POST /identity/v1/identities/{id}/approve: the member is approved; the identity becomes ACTIVE, or stays
 * PENDING while its e-mail still needs verifying.
 */
export async function approveIdentity(ctx: Ctx, id: string): Promise<Identity> {
  return withTx(ctx, async (tx) => {
    await pendingApproval(tx, id, 'ACTIVE');
    const updated = await releaseIdentity(tx, id);
    await identityMembers().approvalDecided(tx, id, 'APPROVED', tx.clock());
    return toIdentity(updated!);
  });
}

/**
 * The identity side of approving its member (here and in the members module): the owner's approval is no longer
 * awaited, and a rejection (identity BLOCKED) is lifted. The identity stays PENDING while its e-mail still needs
 * verifying. Locks the identity; call it inside the approving transaction. Undefined when there is no identity.
 */
export async function releaseIdentity(ctx: Ctx, id: string): Promise<IdentityRow | undefined> {
  const [row] = await ctx.db.select().from(identities).where(eq(identities.id, id)).for('update');
  if (!row) return undefined;
  const reasons = row.statusReasons.filter((r) => r !== 'ADMIN_APPROVAL_REQUIRED');
  const next = statusAfter(row.status === 'BLOCKED' ? 'ACTIVE' : row.status, reasons);
  if (next.status === row.status && reasons.length === row.statusReasons.length) return row;
  const [updated] = await ctx.db
    .update(identities)
    .set({ ...next, updatedDate: ctx.clock(), revision: sql`${identities.revision} + 1` })
    .where(eq(identities.id, id))
    .returning();
  return updated;
}

/**
 * POST /identity/v1/identities/{id}/reject: the identity and its member are BLOCKED (kept, so the address can't
 * simply apply again; the members issue's unblock reverses it).
 */
export async function rejectIdentity(ctx: Ctx, id: string): Promise<Identity> {
  return withTx(ctx, async (tx) => {
    await pendingApproval(tx, id, 'BLOCKED');
    const now = tx.clock();
    const [updated] = await tx.db
      .update(identities)
      .set({ status: 'BLOCKED', statusReasons: [], updatedDate: now, revision: sql`${identities.revision} + 1` })
      .where(eq(identities.id, id))
      .returning();
    await identityMembers().approvalDecided(tx, id, 'BLOCKED', now);
    await endIdentitySessions(tx, id);
    return toIdentity(updated!);
  });
}
