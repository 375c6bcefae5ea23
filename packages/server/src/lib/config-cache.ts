import type { Ctx } from '../kernel/context.js';
import { onPrimary } from '../kernel/read-scope.js';

const TTL_MS = 2_000;

/**
 * A per-node cache of one module's configuration (tax, discounts, shipping), also used inside a caller's transaction:
 * carts price themselves under their row lock, and this configuration is only written by its module, which calls
 * `changed()` after each commit (`afterWrite`). Keyed by the server's config object (tests run many servers in one
 * process). Other nodes' changes show within TTL_MS, or at once for a caller whose consistency token is newer.
 */
export function createConfigCache<V>(load: (ctx: Ctx) => Promise<V>) {
  const entries = new WeakMap<object, { value: V; at: number; generation: number }>();
  let generation = 0;
  const changed = () => {
    generation++;
  };
  return {
    // Arrow functions: modules export `cache.get` and `cache.afterWrite` on their own.
    get: async (ctx: Ctx): Promise<V> => {
      const hit = entries.get(ctx.config);
      const now = Date.now();
      if (
        hit &&
        hit.generation === generation &&
        now - hit.at < TTL_MS &&
        !(ctx.consistencyMs && ctx.consistencyMs >= hit.at)
      ) {
        return hit.value;
      }
      const started = generation;
      const value = await onPrimary(() => load(ctx)); // stamped `now`: a replica may be behind that
      if (started === generation) entries.set(ctx.config, { value, at: now, generation });
      return value;
    },
    changed,
    /** Awaits a committed write, then makes the cached configuration stale. */
    afterWrite: async <T>(write: Promise<T>): Promise<T> => {
      try {
        return await write;
      } finally {
        changed();
      }
    },
  };
}
