import { asc } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { createConfigCache } from '../../lib/config-cache.js';
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

/**
 * The whole shipping configuration, cached per node (lib/config-cache.ts): only this module writes it, calling
 * `configChanged()` (or `afterWrite`) after each commit.
 */
const cache = createConfigCache((ctx) => loadConfig(ctx));

export const shippingConfig = cache.get;
export const configChanged = cache.changed;
/** Awaits a committed write, then makes the cached configuration stale. */
export const afterWrite = cache.afterWrite;

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
