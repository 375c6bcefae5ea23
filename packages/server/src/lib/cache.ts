import { inTransaction, type Ctx } from '../context.js';
import type { Db } from '../db/client.js';

interface Entry<V> {
  value: V;
  fetchedAt: number;
}

/**
 * A short-lived read cache for rows read on nearly every request (site settings, OAuth clients).
 * - Per database handle, so several servers in one process (tests) never share entries.
 * - Writes on this node invalidate at once; other nodes see a change within `ttlMs`, or at once for a caller whose
 *   consistency token is newer than the entry (the SDK echoes it after its writes).
 * - Reads inside a transaction bypass it, so locked, consistent reads stay exact.
 */
export function createDbCache<K, V>(ttlMs: number) {
  const byDb = new WeakMap<Db, Map<K, Entry<V>>>();
  return {
    async get(ctx: Ctx, key: K, load: () => Promise<V>): Promise<V> {
      if (inTransaction(ctx)) return load();
      let entries = byDb.get(ctx.db);
      if (!entries) byDb.set(ctx.db, (entries = new Map()));
      const hit = entries.get(key);
      const now = Date.now();
      if (hit && now - hit.fetchedAt < ttlMs && !(ctx.consistencyMs && ctx.consistencyMs >= hit.fetchedAt)) {
        return hit.value;
      }
      const value = await load();
      entries.set(key, { value, fetchedAt: now });
      return value;
    },
    invalidate(db: Db, key?: K): void {
      if (key === undefined) byDb.delete(db);
      else byDb.get(db)?.delete(key);
    },
  };
}
