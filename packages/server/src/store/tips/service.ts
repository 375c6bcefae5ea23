import { TIP_SETTINGS_MASK_PATHS, type TipSettings, type UpdateTipSettingsRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { parseAmount } from '../pricing/index.js';
import { emitUpdated } from '../../platform/events/index.js';
import { getSite } from '../../platform/site/index.js';
import { createConfigCache } from '../../lib/config-cache.js';
import { tipSettings } from './tables.js';

type Stored = Omit<TipSettings, 'updatedDate'>;

/** Before the owner saves any: tips off, 10/15/20 % presets (15 the default), custom allowed, equal split. */
export const DEFAULT_TIP_SETTINGS: Stored = {
  enabled: false,
  presets: [
    { id: 'p10', type: 'PERCENTAGE', value: '10' },
    { id: 'p15', type: 'PERCENTAGE', value: '15', isDefault: true },
    { id: 'p20', type: 'PERCENTAGE', value: '20' },
  ],
  allowCustom: true,
  split: 'EQUAL',
  staff: [],
};

export const tipConfig = createConfigCache(async (ctx): Promise<TipSettings> => {
  const [row] = await ctx.db.select().from(tipSettings).limit(1);
  return row
    ? { ...row.settings, updatedDate: row.updatedDate.toISOString() }
    : { ...DEFAULT_TIP_SETTINGS, updatedDate: new Date(0).toISOString() };
});

export const getTipSettings = (ctx: Ctx): Promise<TipSettings> => tipConfig.get(ctx);

/** What the schema cannot say: unique ids, one default preset, percentages ≤ 100, amounts in the currency. */
function check(s: Stored, currency: string): void {
  const ids = new Set<string>();
  for (const [i, p] of s.presets.entries()) {
    if (ids.has(p.id))
      throw violation(`tipSettings.presets[${i}].id`, 'VALIDATION', `Preset id "${p.id}" is used twice`);
    ids.add(p.id);
    if (p.type === 'PERCENTAGE' && Number(p.value) > 100) {
      throw violation(`tipSettings.presets[${i}].value`, 'DECIMAL_LTE', 'A percentage tip is at most 100');
    }
    if (p.type === 'AMOUNT') parseAmount(p.value, currency, `tipSettings.presets[${i}].value`);
  }
  if (s.presets.filter((p) => p.isDefault).length > 1) {
    throw violation('tipSettings.presets', 'VALIDATION', 'At most one preset is the default');
  }
  const staff = new Set<string>();
  for (const [i, m] of s.staff.entries()) {
    if (staff.has(m.id))
      throw violation(`tipSettings.staff[${i}].id`, 'VALIDATION', `Staff id "${m.id}" is used twice`);
    staff.add(m.id);
  }
}

export async function updateTipSettings(ctx: Ctx, req: UpdateTipSettingsRequest): Promise<TipSettings> {
  checkFieldMask(req.fieldMask.paths, TIP_SETTINGS_MASK_PATHS, req.tipSettings, 'tipSettings');
  const { currency } = await getSite(ctx);
  return tipConfig.afterWrite(
    withTx(ctx, async (tx) => {
      // The row exists before it is locked, so two first saves at once cannot overwrite each other.
      await tx.db
        .insert(tipSettings)
        .values({ id: 1, settings: DEFAULT_TIP_SETTINGS, updatedDate: new Date(0) })
        .onConflictDoNothing();
      const [old] = await tx.db.select().from(tipSettings).for('update');
      const next = applyFieldMask(old!.settings, req.tipSettings, req.fieldMask.paths);
      check(next, currency);
      const now = tx.clock();
      await tx.db
        .insert(tipSettings)
        .values({ id: 1, settings: next, updatedDate: now })
        .onConflictDoUpdate({ target: tipSettings.id, set: { settings: next, updatedDate: now } });
      const settings = { ...next, updatedDate: now.toISOString() };
      return emitUpdated(tx, 'ecom.tip_settings.updated', 'tip-settings', settings, req.fieldMask.paths);
    }),
  );
}
