import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenRequest, TokenResponse } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { sha256 } from '../../lib/hash.js';
import { uuidv7 } from '../../lib/ids.js';
import { requireOAuthClient } from './clients.service.js';
import { endSession, signedInSession } from '../identity/index.js';
import {
  exchangeAuthorizationCode,
  exchangeAuthorizedClient,
  issueMemberTokens,
  signMemberTokens,
} from './code-grant.service.js';
import { refreshTokens } from './tables.js';
import { issueTokens, REFRESH_RETRY_WINDOW_SECONDS, tokenResponse } from './token-issue.js';

const invalidGrant = (message: string) => new AppError('INVALID_GRANT', message, { applicationCode: 'invalid_grant' });

/** POST /oauth2/token: dispatches on the grant type. */
export async function exchangeToken(
  ctx: Ctx,
  req: TokenRequest,
  opts: { idempotencyKey?: string | undefined } = {},
): Promise<TokenResponse> {
  switch (req.grantType) {
    case 'anonymous':
      await requireOAuthClient(ctx, req.clientId);
      return issueTokens(ctx, { clientId: req.clientId, role: 'visitor', subject: uuidv7(), familyId: uuidv7() });
    case 'refresh_token':
      if (!req.refreshToken)
        throw violation('refreshToken', 'REQUIRED_FIELD', 'refreshToken is required for grantType refresh_token');
      await requireOAuthClient(ctx, req.clientId);
      return rotateRefreshToken(ctx, req.clientId, req.refreshToken, opts.idempotencyKey);
    case 'authorization_code':
      await requireOAuthClient(ctx, req.clientId);
      return exchangeAuthorizationCode(ctx, req);
    case 'authorized_client':
      await requireOAuthClient(ctx, req.clientId);
      return exchangeAuthorizedClient(ctx, req);
    default:
      throw new AppError('UNSUPPORTED_GRANT_TYPE', `grantType ${String(req.grantType)} is not supported`, {
        applicationCode: 'unsupported_grant_type',
      });
  }
}

/**
 * The successor of `presented` for a refresh sent with this Idempotency-Key: derived, not random, so a retry of the
 * same refresh (its answer was lost) can be answered with the same new refresh token. Only the holder of both the
 * token and the key gets it; a replay of a leaked token without the key is still reuse.
 */
function retrySuccessor(ctx: Ctx, role: string, presented: string, key: string): string {
  const mac = createHmac('sha256', ctx.keys.secret('refresh-retry')).update(presented).update('\0').update(key);
  return `${role === 'visitor' ? 'rv' : 'rm'}_${mac.digest('base64url')}`;
}

type RefreshRow = typeof refreshTokens.$inferSelect;

/**
 * A retry of a refresh whose answer was lost: the token was used moments ago, and the successor that this key derives
 * is still unused in its family. Answers that successor again with a new access token; undefined when it is not so.
 */
async function answerRetry(
  ctx: Ctx,
  row: RefreshRow,
  successor: string | undefined,
): Promise<TokenResponse | undefined> {
  if (!successor) return;
  // Read the use date again: a use that raced this request committed after `row` was read.
  const [used] = await ctx.db
    .select({ usedDate: refreshTokens.usedDate })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, row.id));
  const usedAt = used?.usedDate?.getTime();
  if (usedAt === undefined || ctx.clock().getTime() - usedAt > REFRESH_RETRY_WINDOW_SECONDS * 1000) return;
  const [next] = await ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(successor)),
        eq(refreshTokens.familyId, row.familyId),
        isNull(refreshTokens.usedDate),
        isNull(refreshTokens.revokedDate),
      ),
    )
    .limit(1);
  if (!next) return;
  const subject = { clientId: row.clientId, subject: row.subject, familyId: row.familyId };
  if (row.role !== 'member') return tokenResponse(ctx, { ...subject, role: 'visitor' }, successor);
  const session = row.sessionId ? await signedInSession(ctx, row.sessionId) : undefined;
  if (!session || session.identityId !== row.subject) return;
  return signMemberTokens(
    ctx,
    { ...subject, identityId: row.subject, sessionId: session.sessionId },
    successor,
    session,
  );
}

/**
 * Refresh-token rotation (RFC 9700 §4.14.2): a refresh token works once. Presenting one that was already used
 * means it leaked or was replayed, so its whole family (every token descended from the same sign-in) is revoked, and
 * for a member the sign-in session ends too, which refuses its access tokens at once. The one exception is a retry of
 * the same refresh (same Idempotency-Key, see `answerRetry`): a shopper whose answer got lost keeps their session.
 */
async function rotateRefreshToken(
  ctx: Ctx,
  clientId: string,
  presented: string,
  idempotencyKey?: string,
): Promise<TokenResponse> {
  type Outcome = { tokens?: TokenResponse; error?: string; reuse?: boolean };
  const outcome = await withTx(ctx, async (tx): Promise<Outcome> => {
    const now = tx.clock();
    const [row] = await tx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    if (!row || row.clientId !== clientId) return { error: 'Refresh token is invalid' };
    if (row.revokedDate) return { error: 'Refresh token was revoked' };
    if (row.expiresDate < now) return { error: 'Refresh token has expired' };
    const successor = idempotencyKey && retrySuccessor(tx, row.role, presented, idempotencyKey);
    // Claim the token atomically: of two concurrent uses, exactly one wins; the loser counts as reuse.
    const claimed = await tx.db
      .update(refreshTokens)
      .set({ usedDate: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedDate), isNull(refreshTokens.revokedDate)))
      .returning({ id: refreshTokens.id });
    if (!claimed.length) {
      const retried = await answerRetry(tx, row, successor || undefined);
      if (retried) return { tokens: retried };
      await tx.db
        .update(refreshTokens)
        .set({ revokedDate: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedDate)));
      // A member's tokens belong to a sign-in session: ending it refuses every access token carrying its `sid` at
      // once (old and new alike), not just the refresh tokens. Visitor families have no session (decisions.md).
      if (row.sessionId) await endSession(tx, row.sessionId);
      return { error: 'Refresh token was already used; the session it belongs to has been revoked', reuse: true };
    }
    const refreshTokenValue = successor || undefined;
    if (row.role === 'member') {
      // A member's refresh follows their session: logout, blocking or a password reset ends it here too.
      const session = row.sessionId ? await signedInSession(tx, row.sessionId) : undefined;
      if (!session || session.identityId !== row.subject) return { error: 'The sign-in session has ended' };
      return {
        tokens: await issueMemberTokens(tx, {
          clientId,
          identityId: row.subject,
          sessionId: session.sessionId,
          familyId: row.familyId,
          who: session,
          refreshTokenValue,
        }),
      };
    }
    return {
      tokens: await issueTokens(tx, {
        clientId,
        role: 'visitor',
        subject: row.subject,
        familyId: row.familyId,
        refreshTokenValue,
      }),
    };
  });
  if (outcome.tokens) return outcome.tokens;
  if (outcome.reuse) ctx.log.warn({ clientId }, 'refresh token reuse detected; family revoked and session ended');
  throw invalidGrant(outcome.error ?? 'Refresh token is invalid');
}

/** Ends every session of a subject (used by logout, password change and blocking). */
export async function revokeSubjectTokens(ctx: Ctx, subject: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedDate: ctx.clock() })
    .where(and(eq(refreshTokens.subject, subject), isNull(refreshTokens.revokedDate)));
}
