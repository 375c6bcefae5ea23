import { eq, sql } from 'drizzle-orm';
import type { TokenRequest, TokenResponse } from '@plaza/contracts';
import type { Ctx } from '../../context.js';
import { AppError, violation } from '../../http/errors.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { authSessions, identities, members } from '../identity/tables.js';
import { endSession, startSession } from '../identity/sessions.service.js';
import { canSignIn } from './authorize.service.js';
import { pkceChallenge } from './pkce.js';
import { authorizationCodes, refreshTokens } from './tables.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  prepareRefreshToken,
  REFRESH_TOKEN_TTL_SECONDS,
  tokenResponse,
  type TokenSubject,
} from './tokens.service.js';

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
  authCodeId?: string | null | undefined;
  /** Set when rotating: the new refresh token stays in the family of the one it replaces. */
  familyId?: string | undefined;
}

const memberSubject = (m: MemberGrant, who: Who | undefined): TokenSubject => ({
  clientId: m.clientId,
  role: 'member',
  subject: m.identityId,
  familyId: m.familyId ?? uuidv7(),
  sessionId: m.sessionId,
  authCodeId: m.authCodeId ?? null,
  claims: { sid: m.sessionId, member_role: who?.role ?? 'MEMBER' },
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

/** Member tokens for a session: stores a refresh token, then signs the access (and ID) token. */
export async function issueMemberTokens(ctx: Ctx, m: MemberGrant & { who?: Who }): Promise<TokenResponse> {
  const who =
    m.who ??
    (
      await ctx.db
        .select({ email: identities.email, emailVerified: identities.emailVerified, role: members.role })
        .from(identities)
        .leftJoin(members, eq(members.id, identities.id))
        .where(eq(identities.id, m.identityId))
        .limit(1)
    )[0];
  const subject = memberSubject(m, who ? { ...who, role: who.role ?? 'MEMBER' } : undefined);
  const { token, row } = prepareRefreshToken(ctx, subject);
  await ctx.db.insert(refreshTokens).values(row);
  return memberTokenResponse(ctx, m, subject, token, who ? { ...who, role: who.role ?? 'MEMBER' } : undefined);
}

/**
 * The authorization-code grant with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.6). A code works once; presenting a used code
 * ends the session it was issued in, which revokes every token issued from it (RFC 6749 §4.1.2).
 *
 * The happy path is ONE statement (claim the code, check binding, PKCE, expiry and the session, store the refresh
 * token): on the embedded database every statement is a costly write-ahead round trip, and this is a hot path.
 */
export async function exchangeAuthorizationCode(ctx: Ctx, req: TokenRequest): Promise<TokenResponse> {
  requireFields(req, ['code', 'codeVerifier', 'redirectUri']);
  const now = ctx.clock();
  const codeHash = sha256(req.code!);
  const challenge = /^[A-Za-z0-9\-._~]{43,128}$/.test(req.codeVerifier!) ? pkceChallenge(req.codeVerifier!) : '';
  const refreshId = uuidv7(now.getTime());
  const familyId = uuidv7(now.getTime());
  const refresh = `rm_${randomToken(32)}`;
  const expires = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const c = authorizationCodes;
  const s = authSessions;
  const result = await ctx.db.execute(sql`
    WITH claimed AS (
      UPDATE ${c} SET ${sql.identifier(c.usedDate.name)} = ${now}
      WHERE ${c.codeHash} = ${codeHash} AND ${c.usedDate} IS NULL
      RETURNING *
    ), ok AS (
      SELECT claimed.id, claimed.identity_id, claimed.session_id, claimed.scope, claimed.nonce,
             coalesce(${members.role}, 'MEMBER') AS role, ${identities.email} AS email,
             ${identities.emailVerified} AS email_verified
      FROM claimed
      JOIN ${s} ON ${s.id} = claimed.session_id AND ${s.identityId} = claimed.identity_id
        AND ${s.revokedDate} IS NULL AND ${s.expiresDate} > ${now}
      JOIN ${identities} ON ${identities.id} = claimed.identity_id AND ${identities.status} = 'ACTIVE'
      LEFT JOIN ${members} ON ${members.id} = claimed.identity_id
      WHERE claimed.client_id = ${req.clientId} AND claimed.redirect_uri = ${req.redirectUri}
        AND claimed.code_challenge = ${challenge} AND claimed.expires_date > ${now}
        AND coalesce(${members.status}, 'APPROVED') NOT IN ('BLOCKED', 'OFFLINE')
    ), stored AS (
      INSERT INTO ${refreshTokens} (id, token_hash, family_id, client_id, role, subject, session_id, auth_code_id,
        created_date, expires_date)
      SELECT ${refreshId}, ${sha256(refresh)}, ${familyId}, ${req.clientId}, 'member', ok.identity_id, ok.session_id,
        ok.id, ${now}, ${expires}
      FROM ok RETURNING id
    )
    SELECT claimed.id AS code_id, claimed.client_id, claimed.redirect_uri, claimed.code_challenge,
      claimed.expires_date, claimed.session_id AS code_session_id, ok.identity_id, ok.session_id, ok.scope, ok.nonce,
      ok.role, ok.email, ok.email_verified, (SELECT count(*) FROM stored) AS stored
    FROM claimed LEFT JOIN ok ON true`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) {
    const [used] = await ctx.db
      .select({ sessionId: authorizationCodes.sessionId })
      .from(authorizationCodes)
      .where(eq(authorizationCodes.codeHash, codeHash))
      .limit(1);
    if (!used) throw invalidGrant('Authorization code is invalid');
    await endSession(ctx, used.sessionId);
    ctx.log.warn({ clientId: req.clientId }, 'authorization code reuse; session ended');
    throw invalidGrant('Authorization code was already used; the tokens issued from it have been revoked');
  }
  if (Number(row.stored) !== 1) {
    // Claimed but refused: say why (the code is spent either way).
    if (new Date(row.expires_date as string) <= now) throw invalidGrant('Authorization code has expired');
    if (row.client_id !== req.clientId) throw invalidGrant('Authorization code was issued to another client');
    if (row.redirect_uri !== req.redirectUri)
      throw invalidGrant('redirectUri does not match the authorization request');
    if (row.code_challenge !== challenge) throw invalidGrant('codeVerifier does not match the code challenge');
    throw invalidGrant('The sign-in session has ended');
  }
  const m: MemberGrant = {
    clientId: req.clientId,
    identityId: row.identity_id as string,
    sessionId: row.session_id as string,
    scope: row.scope as string,
    nonce: row.nonce as string | null,
    authCodeId: row.code_id as string,
    familyId,
  };
  const who: Who = { role: row.role as string, email: row.email as string, emailVerified: row.email_verified === true };
  return memberTokenResponse(ctx, m, memberSubject(m, who), refresh, who);
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
