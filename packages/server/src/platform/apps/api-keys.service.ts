import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, CreateApiKeyRequest, CreateApiKeyResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type { Db } from '../../kernel/db.js';
import { notFound } from '../../kernel/errors.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken, uuidv7 } from '../../lib/ids.js';
import { apiKeys } from './tables.js';

/** Every key starts with this, so the auth layer can tell a key from a JWT without a lookup. */
export const API_KEY_PREFIX = 'plz_';

type Row = typeof apiKeys.$inferSelect;

const toApiKey = (r: Row): ApiKey => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  keyPrefix: r.keyPrefix,
  createdDate: r.createdDate.toISOString(),
  lastUsedDate: r.lastUsedDate?.toISOString() ?? null,
  revokedDate: r.revokedDate?.toISOString() ?? null,
});

/** Creates a key. The key itself is in this response only; the database keeps its SHA-256. */
export async function createApiKey(ctx: Pick<Ctx, 'db'>, input: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      id: uuidv7(),
      name: input.name,
      keyHash: sha256(key),
      keyPrefix: key.slice(0, API_KEY_PREFIX.length + 6),
      scopes: [...new Set(input.scopes)],
    })
    .returning();
  return { apiKey: toApiKey(row!), key };
}

export async function listApiKeys(ctx: Pick<Ctx, 'db'>): Promise<ApiKey[]> {
  const rows = await ctx.db.select().from(apiKeys).orderBy(desc(apiKeys.createdDate));
  return rows.map(toApiKey);
}

/** Revoking is permanent; the row stays so the dashboard can show when it happened. */
export async function revokeApiKey(ctx: Pick<Ctx, 'db' | 'clock'>, id: string): Promise<ApiKey> {
  const [row] = await ctx.db.update(apiKeys).set({ revokedDate: ctx.clock() }).where(eq(apiKeys.id, id)).returning();
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

/** Resolves a presented key to its id and scopes, or undefined when unknown or revoked. */
export async function authenticateApiKey(
  db: Db,
  key: string,
  now: Date,
): Promise<{ id: string; scopes: ApiKeyScope[] } | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      revokedDate: apiKeys.revokedDate,
      lastUsedDate: apiKeys.lastUsedDate,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, sha256(key)))
    .limit(1);
  if (!row || row.revokedDate) return undefined;
  // Record use at most once a minute, so a busy key doesn't turn every read into a write.
  if (!row.lastUsedDate || now.getTime() - row.lastUsedDate.getTime() > 60_000) {
    const cutoff = new Date(now.getTime() - 60_000);
    await db
      .update(apiKeys)
      .set({ lastUsedDate: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedDate), lt(apiKeys.lastUsedDate, cutoff))));
  }
  return { id: row.id, scopes: row.scopes };
}
