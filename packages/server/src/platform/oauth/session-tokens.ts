import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { oauthClients, refreshTokens } from './tables.js';

/** The refresh tokens issued under a sign-in session end with it. */
export async function revokeSessionTokens(tx: Ctx, sessionId: string, now: Date): Promise<void> {
  await tx.db
    .update(refreshTokens)
    .set({ revokedDate: now })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedDate)));
}

/** Member tokens are keyed by identity too: revokes any not tied to a kept session. */
export async function revokeIdentityTokens(
  tx: Ctx,
  identityId: string,
  keptSessionId: string | undefined,
  now: Date,
): Promise<void> {
  await tx.db
    .update(refreshTokens)
    .set({ revokedDate: now })
    .where(
      and(
        eq(refreshTokens.subject, identityId),
        isNull(refreshTokens.revokedDate),
        keptSessionId ? or(isNull(refreshTokens.sessionId), ne(refreshTokens.sessionId, keptSessionId)) : undefined,
      ),
    );
}

/** Of these identities, the ones holding an unrevoked refresh token (one set query). */
export async function identitiesHoldingTokens(tx: Ctx, identityIds: string[]): Promise<string[]> {
  const rows = await tx.db
    .selectDistinct({ id: refreshTokens.subject })
    .from(refreshTokens)
    .where(and(inArray(refreshTokens.subject, identityIds), isNull(refreshTokens.revokedDate)));
  return rows.map((r) => r.id);
}

/** Whether any registered client allows `origin` (read fresh, not from the CORS cache). */
export async function isClientOrigin(ctx: Ctx, origin: string): Promise<boolean> {
  const clients = await ctx.db.select({ origins: oauthClients.allowedOrigins }).from(oauthClients);
  return clients.some((c) => c.origins.includes(origin));
}
