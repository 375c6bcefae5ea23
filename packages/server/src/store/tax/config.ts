import { asc } from 'drizzle-orm';
import { createConfigCache } from '../../lib/config-cache.js';
import { taxGroups, taxRegions, taxSettings } from './tables.js';

export type SettingsRow = typeof taxSettings.$inferSelect;
export type GroupRow = typeof taxGroups.$inferSelect;
export type RegionRow = typeof taxRegions.$inferSelect;

/** Settings as they are before the owner saves any. */
export const DEFAULT_SETTINGS: SettingsRow = {
  id: 1,
  taxIncludedInPrices: false,
  calculationMode: 'MANUAL',
  taxableAddressType: 'SHIPPING',
  businessAddress: null,
  updatedDate: new Date(0),
};

/** Everything the tax stage reads, loaded together and cached (a totals run costs no SQL when nothing changed). */
export const taxConfig = createConfigCache(async (ctx) => {
  const [settings, groups, regions] = await Promise.all([
    ctx.db.select().from(taxSettings).limit(1),
    ctx.db.select().from(taxGroups).orderBy(asc(taxGroups.createdDate), asc(taxGroups.id)),
    ctx.db.select().from(taxRegions).orderBy(asc(taxRegions.createdDate), asc(taxRegions.id)),
  ]);
  return { settings: settings[0] ?? DEFAULT_SETTINGS, groups, regions };
});
