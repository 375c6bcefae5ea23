import { TAX_SETTINGS_MASK_PATHS, type TaxSettings, type UpdateTaxSettingsRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { emitUpdated } from '../../platform/events/index.js';
import { DEFAULT_SETTINGS, taxConfig, type SettingsRow } from './config.js';
import { taxSettings } from './tables.js';

const toSettings = (r: SettingsRow): TaxSettings => ({
  taxIncludedInPrices: r.taxIncludedInPrices,
  calculationMode: r.calculationMode,
  taxableAddressType: r.taxableAddressType,
  ...(r.businessAddress ? { businessAddress: r.businessAddress } : {}),
  updatedDate: r.updatedDate.toISOString(),
});

export async function getTaxSettings(ctx: Ctx): Promise<TaxSettings> {
  return toSettings((await taxConfig.get(ctx)).settings);
}

/** Only the masked fields change; `businessAddress: null` clears it. The row is created on the first save. */
export async function updateTaxSettings(ctx: Ctx, req: UpdateTaxSettingsRequest): Promise<TaxSettings> {
  checkFieldMask(req.fieldMask.paths, TAX_SETTINGS_MASK_PATHS, req.taxSettings, 'taxSettings');
  const set: Partial<SettingsRow> = {};
  for (const p of req.fieldMask.paths as Array<(typeof TAX_SETTINGS_MASK_PATHS)[number]>) {
    (set as Record<string, unknown>)[p] = req.taxSettings[p] ?? null;
  }
  return taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      const now = tx.clock();
      const [row] = await tx.db
        .insert(taxSettings)
        .values({ ...DEFAULT_SETTINGS, ...set, id: 1, updatedDate: now })
        .onConflictDoUpdate({ target: taxSettings.id, set: { ...set, updatedDate: now } })
        .returning();
      const settings = toSettings(row!);
      return emitUpdated(tx, 'ecom.tax_settings.updated', 'tax-settings', settings, req.fieldMask.paths);
    }),
  );
}
