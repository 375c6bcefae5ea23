import { eq } from 'drizzle-orm';
import type { MemberRoleName, MemberStatus, PrivacyStatus } from '@plaza/contracts';
import { withTx } from '../kernel/context.js';
import { uuidv7 } from '../lib/ids.js';
import { identities } from '../platform/identity/tables.js';
import { insertMember } from '../platform/members/create.js';
import { members } from '../platform/members/tables.js';
import { issueMemberTokens } from '../platform/oauth/code-grant.service.js';
import type { TestServer } from './harness.js';

/**
 * Fixtures for the members and reviews tests: people with real identities, members and access tokens minted by the
 * real token code. Only the sign-up itself is skipped (the sign-in tests cover it).
 */
export interface TestMember {
  id: string;
  email: string;
  slug: string;
  /** `Bearer <member access token>` for the Authorization header. */
  auth: string;
}

let seq = 0;

export async function newMember(
  srv: TestServer,
  opts: {
    nickname?: string;
    firstName?: string;
    lastName?: string;
    role?: MemberRoleName;
    status?: MemberStatus;
    privacyStatus?: PrivacyStatus;
    email?: string;
  } = {},
): Promise<TestMember> {
  const ctx = srv.ctx();
  const id = uuidv7();
  const email = opts.email ?? `m${Date.now().toString(36)}.${++seq}@example.com`;
  const profile = {
    nickname: opts.nickname ?? `Member ${seq}`,
    ...(opts.firstName ? { firstName: opts.firstName } : {}),
    ...(opts.lastName ? { lastName: opts.lastName } : {}),
  };
  await withTx(ctx, async (tx) => {
    await tx.db
      .insert(identities)
      .values({ id, email, status: 'ACTIVE', emailVerified: true, profile, passwordHash: null });
    await insertMember(tx, { id, email, profile, status: opts.status ?? 'APPROVED', role: opts.role, now: new Date() });
    if (opts.privacyStatus) {
      await tx.db.update(members).set({ privacyStatus: opts.privacyStatus }).where(eq(members.id, id));
    }
  });
  const [row] = await ctx.db.select({ slug: members.slug }).from(members).where(eq(members.id, id));
  return { id, email, slug: row!.slug, auth: await memberAuth(srv, email) };
}

/** A fresh session and access token for the identity with this e-mail (default: the owner). */
export async function memberAuth(srv: TestServer, email?: string): Promise<string> {
  const { identityId, sessionId } = await srv.signIn(email);
  const t = await issueMemberTokens(srv.ctx(), { clientId: srv.clientId, identityId, sessionId });
  return `Bearer ${t.access_token}`;
}

/** The six callers of the access matrix. */
export interface Cast {
  visitor: string;
  memberA: TestMember;
  memberB: TestMember;
  contributor: TestMember;
  /** The seeded owner's token. */
  owner: string;
  ownerId: string;
  /** An API key with the `members` and `reviews` scopes. */
  apiKey: string;
}

/** The six callers of the access matrices, by name. */
export type Caller = 'visitor' | 'memberA' | 'memberB' | 'contributor' | 'owner' | 'apiKey';
export const CALLERS: Caller[] = ['visitor', 'memberA', 'memberB', 'contributor', 'owner', 'apiKey'];

/** The token this caller of the cast sends. */
export const callerAuth = (c: Cast, who: Caller): string =>
  ({
    visitor: c.visitor,
    memberA: c.memberA.auth,
    memberB: c.memberB.auth,
    contributor: c.contributor.auth,
    owner: c.owner,
    apiKey: c.apiKey,
  })[who];

export async function cast(srv: TestServer): Promise<Cast> {
  const [memberA, memberB, contributor] = await Promise.all([
    newMember(srv, { nickname: 'Alice Anders', firstName: 'Alice', lastName: 'Anders' }),
    newMember(srv, { nickname: 'Bob Brown', firstName: 'Bob', lastName: 'Brown' }),
    newMember(srv, { nickname: 'Carol Contributor', role: 'CONTRIBUTOR' }),
  ]);
  const owner = await memberAuth(srv);
  const [ownerRow] = await srv
    .ctx()
    .db.select({ id: members.id })
    .from(members)
    .where(eq(members.role, 'OWNER'))
    .limit(1);
  return {
    visitor: `Bearer ${await srv.visitorToken()}`,
    memberA,
    memberB,
    contributor,
    owner,
    ownerId: ownerRow!.id,
    apiKey: await srv.createApiKey(['members', 'reviews']),
  };
}
