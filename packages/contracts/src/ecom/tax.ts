import { Type, type Static } from 'typebox';
import { CountryCode, SubdivisionCode } from '../common/geo.js';
import { MaskedBody, entityBodies } from '../common/bodies.js';
import { DateString, StringEnum } from '../common/schema.js';
import { Address } from './common.js';

/**
 * Tax: the site's tax settings, tax groups (what products and lines point at by `taxGroupId`) and tax regions (manual
 * rates per jurisdiction by country and optional subdivision). Owners and `ecom` API keys manage them. Rates are
 * decimal fractions as strings ("0.0725" is 7.25%).
 */

export const TAX_CALCULATION_MODES = ['MANUAL', 'AUTO'] as const;
export const TAXABLE_ADDRESS_TYPES = ['BUSINESS', 'BILLING', 'SHIPPING'] as const;
export const TAX_JURISDICTION_TYPES = ['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'] as const;
export const TAX_ID_TYPES = ['CPF', 'CNPJ'] as const;

/** A fraction between 0 and 1 with up to 6 decimals: "0.07", "0.0725", "1". */
export const TaxRate = Type.String({ pattern: '^(0(\\.\\d{1,6})?|1(\\.0{1,6})?)$' });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Dates = { createdDate: DateString, updatedDate: DateString };

// --- Settings ---------------------------------------------------------------------------------------------------------
export const TaxSettings = Type.Object({
  /** Tax-inclusive site: catalog prices already contain tax. */
  taxIncludedInPrices: Type.Boolean(),
  /** MANUAL: the regions' rates; AUTO: the TAX_CALCULATION app (its fallback: the region's fallback rate). */
  calculationMode: StringEnum(TAX_CALCULATION_MODES),
  /** Which address decides the tax region (falls back to the others when it is missing). */
  taxableAddressType: StringEnum(TAXABLE_ADDRESS_TYPES),
  businessAddress: Type.Optional(Address),
  updatedDate: DateString,
});
export type TaxSettings = Static<typeof TaxSettings>;
export const TaxSettingsResponse = Type.Object({ taxSettings: TaxSettings });
export type TaxSettingsResponse = Static<typeof TaxSettingsResponse>;
export const TAX_SETTINGS_MASK_PATHS = [
  'taxIncludedInPrices',
  'calculationMode',
  'taxableAddressType',
  'businessAddress',
] as const;
export const UpdateTaxSettingsRequest = MaskedBody(
  'taxSettings',
  Type.Object(
    {
      taxIncludedInPrices: Type.Optional(Type.Boolean()),
      calculationMode: Type.Optional(StringEnum(TAX_CALCULATION_MODES)),
      taxableAddressType: Type.Optional(StringEnum(TAXABLE_ADDRESS_TYPES)),
      businessAddress: Type.Optional(Type.Union([Address, Type.Null()])),
    },
    { additionalProperties: false },
  ),
);
export type UpdateTaxSettingsRequest = Static<typeof UpdateTaxSettingsRequest>;

// --- Groups -----------------------------------------------------------------------------------------------------------
export const TaxGroupInput = Type.Object(
  {
    name: Name,
    /** Lines without a tax group are taxed as the default group; making one default unmarks the previous one. */
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TaxGroupInput = Static<typeof TaxGroupInput>;
export const TaxGroup = Type.Object({ id: Type.String(), name: Type.String(), isDefault: Type.Boolean(), ...Dates });
export type TaxGroup = Static<typeof TaxGroup>;
export const {
  create: CreateTaxGroupRequest,
  update: UpdateTaxGroupRequest,
  response: TaxGroupResponse,
  list: ListTaxGroupsResponse,
} = entityBodies({ one: 'taxGroup', many: 'taxGroups' }, TaxGroupInput, TaxGroup);
export type TaxGroupResponse = Static<typeof TaxGroupResponse>;
export type ListTaxGroupsResponse = Static<typeof ListTaxGroupsResponse>;
export type CreateTaxGroupRequest = Static<typeof CreateTaxGroupRequest>;
export const TAX_GROUP_MASK_PATHS = ['name', 'isDefault'] as const;
export type UpdateTaxGroupRequest = Static<typeof UpdateTaxGroupRequest>;

// --- Regions ----------------------------------------------------------------------------------------------------------
export const TaxJurisdiction = Type.Object(
  { name: Name, type: StringEnum(TAX_JURISDICTION_TYPES), rate: TaxRate },
  { additionalProperties: false },
);
export type TaxJurisdiction = Static<typeof TaxJurisdiction>;
export const TaxGroupOverride = Type.Object(
  {
    taxGroupId: Type.String({ format: 'uuid' }),
    /** This group's total rate in the region (split across the jurisdictions by their rates). */
    rate: Type.Optional(TaxRate),
    /** No tax for this group here. */
    exempt: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TaxGroupOverride = Static<typeof TaxGroupOverride>;
const RegionFields = {
  country: CountryCode,
  /** ISO 3166-2 ("US-CA"); none: the whole country (a subdivision's own region wins over it). */
  subdivision: Type.Optional(SubdivisionCode),
  jurisdictions: Type.Array(TaxJurisdiction, { maxItems: 10 }),
  groupOverrides: Type.Optional(Type.Array(TaxGroupOverride, { maxItems: 100 })),
  taxShipping: Type.Optional(Type.Boolean()),
  taxFees: Type.Optional(Type.Boolean()),
  /** MANUAL: manual rates here even when the site calculates AUTO; null/absent: follow the site. */
  calculationOverride: Type.Optional(Type.Union([StringEnum(['MANUAL'] as const), Type.Null()])),
  /** Rate used when the tax app fails or is not installed ("0" by default). */
  fallbackRate: Type.Optional(TaxRate),
};
export const TaxRegionInput = Type.Object(RegionFields, { additionalProperties: false });
export type TaxRegionInput = Static<typeof TaxRegionInput>;
export const TaxRegion = Type.Object({
  id: Type.String(),
  country: Type.String(),
  subdivision: Type.Optional(Type.String()),
  jurisdictions: Type.Array(TaxJurisdiction),
  groupOverrides: Type.Array(TaxGroupOverride),
  taxShipping: Type.Boolean(),
  taxFees: Type.Boolean(),
  calculationOverride: Type.Optional(StringEnum(['MANUAL'] as const)),
  fallbackRate: Type.String(),
  ...Dates,
});
export type TaxRegion = Static<typeof TaxRegion>;
/** A PATCH may clear the subdivision with null (the region then covers the whole country). */
const TaxRegionPatch = Type.Object(
  { ...RegionFields, subdivision: Type.Optional(Type.Union([RegionFields.subdivision, Type.Null()])) },
  { additionalProperties: false },
);
export const {
  create: CreateTaxRegionRequest,
  update: UpdateTaxRegionRequest,
  response: TaxRegionResponse,
  list: ListTaxRegionsResponse,
} = entityBodies({ one: 'taxRegion', many: 'taxRegions' }, TaxRegionInput, TaxRegion, TaxRegionPatch);
export type TaxRegionResponse = Static<typeof TaxRegionResponse>;
export type ListTaxRegionsResponse = Static<typeof ListTaxRegionsResponse>;
export type CreateTaxRegionRequest = Static<typeof CreateTaxRegionRequest>;
export const TAX_REGION_MASK_PATHS = [
  'country',
  'subdivision',
  'jurisdictions',
  'groupOverrides',
  'taxShipping',
  'taxFees',
  'calculationOverride',
  'fallbackRate',
] as const;
export type UpdateTaxRegionRequest = Static<typeof UpdateTaxRegionRequest>;
