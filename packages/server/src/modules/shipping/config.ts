import { asc } from 'drizzle-orm';
import type { Ctx } from '../../context.js';
import {
  additionalFeeSettings,
  pickupLocations,
  shippingOptions,
  shippingProviderConfiguration,
  shippingRegions,
} from './tables.js';

export type RegionRow = typeof shippingRegions.$inferSelect;
export type OptionRow = typeof shippingOptions.$inferSelect;
export type PickupRow = typeof pickupLocations.$inferSelect;
export type ProviderRow = typeof shippingProviderConfiguration.$inferSelect;
export type FeeRow = typeof additionalFeeSettings.$inferSelect;

/** Everything the shipping and fee stages read, loaded together. */
export interface ShippingConfig {
  regions: RegionRow[];
  options: OptionRow[];
  pickups: PickupRow[];
  provider: ProviderRow | undefined;
  fees: FeeRow[];
}

const TTL_MS = 2_000;

/**
 * A per-node read cache of the whole shipping configuration, like lib/cache.ts but also used inside a caller's
 * transaction: carts price themselves under their row lock, and this configuration is only written by this module,
 * which calls `configChanged()` after each commit. Keyed by the server's config object (one per node; tests run many
 * servers in one process). Other nodes' changes show within TTL_MS, or at once for a caller whose consistency token
 * is newer than the entry.
 */
const entries = new WeakMap<object, { value: ShippingConfig; at: number; generation: number }>();
let generation = 0;

export async function shippingConfig(ctx: Ctx): Promise<ShippingConfig> {
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
  const value = await loadConfig(ctx);
  if (started === generation) entries.set(ctx.config, { value, at: now, generation });
  return value;
}

/** Every write of this module calls it once its transaction has committed. */
export function configChanged(): void {
  generation++;
}

/** Awaits a committed write, then makes the cached configuration stale. */
export async function afterWrite<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    configChanged();
  }
}

async function loadConfig(ctx: Ctx): Promise<ShippingConfig> {
  const [regions, options, pickups, providers, fees] = await Promise.all([
    ctx.db.select().from(shippingRegions).orderBy(asc(shippingRegions.createdDate), asc(shippingRegions.id)),
    ctx.db.select().from(shippingOptions).orderBy(asc(shippingOptions.createdDate), asc(shippingOptions.id)),
    ctx.db.select().from(pickupLocations).orderBy(asc(pickupLocations.createdDate), asc(pickupLocations.id)),
    ctx.db.select().from(shippingProviderConfiguration).limit(1),
    ctx.db
      .select()
      .from(additionalFeeSettings)
      .orderBy(asc(additionalFeeSettings.createdDate), asc(additionalFeeSettings.id)),
  ]);
  return { regions, options, pickups, provider: providers[0], fees };
}
