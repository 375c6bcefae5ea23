import { asc, eq } from 'drizzle-orm';
import type { CreateOAuthClientRequest, OAuthClient, UpdateOAuthClientRequest } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { createReadCache } from '../../lib/cache.js';
import { uuidv7 } from '../../lib/ids.js';
import { WEB_CLIENT_ID } from './web-client.js';
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
  oauthClientsChanged();
  return toClient(row!);
}

/** Changes a client's name, redirect URIs or allowed origins; the fields left out stay as they are. */
export async function updateOAuthClient(
  ctx: Pick<Ctx, 'db'>,
  id: string,
  input: UpdateOAuthClientRequest,
): Promise<OAuthClient> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Row>;
  // Browsers send origins lower-case and without a default port; store them that way so the CORS check matches.
  if (changes.allowedOrigins)
    changes.allowedOrigins = [...new Set(changes.allowedOrigins.map((o) => new URL(o).origin))];
  const [row] = Object.keys(changes).length
    ? await ctx.db.update(oauthClients).set(changes).where(eq(oauthClients.id, id)).returning()
    : await ctx.db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  oauthClientsChanged();
  if (!row) throw notFound('OAuth client');
  return toClient(row);
}

export async function listOAuthClients(ctx: Pick<Ctx, 'db'>): Promise<OAuthClient[]> {
  const rows = await ctx.db.select().from(oauthClients).orderBy(asc(oauthClients.createdDate));
  return rows.map(toClient);
}

/** Every token request looks its client up; see lib/cache.ts for how changes propagate. */
const clientCache = createReadCache<OAuthClient | undefined>(5000);
/** Every API request from a browser checks its Origin against this set (http/cors.ts). */
const originsCache = createReadCache<ReadonlySet<string>>(5000);

/** Clears this node's cached clients and origins; call after any write to oauth_clients. */
export function oauthClientsChanged(): void {
  clientCache.changed();
  originsCache.changed();
}

/** The union of every registered client's allowed origins. */
export async function allClientOrigins(ctx: Ctx): Promise<ReadonlySet<string>> {
  return originsCache.get(ctx, 'all', async () => {
    const rows = await ctx.db.select({ origins: oauthClients.allowedOrigins }).from(oauthClients);
    return new Set(rows.flatMap((r) => r.origins));
  });
}

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
  oauthClientsChanged();
  if (!deleted.length) throw notFound('OAuth client');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `uri` is a registered redirect URI of `client`. Exact match only (prefix or pattern matching is how codes
 * get stolen), with one exception: the bundled web app's client also accepts its own callback paths on any loopback
 * host and port (RFC 8252 §7.3), so the app works when opened as 127.0.0.1, [::1] or under a dev server's port.
 * A loopback redirect can only reach the machine the browser runs on.
 */
export function redirectUriMatches(client: Pick<OAuthClient, 'id' | 'redirectUris'>, uri: string): boolean {
  if (client.redirectUris.includes(uri)) return true;
  if (client.id !== WEB_CLIENT_ID || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || url.username || url.password || url.hash)
    return false;
  const pathOf = (u: string) => (URL.canParse(u) ? new URL(u).pathname + new URL(u).search : undefined);
  return client.redirectUris.some((registered) => pathOf(registered) === url.pathname + url.search);
}
