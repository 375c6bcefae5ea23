import { Type, type Static } from 'typebox';
import { PatchBody } from '../common/bodies.js';
import { DateString, StringEnum } from '../common/schema.js';

/**
 * Tips: whether buyers may add one, the presets they pick from (a percentage of the items after discounts or an
 * amount), whether a custom tip is allowed, and how tips are split among the staff named here.
 */

export const TIP_PRESET_TYPES = ['PERCENTAGE', 'AMOUNT'] as const;
export const TIP_SPLITS = ['EQUAL', 'PROPORTIONAL'] as const;
export const TIP_SOURCES = ['WEB', 'POS', 'DASHBOARD'] as const;

export const TipPreset = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
    type: StringEnum(TIP_PRESET_TYPES),
    /** PERCENTAGE: "15" or "12.5"; AMOUNT: "5.00" in the site currency. */
    value: Type.String({ pattern: '^\\d{1,9}(\\.\\d{1,4})?$' }),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TipPreset = Static<typeof TipPreset>;
export const TipStaff = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** PROPORTIONAL split: this person's weight (1 by default). */
    share: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type TipStaff = Static<typeof TipStaff>;
const Fields = {
  enabled: Type.Boolean(),
  presets: Type.Array(TipPreset, { maxItems: 10 }),
  allowCustom: Type.Boolean(),
  split: StringEnum(TIP_SPLITS),
  staff: Type.Array(TipStaff, { maxItems: 100 }),
};
export const TipSettings = Type.Object({ ...Fields, updatedDate: DateString });
export type TipSettings = Static<typeof TipSettings>;
export const TipSettingsResponse = Type.Object({ tipSettings: TipSettings });
export type TipSettingsResponse = Static<typeof TipSettingsResponse>;
export const TIP_SETTINGS_MASK_PATHS = ['enabled', 'presets', 'allowCustom', 'split', 'staff'] as const;
export const UpdateTipSettingsRequest = PatchBody('tipSettings', Type.Object(Fields, { additionalProperties: false }));
export type UpdateTipSettingsRequest = Static<typeof UpdateTipSettingsRequest>;
