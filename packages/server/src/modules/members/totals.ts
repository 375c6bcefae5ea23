import { count, type SQL } from 'drizzle-orm';
import { inTransaction, type Ctx } from '../../context.js';
import type { Db } from '../../db/client.js';
import { members } from './tables.js';

/**
 * Totals of member lists. Counting 100,000 rows costs far more than reading a page off an index, so each node keeps
 * the total of a filter for a few seconds:
 * - a member change on this node makes every kept total stale at once (a new generation);
 * - other nodes' changes show within TTL_MS, or at once for a caller whose consistency token is newer than the
 *   total (the SDK echoes it after its own writes);
 * - at most MAX_ENTRIES totals per database, the oldest dropped first.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 500;

interface Entry {
  n: number;
  at: number;
}
const byDb = new WeakMap<Db, Map<string, Entry>>();
let generation = 0;

/** Call after members were added, removed or changed on this node. */
export function membersChanged(): void {
  generation++;
}

export async function countMembers(ctx: Ctx, where: SQL | undefined): Promise<number> {
  const q = ctx.db.select({ n: count() }).from(members).where(where);
  if (inTransaction(ctx)) return (await q)[0]?.n ?? 0;
  const { sql, params } = q.toSQL();
  const key = `${generation}|${sql}|${JSON.stringify(params)}`;
  let entries = byDb.get(ctx.db);
  if (!entries) byDb.set(ctx.db, (entries = new Map()));
  const hit = entries.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS && !(ctx.consistencyMs && ctx.consistencyMs >= hit.at)) return hit.n;
  const n = (await q)[0]?.n ?? 0;
  entries.delete(key);
  entries.set(key, { n, at: now });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return n;
}
