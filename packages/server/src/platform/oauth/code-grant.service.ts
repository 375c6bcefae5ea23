import type { TokenRequest, TokenResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { sha256 } from '../../lib/hash.js';
import { uuidv7 } from '../../lib/ids.js';
import { endSession, identityStanding, startSession } from '../identity/index.js';
import { visitorSignedIn } from './visitor-sign-in.js';
import { canSignIn } from './authorize.service.js';
import { readAuthorizationCode } from './authorization-codes.js';
import { pkceChallenge } from './pkce.js';
import { refreshTokens } from './tables.js';
import { ACCESS_TOKEN_TTL_SECONDS, prepareRefreshToken, tokenResponse, type TokenSubject } from './token-issue.js';

const invalidGrant = (message: string) => new AppError('INVALID_GRANT', message, { applicationCode: 'invalid_grant' });

function requireFields(req: TokenRequest, fields: Array<keyof TokenRequest>): void {
  for (const f of fields) {
    if (!req[f]) throw violation(f, 'REQUIRED_FIELD', `${f} is required for grantType ${req.grantType}`);
  }
}

type Who = { role: string; email: string; emailVerified: boolean };
interface MemberGrant {
  clientId: string;
  identityId: string;
  sessionId: string;
  scope?: string | undefined;
  nonce?: string | null | undefined;
  /** Set when rotating: the new refresh token stays in the family of the one it replaces. */
  familyId?: string | undefined;
  /** A derived (retry-safe) new refresh token instead of a random one; see tokens.service.ts. */
  refreshTokenValue?: string | undefined;
}

const memberSubject = (m: MemberGrant, who: Who | undefined): TokenSubject => ({
  clientId: m.clientId,
  role: 'member',
  subject: m.identityId,
  familyId: m.familyId ?? uuidv7(),
  sessionId: m.sessionId,
  claims: { sid: m.sessionId, member_role: who?.role ?? 'MEMBER' },
  refreshTokenValue: m.refreshTokenValue,
});

/** Access token (with `sid`, so ending the session ends it at once) and, when `openid` was asked for, an ID token. */
async function memberTokenResponse(ctx: Ctx, m: MemberGrant, subject: TokenSubject, refreshToken: string, who?: Who) {
  const tokens = await tokenResponse(ctx, subject, refreshToken);
  const scopes = (m.scope ?? '').split(' ');
  if (!scopes.includes('openid')) return { ...tokens, scope: m.scope ?? 'offline_access' };
  const idToken = await ctx.keys.sign(
    {
      sid: m.sessionId,
      ...(m.nonce ? { nonce: m.nonce } : {}),
      ...(scopes.includes('email') && who ? { email: who.email, email_verified: who.emailVerified } : {}),
    },
    {
      issuer: ctx.config.publicUrl,
      subject: m.identityId,
      expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS,
      typ: 'JWT',
      audience: m.clientId,
    },
  );
  return { ...tokens, id_token: idToken, scope: m.scope ?? 'openid' };
}

async function whoIs(ctx: Ctx, identityId: string): Promise<Who | undefined> {
  const row = await identityStanding(ctx, identityId);
  return row && { email: row.email, emailVerified: row.emailVerified, role: row.role ?? 'MEMBER' };
}

/** Signs a member's access (and ID) token next to a refresh token that is already stored. */
export async function signMemberTokens(ctx: Ctx, m: MemberGrant, refreshToken: string, who?: Who) {
  const resolved = who ?? (await whoIs(ctx, m.identityId));
  return memberTokenResponse(ctx, m, memberSubject(m, resolved), refreshToken, resolved);
}

/** Member tokens for a session: stores a refresh token, then signs the access (and ID) token. */
export async function issueMemberTokens(ctx: Ctx, m: MemberGrant & { who?: Who }): Promise<TokenResponse> {
  const who = m.who ?? (await whoIs(ctx, m.identityId));
  const subject = memberSubject(m, who);
  const { token, row } = prepareRefreshToken(ctx, subject);
  await ctx.db.insert(refreshTokens).values(row);
  return memberTokenResponse(ctx, m, subject, token, who);
}

/**
 * The authorization-code grant with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.6). The code's MAC, binding (client, redirect
 * URI, challenge) and expiry are checked in memory; then one insert stores the refresh token with the code's hash in
 * a UNIQUE column. A conflict there means the code was used before: the session it was issued in ends, which revokes
 * every token issued from it (RFC 6749 §4.1.2).
 */
export async function exchangeAuthorizationCode(ctx: Ctx, req: TokenRequest): Promise<TokenResponse> {
  requireFields(req, ['code', 'codeVerifier']);
  const grant = readAuthorizationCode(ctx, req.code!);
  if (!grant) throw invalidGrant('Authorization code is invalid');
  const now = ctx.clock();
  if (grant.exp * 1000 <= now.getTime()) throw invalidGrant('Authorization code has expired');
  if (grant.clientId !== req.clientId) throw invalidGrant('Authorization code was issued to another client');
  // RFC 6749 §4.1.3: redirectUri is required, and identical, when the authorization request had one (a web_message
  // request may have none: its answer went to the client's origins).
  if (grant.redirectUri) requireFields(req, ['redirectUri']);
  if ((req.redirectUri ?? '') !== grant.redirectUri) {
    throw invalidGrant('redirectUri does not match the authorization request');
  }
  const verifierOk = /^[A-Za-z0-9\-._~]{43,128}$/.test(req.codeVerifier!);
  if (!verifierOk || pkceChallenge(req.codeVerifier!) !== grant.challenge) {
    throw invalidGrant('codeVerifier does not match the code challenge');
  }

  const m: MemberGrant = {
    clientId: req.clientId,
    identityId: grant.identityId,
    sessionId: grant.sessionId,
    scope: grant.scope,
    nonce: grant.nonce ?? null,
    familyId: uuidv7(now.getTime()),
  };
  // The session was checked when the code was issued (at most 60 s ago). It is not checked again here: tokens of a
  // session that ended since are dead on arrival, since every use of them checks their session.
  const subject = memberSubject(m, { role: grant.role, email: '', emailVerified: false });
  const { token, row } = prepareRefreshToken(ctx, { ...subject, authCodeHash: sha256(req.code!) });
  const stored = await ctx.db
    .insert(refreshTokens)
    .values(row)
    .onConflictDoNothing({ target: refreshTokens.authCodeHash })
    .returning({ id: refreshTokens.id });
  if (!stored.length) {
    await endSession(ctx, grant.sessionId);
    ctx.log.warn({ clientId: req.clientId }, 'authorization code reuse; session ended');
    throw invalidGrant('Authorization code was already used; the tokens issued from it have been revoked');
  }
  const scopes = grant.scope.split(' ');
  const who = scopes.includes('openid') && scopes.includes('email') ? await whoIs(ctx, grant.identityId) : undefined;
  if (req.visitorToken) {
    await visitorSignedIn(ctx, {
      visitorToken: req.visitorToken,
      clientId: req.clientId,
      memberId: grant.identityId,
    });
  }
  return memberTokenResponse(ctx, m, subject, token, who);
}

/**
 * `authorized_client`: a back-office app (API key with `identity.manage`) gets member tokens for `member_id`,
 * in a session of its own so the member can see and end it.
 */
export async function exchangeAuthorizedClient(ctx: Ctx, req: TokenRequest): Promise<TokenResponse> {
  requireFields(req, ['member_id']);
  const caller = ctx.caller;
  const allowed = caller.type === 'APP' && (caller.scopes.includes('*') || caller.scopes.includes('identity.manage'));
  if (!allowed) {
    throw new AppError(
      caller.type === 'NONE' ? 'UNAUTHENTICATED' : 'FORBIDDEN',
      'grantType authorized_client needs an API key with scope identity.manage',
      {
        applicationCode: 'unauthorized_client',
      },
    );
  }
  if (!/^[0-9a-f-]{36}$/i.test(req.member_id!) || !(await canSignIn(ctx, req.member_id!))) {
    throw invalidGrant('member_id does not name a member who can sign in');
  }
  const { sessionId } = await startSession(ctx, { identityId: req.member_id!, amr: ['client'] });
  return issueMemberTokens(ctx, {
    clientId: req.clientId,
    identityId: req.member_id!,
    sessionId,
    scope: req.scope ?? 'offline_access',
  });
}
