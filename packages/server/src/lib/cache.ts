import { inTransaction, rootDbOf, type Ctx } from '../kernel/context.js';
import type { Db } from '../kernel/db.js';
import { onPrimary } from '../kernel/read-scope.js';

interface Entry<V> {
  value: V;
  at: number;
}

/**
 * A short-lived read cache on this node, for what is read far more often than it changes: site settings and OAuth
 * clients (read on nearly every request), member pages and totals, review pages (decoding a page costs milliseconds
 * on the embedded database).
 * - `changed()` (any write to what it holds, on this node) makes every entry stale at once.
 * - Other nodes' changes show within `ttlMs`, or at once for a caller whose consistency token is newer than the
 *   entry (the SDK echoes it after its own writes), so nobody misses their own change.
 * - Per database handle (tests run many servers in one process); at most `maxEntries`, oldest dropped first.
 * - What it keeps is read on the primary (never a read replica), as of the time it is stamped with.
 * - Reads inside a transaction bypass it, unless `inTransactions` says the entries are settings no transaction
 *   changes through this cache (their writers lock and read the row itself): an order placed with the shop's
 *   settings of a second ago is the same as one placed a second earlier, and saves two statements per order.
 */
export function createReadCache<V>(ttlMs: number, maxEntries = 500, opts: { inTransactions?: boolean } = {}) {
  const byDb = new WeakMap<Db, Map<string, Entry<V>>>();
  const loadingByDb = new WeakMap<Db, Map<string, Entry<Promise<V>>>>();
  let generation = 0;
  return {
    async get(ctx: Ctx, key: string, load: () => Promise<V>): Promise<V> {
      if ((inTransaction(ctx) && !opts.inTransactions) || ttlMs <= 0) return load();
      const db = rootDbOf(ctx); // a transaction's handle is new each time: it reads its node's entries
      let entries = byDb.get(db);
      if (!entries) byDb.set(db, (entries = new Map<string, Entry<V>>()));
      const k = `${generation}|${key}`;
      const hit = entries.get(k);
      const now = Date.now();
      const fresh = (at: number) => !(ctx.consistencyMs && ctx.consistencyMs >= at);
      if (hit && now - hit.at < ttlMs && fresh(hit.at)) return hit.value;
      // Callers that miss together share one read (a page of 50 orders each asking for the site settings). Not a
      // transaction: it holds a pool connection, and waiting on a read that needs another one can starve the pool
      // (150 placements after a restart, each in a transaction, all waiting on one read that found no connection).
      const shared = !inTransaction(ctx);
      let reads = loadingByDb.get(db);
      if (!reads) loadingByDb.set(db, (reads = new Map<string, Entry<Promise<V>>>()));
      const loading = shared ? reads.get(k) : undefined;
      if (loading && fresh(loading.at)) return loading.value;
      const started = generation;
      const kept = entries;
      // From the primary: the entry is stamped `now`, which a lagging replica's rows would not be current at.
      const read = onPrimary(load).then((value) => {
        // A change during the read may not be in it: don't keep it.
        if (started !== generation) return value;
        kept.delete(k);
        kept.set(k, { value, at: now });
        if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
        return value;
      });
      if (!shared) return read;
      const mine = { value: read, at: now };
      reads.set(k, mine);
      const forget = () => {
        if (reads.get(k) === mine) reads.delete(k);
      };
      read.then(forget, forget);
      return read;
    },
    /**
     * Several keys at once: the fresh ones from the cache, the rest from ONE `loadMany(missing)` (what it leaves out is
     * not kept). Same freshness rules as `get`.
     */
    async getMany(ctx: Ctx, keys: string[], loadMany: (missing: string[]) => Promise<Map<string, V>>) {
      if (inTransaction(ctx) || ttlMs <= 0) return loadMany(keys);
      let entries = byDb.get(ctx.db);
      if (!entries) byDb.set(ctx.db, (entries = new Map<string, Entry<V>>()));
      const now = Date.now();
      const out = new Map<string, V>();
      const missing: string[] = [];
      for (const key of keys) {
        const hit = entries.get(`${generation}|${key}`);
        if (hit && now - hit.at < ttlMs && !(ctx.consistencyMs && ctx.consistencyMs >= hit.at)) out.set(key, hit.value);
        else missing.push(key);
      }
      if (!missing.length) return out;
      const started = generation;
      const loaded = await onPrimary(() => loadMany(missing));
      for (const [key, value] of loaded) {
        out.set(key, value);
        if (started !== generation) continue;
        const k = `${generation}|${key}`;
        entries.delete(k);
        entries.set(k, { value, at: now });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return out;
    },
    changed(): void {
      generation++;
    },
  };
}
