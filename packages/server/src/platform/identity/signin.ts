import { eq, sql, type SQL } from 'drizzle-orm';
import type { LoginResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { getSite } from '../site/index.js';
import { startEmailVerification } from './codes.js';
import { signInNotAllowed } from './errors.js';
import { statusAfter, toIdentity, type IdentityRow } from './profile.js';
import { startSession } from './sessions.service.js';
import { identityMembers } from './member-hooks.js';
import { identities } from './tables.js';

/** Where a sign-in request came from; kept on the session. */
export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  /** The browser's remembered-device cookie (skips the second factor), see mfa-login.service.ts. */
  deviceToken?: string | undefined;
}

export interface IdentityWithMember {
  identity: IdentityRow;
  /** The member's status; undefined for an identity without a member row. */
  memberStatus: string | undefined;
}

async function loadWhere(ctx: Ctx, where: SQL): Promise<IdentityWithMember | undefined> {
  const [row] = await ctx.db
    .select({ identity: identities, memberStatus: identityMembers().standing(identities.id).status })
    .from(identities)
    .where(where)
    .limit(1);
  return row ? { identity: row.identity, memberStatus: row.memberStatus ?? undefined } : undefined;
}

export const findByEmail = (ctx: Ctx, email: string) => loadWhere(ctx, sql`lower(${identities.email}) = ${email}`);
export const findById = (ctx: Ctx, id: string) => loadWhere(ctx, eq(identities.id, id));

/** Blocked, deleted and offline identities (or members) get a clear 403 and no session. */
export function assertMaySignIn({ identity, memberStatus }: IdentityWithMember): void {
  if (identity.status === 'BLOCKED' || memberStatus === 'BLOCKED') throw signInNotAllowed('BLOCKED');
  if (identity.status === 'DELETED') throw signInNotAllowed('DELETED');
  if (identity.status === 'OFFLINE' || memberStatus === 'OFFLINE') throw signInNotAllowed('OFFLINE');
}

/**
 * The step after a proven login (password, code or back-office): the site's policy decides whether the e-mail
 * must be verified first (a code is mailed), whether the owner must approve, or whether a session starts.
 */
export async function continueSignIn(
  ctx: Ctx,
  found: IdentityWithMember,
  opts: { amr: string[]; meta: RequestMeta; clientMetaData?: Record<string, string> | undefined },
): Promise<LoginResponse> {
  assertMaySignIn(found);
  const { signInPolicy } = await getSite(ctx);
  let row = found.identity;
  if (signInPolicy.emailVerificationRequired && !row.emailVerified) {
    const data = { amr: opts.amr, ...(opts.clientMetaData ? { clientMetaData: opts.clientMetaData } : {}) };
    const { stateToken } = await startEmailVerification(ctx, row, data);
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken, identity: toIdentity(row) };
  }
  if (row.statusReasons.includes('ADMIN_APPROVAL_REQUIRED')) {
    return { state: 'REQUIRE_OWNER_APPROVAL', identity: toIdentity(row) };
  }

  const now = ctx.clock();
  // A reason the site no longer asks for (verification switched off) no longer keeps the identity pending.
  const next = statusAfter(
    row.status,
    row.statusReasons.filter((r) => r !== 'EMAIL_VERIFICATION_REQUIRED'),
  );
  const changed = next.status !== row.status;
  [row] = (await ctx.db
    .update(identities)
    .set({
      lastLoginDate: now,
      ...next,
      ...(changed ? { updatedDate: now, revision: sql`${identities.revision} + 1` } : {}),
    })
    .where(eq(identities.id, row.id))
    .returning()) as [IdentityRow];
  await identityMembers().signedIn(ctx, row.id, now);
  const { sessionToken } = await startSession(ctx, {
    identityId: row.id,
    amr: opts.amr,
    ip: opts.meta.ip,
    userAgent: opts.meta.userAgent,
  });
  return { state: 'SUCCESS', sessionToken, identity: toIdentity(row) };
}
