import { asc, eq } from 'drizzle-orm';
import type { CreateOAuthClientRequest, OAuthClient } from '@plaza/contracts';
import type { Ctx } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { createReadCache } from '../../lib/cache.js';
import { uuidv7 } from '../../lib/ids.js';
import { oauthClients } from './tables.js';

type Row = typeof oauthClients.$inferSelect;

const toClient = (r: Row): OAuthClient => ({
  id: r.id,
  name: r.name,
  redirectUris: r.redirectUris,
  allowedOrigins: r.allowedOrigins,
  createdDate: r.createdDate.toISOString(),
});

/** Registers a client. Redirect URIs are compared exactly later, so they are stored exactly as given. */
export async function createOAuthClient(
  ctx: Pick<Ctx, 'db'>,
  input: CreateOAuthClientRequest & { id?: string },
): Promise<OAuthClient> {
  const [row] = await ctx.db
    .insert(oauthClients)
    .values({
      id: input.id ?? uuidv7(),
      name: input.name,
      redirectUris: input.redirectUris,
      allowedOrigins: input.allowedOrigins ?? [...new Set(input.redirectUris.map((u) => new URL(u).origin))],
    })
    .returning();
  clientCache.changed();
  return toClient(row!);
}

export async function listOAuthClients(ctx: Pick<Ctx, 'db'>): Promise<OAuthClient[]> {
  const rows = await ctx.db.select().from(oauthClients).orderBy(asc(oauthClients.createdDate));
  return rows.map(toClient);
}

/** Every token request looks its client up; see lib/cache.ts for how changes propagate. */
const clientCache = createReadCache<OAuthClient | undefined>(5000);

export async function findOAuthClient(ctx: Ctx, clientId: string): Promise<OAuthClient | undefined> {
  return clientCache.get(ctx, clientId, async () => {
    const [row] = await ctx.db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
    return row && toClient(row);
  });
}

/** The client or a 400 naming `clientId`: an unknown client is bad input, not a missing resource. */
export async function requireOAuthClient(ctx: Ctx, clientId: string): Promise<OAuthClient> {
  const client = await findOAuthClient(ctx, clientId);
  if (!client) {
    throw new AppError('INVALID_CLIENT', `Unknown clientId "${clientId.slice(0, 100)}"`, {
      applicationCode: 'invalid_client',
    });
  }
  return client;
}

/** Deleting a client also ends every session issued to it (refresh tokens cascade). */
export async function deleteOAuthClient(ctx: Pick<Ctx, 'db'>, id: string): Promise<void> {
  const deleted = await ctx.db.delete(oauthClients).where(eq(oauthClients.id, id)).returning({ id: oauthClients.id });
  clientCache.changed();
  if (!deleted.length) throw notFound('OAuth client');
}
