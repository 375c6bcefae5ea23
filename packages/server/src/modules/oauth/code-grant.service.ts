import { and, eq, isNull } from 'drizzle-orm';
import type { TokenRequest, TokenResponse } from '@plaza/contracts';
import type { Ctx } from '../../context.js';
import { AppError, violation } from '../../http/errors.js';
import { sha256 } from '../../lib/hash.js';
import { uuidv7 } from '../../lib/ids.js';
import { identities, members } from '../identity/tables.js';
import { endSession, signedInSession, startSession } from '../identity/sessions.service.js';
import { canSignIn } from './authorize.service.js';
import { verifyPkce } from './pkce.js';
import { authorizationCodes } from './tables.js';
import { ACCESS_TOKEN_TTL_SECONDS, issueTokens } from './tokens.service.js';

const invalidGrant = (message: string) => new AppError('INVALID_GRANT', message, { applicationCode: 'invalid_grant' });

function requireFields(req: TokenRequest, fields: Array<keyof TokenRequest>): void {
  for (const f of fields) {
    if (!req[f]) throw violation(f, 'REQUIRED_FIELD', `${f} is required for grantType ${req.grantType}`);
  }
}

/**
 * Member tokens for a session: access (with `sid`, so ending the session ends the token at once), refresh, and an
 * ID token when `openid` was asked for.
 */
export async function issueMemberTokens(
  ctx: Ctx,
  m: {
    clientId: string;
    identityId: string;
    sessionId: string;
    scope?: string;
    nonce?: string | null;
    authCodeId?: string | null;
    /** Set when rotating: the new refresh token stays in the family of the one it replaces. */
    familyId?: string;
    /** The person, when the caller already read it (saves a query on the hot paths). */
    who?: { role: string; email: string; emailVerified: boolean };
  },
): Promise<TokenResponse> {
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
  const tokens = await issueTokens(ctx, {
    clientId: m.clientId,
    role: 'member',
    subject: m.identityId,
    familyId: m.familyId ?? uuidv7(),
    sessionId: m.sessionId,
    authCodeId: m.authCodeId ?? null,
    claims: { sid: m.sessionId, member_role: who?.role ?? 'MEMBER' },
  });
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

/**
 * The authorization-code grant with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.6). A code works once; presenting a used code
 * ends the session it was issued in, which revokes every token issued from it (RFC 6749 §4.1.2).
 */
export async function exchangeAuthorizationCode(ctx: Ctx, req: TokenRequest): Promise<TokenResponse> {
  requireFields(req, ['code', 'codeVerifier', 'redirectUri']);
  const now = ctx.clock();
  const codeHash = sha256(req.code!);
  // Claim first, in one statement: of two concurrent exchanges exactly one gets the row.
  const [code] = await ctx.db
    .update(authorizationCodes)
    .set({ usedDate: now })
    .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedDate)))
    .returning();
  if (!code) {
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
  if (code.expiresDate < now) throw invalidGrant('Authorization code has expired');
  if (code.clientId !== req.clientId) throw invalidGrant('Authorization code was issued to another client');
  if (code.redirectUri !== req.redirectUri) throw invalidGrant('redirectUri does not match the authorization request');
  if (!verifyPkce(req.codeVerifier!, code.codeChallenge))
    throw invalidGrant('codeVerifier does not match the code challenge');
  const session = await signedInSession(ctx, code.sessionId);
  if (!session || session.identityId !== code.identityId) throw invalidGrant('The sign-in session has ended');
  return issueMemberTokens(ctx, {
    clientId: code.clientId,
    identityId: code.identityId,
    sessionId: code.sessionId,
    scope: code.scope,
    nonce: code.nonce,
    authCodeId: code.id,
    who: session,
  });
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
