import type { TipSettingsResponse, UpdateTipSettingsRequest } from '@plaza/contracts';
import { listMethod, updateSettingsMethod } from '../../core/crud.js';

export type { TipPreset, TipSettings, TipSettingsResponse, TipStaff } from '@plaza/contracts';

const PATH = '/ecom/v1/tip-settings';

/**
 * The tip settings. Anyone may read them (a checkout page shows the presets); `staff` is filled only for the owner
 * and `ecom` API keys.
 *
 * @example
 * const { tipSettings } = await client.tipSettings.getTipSettings();
 * const preset = tipSettings.presets.find((p) => p.isDefault);
 */
export const getTipSettings = listMethod<TipSettingsResponse>(PATH);

/**
 * Changes the settings named in `fieldMask` (owner or `ecom` API key); lists are replaced whole.
 *
 * @example
 * await admin.tipSettings.updateTipSettings(
 *   {
 *     enabled: true,
 *     presets: [{ id: 'p15', type: 'PERCENTAGE', value: '15', isDefault: true }, { id: 'five', type: 'AMOUNT', value: '5.00' }],
 *     split: 'PROPORTIONAL',
 *     staff: [{ id: 'ana', name: 'Ana', share: 2 }, { id: 'ben', name: 'Ben' }],
 *   },
 *   ['enabled', 'presets', 'split', 'staff'],
 * );
 */
export const updateTipSettings = updateSettingsMethod<UpdateTipSettingsRequest['tipSettings'], TipSettingsResponse>(
  PATH,
  'tipSettings',
);

/**
 * The module for `createClient({ modules })`.
 *
 * @example const client = createClient({ baseUrl, auth, modules: { tipSettings } });
 */
export const tipSettings = { getTipSettings, updateTipSettings };
