import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { withTx, type Ctx } from '../../kernel/context.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { authSessions, identities, sessionTokens } from './tables.js';
import { verifiedSignIn } from './sign-in-handlers.js';
import { identityMembers } from './member-hooks.js';
import { tokenHooks } from './token-hooks.js';

/** A sign-in session lasts 30 days from its last use of the cookie; session tokens 10 minutes. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_TOKEN_TTL_SECONDS = 10 * 60;

export interface SessionStart {
  identityId: string;
  /** How the person proved who they are: pwd, otp, email, sso. */
  amr: string[];
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/**
 * Starts a sign-in session after a finished login and returns its `sessionToken`: the single-use proof that
 * /oauth2/authorize exchanges for an authorization code (direct login).
 */
export async function startSession(
  ctx: Ctx,
  start: SessionStart,
): Promise<{ sessionId: string; sessionToken: string }> {
  const now = ctx.clock();
  const sessionId = uuidv7(now.getTime());
  await ctx.db.insert(authSessions).values({
    id: sessionId,
    identityId: start.identityId,
    amr: start.amr,
    userAgent: start.userAgent?.slice(0, 500) ?? null,
    ip: start.ip ?? null,
    createdDate: now,
    lastSeenDate: now,
    expiresDate: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  // Every way in (password, code, SSO, sign-on) passes here: a proven address gets the orders and subscriptions
  // bought as a guest with it. Never an unverified one: anyone can type someone else's address at sign-up.
  const [who] = await ctx.db
    .select({ email: identities.email, verified: identities.emailVerified })
    .from(identities)
    .where(eq(identities.id, start.identityId));
  if (who?.verified) await verifiedSignIn(ctx, start.identityId, who.email);
  const sessionToken = await issueSessionToken(ctx, sessionId);
  return { sessionId, sessionToken };
}

/** A new single-use session token for a live session. */
export async function issueSessionToken(ctx: Ctx, sessionId: string): Promise<string> {
  const token = `st_${randomToken(32)}`;
  const now = ctx.clock();
  await ctx.db.insert(sessionTokens).values({
    id: uuidv7(now.getTime()),
    tokenHash: sha256(token),
    sessionId,
    createdDate: now,
    expiresDate: new Date(now.getTime() + SESSION_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

export interface LiveSession {
  sessionId: string;
  identityId: string;
  amr: string[];
}

/** Uses a session token once. Undefined when unknown, used, expired, or its session has ended or may not sign in. */
export async function consumeSessionToken(ctx: Ctx, token: string): Promise<SignedIn | undefined> {
  return withTx(ctx, async (tx) => {
    const now = tx.clock();
    const [claimed] = await tx.db
      .update(sessionTokens)
      .set({ usedDate: now })
      .where(
        and(
          eq(sessionTokens.tokenHash, sha256(token)),
          isNull(sessionTokens.usedDate),
          gt(sessionTokens.expiresDate, now),
        ),
      )
      .returning({ sessionId: sessionTokens.sessionId });
    if (!claimed) return undefined;
    return signedInSession(tx, claimed.sessionId);
  });
}

/** A live session of someone who may sign in now, with what tokens need to say about them. */
export interface SignedIn extends LiveSession {
  lastSeenDate: Date;
  role: string;
  email: string;
  emailVerified: boolean;
}

/**
 * One query for "is this session live and may its person still sign in?": the session has not ended or expired, the
 * identity is ACTIVE and its member is neither BLOCKED nor OFFLINE. Every member request and token grant asks it.
 */
async function signedInWhere(ctx: Pick<Ctx, 'db' | 'clock'>, where: SQL): Promise<SignedIn | undefined> {
  const member = identityMembers().standing(authSessions.identityId);
  const [row] = await ctx.db
    .select({
      sessionId: authSessions.id,
      identityId: authSessions.identityId,
      amr: authSessions.amr,
      lastSeenDate: authSessions.lastSeenDate,
      identityStatus: identities.status,
      memberStatus: member.status,
      role: member.role,
      email: identities.email,
      emailVerified: identities.emailVerified,
    })
    .from(authSessions)
    .innerJoin(identities, eq(identities.id, authSessions.identityId))
    .where(and(where, isNull(authSessions.revokedDate), gt(authSessions.expiresDate, ctx.clock())))
    .limit(1);
  if (!row || row.identityStatus !== 'ACTIVE' || row.memberStatus === 'BLOCKED' || row.memberStatus === 'OFFLINE') {
    return undefined;
  }
  return {
    sessionId: row.sessionId,
    identityId: row.identityId,
    amr: row.amr,
    lastSeenDate: row.lastSeenDate,
    role: row.role ?? 'MEMBER',
    email: row.email,
    emailVerified: row.emailVerified,
  };
}

/** The session if it is live and its person may sign in (see signedInWhere). */
export function signedInSession(ctx: Pick<Ctx, 'db' | 'clock'>, sessionId: string): Promise<SignedIn | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return Promise.resolve(undefined);
  return signedInWhere(ctx, eq(authSessions.id, sessionId));
}

/** Binds a browser cookie to the session (hosted pages); returns the cookie value. */
export async function attachSessionCookie(ctx: Ctx, sessionId: string): Promise<string> {
  const cookie = `sc_${randomToken(32)}`;
  await ctx.db
    .update(authSessions)
    .set({ cookieHash: sha256(cookie) })
    .where(eq(authSessions.id, sessionId));
  return cookie;
}

/** The live session of a session cookie whose person may sign in. */
export async function sessionFromCookie(ctx: Ctx, cookie: string): Promise<SignedIn | undefined> {
  const session = await signedInWhere(ctx, eq(authSessions.cookieHash, sha256(cookie)));
  // Last-seen feeds "active sessions" lists, not security: write it at most every 5 minutes.
  const now = ctx.clock();
  if (session && now.getTime() - session.lastSeenDate.getTime() > 300_000) {
    await ctx.db.update(authSessions).set({ lastSeenDate: now }).where(eq(authSessions.id, session.sessionId));
  }
  return session;
}

/** Ends one session and every refresh token issued under it. */
export async function endSession(ctx: Ctx, sessionId: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const now = tx.clock();
    await tx.db
      .update(authSessions)
      .set({ revokedDate: now })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedDate)));
    await tokenHooks().sessionEnded(tx, sessionId, now);
  });
}

/**
 * Ends every session of an identity (password recovery, blocking), or all but `exceptSessionId` (password change),
 * with their refresh tokens.
 */
export async function endIdentitySessions(ctx: Ctx, identityId: string, exceptSessionId?: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const now = tx.clock();
    const sessions = await tx.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(eq(authSessions.identityId, identityId), isNull(authSessions.revokedDate)));
    for (const { id } of sessions) if (id !== exceptSessionId) await endSession(tx, id);
    // Member tokens are keyed by identity too: revoke any not tied to a kept session.
    await tokenHooks().identitySignedOut(tx, identityId, exceptSessionId, now);
  });
}

/**
 * Of these identities, the ones with a live session or an unrevoked token: those a sign-out must reach (two set
 * queries instead of one look per identity).
 */
export async function identitiesSignedIn(tx: Ctx, identityIds: string[]): Promise<string[]> {
  if (!identityIds.length) return [];
  const live = await tx.db
    .selectDistinct({ id: authSessions.identityId })
    .from(authSessions)
    .where(and(inArray(authSessions.identityId, identityIds), isNull(authSessions.revokedDate)));
  const holders = await tokenHooks().tokenHolders(tx, identityIds);
  return [...new Set([...live.map((r) => r.id), ...holders])];
}
