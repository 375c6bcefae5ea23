import { Type, type Static } from 'typebox';
import { AmountInput } from '../common/amounts.js';
import { Money } from '../catalog/product.js';
import { MaskedBody, entityBodies } from '../common/bodies.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { Address } from './common.js';

/**
 * Shipping settings that are not per destination: the carrier configuration (ship-from address, carrier services with
 * merchant rate tables, package types, local delivery) and additional fee settings. Re-exported by shipping.ts.
 */

export const SHIPPING_LIMITS = {
  nameMax: 100,
  textMax: 500,
  destinationsMax: 250,
  subdivisionsMax: 100,
  ratesMax: 50,
  conditionsMax: 5,
  slotsMax: 50,
  bandsMax: 50,
  catalogItemsMax: 200,
} as const;

export const LENGTH_UNITS = ['KM', 'MI'] as const;
export const DOMESTIC_CARRIER_SERVICES = ['GROUND_ADVANTAGE', 'PRIORITY_MAIL', 'PRIORITY_MAIL_EXPRESS'] as const;
export const INTERNATIONAL_CARRIER_SERVICES = [
  'FIRST_CLASS_PACKAGE_INTERNATIONAL',
  'PRIORITY_MAIL_INTERNATIONAL',
  'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
] as const;
export const PACKAGE_TYPES = [
  'CUSTOM',
  'FLAT_RATE_ENVELOPE',
  'PADDED_FLAT_RATE_ENVELOPE',
  'SMALL_FLAT_RATE_BOX',
  'MEDIUM_FLAT_RATE_BOX_1',
  'MEDIUM_FLAT_RATE_BOX_2',
  'LARGE_FLAT_RATE_BOX',
] as const;
export const ADDITIONAL_FEE_TYPES = ['HANDLING_FEE', 'INSURANCE'] as const;
export const SURCHARGE_TYPES = ['FIXED', 'PERCENTAGE'] as const;
export const FEE_CHARGE_BASES = ['PER_ORDER', 'PER_ITEM'] as const;

const Name = Type.String({ minLength: 1, maxLength: SHIPPING_LIMITS.nameMax });
const Text = Type.String({ maxLength: SHIPPING_LIMITS.textMax });
/** A non-negative amount in the site currency, at most its decimals ("4.99"). */
export const ShippingAmountInput = AmountInput;
const PriceInput = ShippingAmountInput;
const Dates = { id: Type.String(), createdDate: DateString, updatedDate: DateString };

// --- Provider configuration -----------------------------------------------------------------------------------------
/** One weight band of a merchant rate table: parcels up to `maxWeight` (site weight unit) cost `price`. */
const RateBandInput = Type.Object(
  { maxWeight: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }), price: PriceInput },
  { additionalProperties: false },
);
const RateBand = Type.Object({ maxWeight: Type.Number(), price: Money });
const carrierServiceInput = <T extends readonly string[]>(services: T) =>
  Type.Object(
    {
      service: StringEnum(services),
      enabled: Type.Boolean(),
      /** Bands by ascending `maxWeight`; a parcel heavier than the last band is not offered this service. */
      rateTable: Type.Optional(Type.Array(RateBandInput, { maxItems: SHIPPING_LIMITS.bandsMax })),
    },
    { additionalProperties: false },
  );
const carrierService = <T extends readonly string[]>(services: T) =>
  Type.Object({ service: StringEnum(services), enabled: Type.Boolean(), rateTable: Type.Array(RateBand) });
const PackageDimensions = Type.Object(
  {
    length: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
    width: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
    height: Type.Number({ exclusiveMinimum: 0, maximum: 10_000 }),
    unit: StringEnum(['CM', 'IN'] as const),
  },
  { additionalProperties: false },
);
export const PackageTypeSetting = Type.Object(
  {
    type: StringEnum(PACKAGE_TYPES),
    enabled: Type.Boolean(),
    /** CUSTOM only: the merchant's own box. */
    dimensions: Type.Optional(PackageDimensions),
  },
  { additionalProperties: false },
);
export const LocalDeliveryInput = Type.Object(
  {
    enabled: Type.Boolean(),
    title: Type.Optional(Name),
    estimatedDeliveryTime: Type.Optional(Text),
    /** Distance from the ship-from address's geocode, as the crow flies. */
    radius: Type.Object(
      { value: Type.Number({ exclusiveMinimum: 0, maximum: 20_000 }), unit: StringEnum(LENGTH_UNITS) },
      { additionalProperties: false },
    ),
    price: PriceInput,
    freeShippingOver: Type.Optional(PriceInput),
  },
  { additionalProperties: false },
);
export const LocalDelivery = Type.Object({
  enabled: Type.Boolean(),
  title: Type.String(),
  estimatedDeliveryTime: Type.Optional(Type.String()),
  radius: Type.Object({ value: Type.Number(), unit: StringEnum(LENGTH_UNITS) }),
  price: Money,
  freeShippingOver: Type.Optional(Money),
});
export const ShippingProviderConfigurationInput = Type.Object(
  {
    /** Where parcels leave from; its country decides domestic or international, its geocode local delivery. */
    shipFromAddress: Type.Optional(Address),
    domesticServices: Type.Optional(Type.Array(carrierServiceInput(DOMESTIC_CARRIER_SERVICES), { maxItems: 3 })),
    internationalServices: Type.Optional(
      Type.Array(carrierServiceInput(INTERNATIONAL_CARRIER_SERVICES), { maxItems: 3 }),
    ),
    packageTypes: Type.Optional(Type.Array(PackageTypeSetting, { maxItems: PACKAGE_TYPES.length })),
    localDelivery: Type.Optional(LocalDeliveryInput),
  },
  { additionalProperties: false },
);
export type ShippingProviderConfigurationInput = Static<typeof ShippingProviderConfigurationInput>;
export const ShippingProviderConfiguration = Type.Object({
  shipFromAddress: Type.Optional(Address),
  /** Always every service, in the order listed above. */
  domesticServices: Type.Array(carrierService(DOMESTIC_CARRIER_SERVICES)),
  internationalServices: Type.Array(carrierService(INTERNATIONAL_CARRIER_SERVICES)),
  packageTypes: Type.Array(PackageTypeSetting),
  localDelivery: Type.Optional(LocalDelivery),
  ...Timestamps,
});
export type ShippingProviderConfiguration = Static<typeof ShippingProviderConfiguration>;
export const SHIPPING_PROVIDER_CONFIGURATION_MASK_PATHS = [
  'shipFromAddress',
  'domesticServices',
  'internationalServices',
  'packageTypes',
  'localDelivery',
] as const;

// --- Additional fees ------------------------------------------------------------------------------------------------
export const AdditionalFeeSettingInput = Type.Object(
  {
    name: Name,
    type: StringEnum(ADDITIONAL_FEE_TYPES),
    /** FIXED: `amount` (per order, or per unit with PER_ITEM); PERCENTAGE: `percentage` of the items subtotal. */
    surcharge: Type.Object(
      {
        type: StringEnum(SURCHARGE_TYPES),
        amount: Type.Optional(PriceInput),
        percentage: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
      },
      { additionalProperties: false },
    ),
    chargeBasis: Type.Optional(StringEnum(FEE_CHARGE_BASES)),
    /** Only lines of these catalog products (none: every shippable line); the fee then names those lines. */
    catalogItemIds: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), { maxItems: SHIPPING_LIMITS.catalogItemsMax, uniqueItems: true }),
    ),
    taxable: Type.Optional(Type.Boolean()),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdditionalFeeSettingInput = Static<typeof AdditionalFeeSettingInput>;
export const AdditionalFeeSetting = Type.Object({
  ...Dates,
  name: Type.String(),
  type: StringEnum(ADDITIONAL_FEE_TYPES),
  surcharge: Type.Object({
    type: StringEnum(SURCHARGE_TYPES),
    amount: Type.Optional(Money),
    percentage: Type.Optional(Type.Number()),
  }),
  chargeBasis: StringEnum(FEE_CHARGE_BASES),
  catalogItemIds: Type.Array(Type.String()),
  taxable: Type.Boolean(),
  enabled: Type.Boolean(),
});
export type AdditionalFeeSetting = Static<typeof AdditionalFeeSetting>;
export const ADDITIONAL_FEE_MASK_PATHS = [
  'name',
  'type',
  'surcharge',
  'chargeBasis',
  'catalogItemIds',
  'taxable',
  'enabled',
] as const;

// --- Requests and responses ---------------------------------------------------------------------------------------
export const UpdateShippingProviderConfigurationRequest = MaskedBody(
  'shippingProviderConfiguration',
  ShippingProviderConfigurationInput,
);
export const ShippingProviderConfigurationResponse = Type.Object({
  shippingProviderConfiguration: ShippingProviderConfiguration,
});

export const {
  create: CreateAdditionalFeeRequest,
  update: UpdateAdditionalFeeRequest,
  response: AdditionalFeeResponse,
  list: ListAdditionalFeesResponse,
} = entityBodies({ one: 'additionalFee', many: 'additionalFees' }, AdditionalFeeSettingInput, AdditionalFeeSetting);

export type UpdateShippingProviderConfigurationRequest = Static<typeof UpdateShippingProviderConfigurationRequest>;
export type CreateAdditionalFeeRequest = Static<typeof CreateAdditionalFeeRequest>;
export type UpdateAdditionalFeeRequest = Static<typeof UpdateAdditionalFeeRequest>;
export type ShippingProviderConfigurationResponse = Static<typeof ShippingProviderConfigurationResponse>;
export type AdditionalFeeResponse = Static<typeof AdditionalFeeResponse>;
export type ListAdditionalFeesResponse = Static<typeof ListAdditionalFeesResponse>;
