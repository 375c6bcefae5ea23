import type { TokenResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { refreshTokens } from './tables.js';

// Issuing tokens, shared by every grant (tokens.service.ts dispatches them; code-grant.service.ts signs members in).

/** Access tokens are short-lived JWTs; the refresh token keeps the session. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60;
/** How long after a refresh its retry (same Idempotency-Key) still gets the same new refresh token. */
export const REFRESH_RETRY_WINDOW_SECONDS = 120;

type Role = 'visitor' | 'member';

export interface TokenSubject {
  clientId: string;
  role: Role;
  subject: string;
  familyId: string;
  claims?: Record<string, unknown>;
  sessionId?: string | null;
  authCodeHash?: string | null;
  /** The new refresh token itself, when it is derived from a retry key rather than random. */
  refreshTokenValue?: string | undefined;
}

/** A new refresh token and the row that stores its hash; the caller inserts the row (alone or in a larger statement). */
export function prepareRefreshToken(
  ctx: Ctx,
  s: TokenSubject,
): { token: string; row: typeof refreshTokens.$inferInsert } {
  const token = s.refreshTokenValue ?? `${s.role === 'visitor' ? 'rv' : 'rm'}_${randomToken(32)}`;
  const now = ctx.clock();
  return {
    token,
    row: {
      id: uuidv7(now.getTime()),
      tokenHash: sha256(token),
      familyId: s.familyId,
      clientId: s.clientId,
      role: s.role,
      subject: s.subject,
      sessionId: s.sessionId ?? null,
      authCodeHash: s.authCodeHash ?? null,
      createdDate: now,
      expiresDate: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  };
}

/** The token response for a stored refresh token: signs the access token. */
export async function tokenResponse(ctx: Ctx, s: TokenSubject, refreshToken: string): Promise<TokenResponse> {
  const accessToken = await ctx.keys.sign(
    { role: s.role, client_id: s.clientId, ...s.claims },
    { issuer: ctx.config.publicUrl, subject: s.subject, expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS },
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    token_type: 'Bearer',
  };
}

/** Signs an access token and stores a new refresh token in `familyId`. */
export async function issueTokens(ctx: Ctx, s: TokenSubject): Promise<TokenResponse> {
  const { token, row } = prepareRefreshToken(ctx, s);
  await ctx.db.insert(refreshTokens).values(row);
  return tokenResponse(ctx, s, token);
}
