import { Type, type Static, type TSchema } from 'typebox';
import { CountryCode, SubdivisionCode } from '../common/geo.js';
import { DecimalAmount } from '../common/amounts.js';
import { Money } from '../catalog/product.js';
import { entityBodies } from '../common/bodies.js';
import { DateString, StringEnum } from '../common/schema.js';
import { Address } from './common.js';
import { SHIPPING_LIMITS, ShippingAmountInput } from './shipping-settings.js';

export * from './shipping-settings.js';

/**
 * Shipping by destination: regions, options with rates and pickup locations; carts show what they lead to through
 * totals/wire.ts. The carrier configuration and fee settings are in shipping-settings.ts (re-exported here). Owners
 * and `ecom` API keys manage them. Money in requests is `{ amount: "5.00" }` in the site currency.
 */

export const DESTINATION_SCOPES = ['SPECIFIC_DESTINATIONS', 'WORLDWIDE'] as const;
export const SHIPPING_RULE_TYPES = ['BY_TOTAL_WEIGHT', 'BY_TOTAL_PRICE', 'BY_TOTAL_QUANTITY'] as const;
export const SHIPPING_RULE_OPERATORS = ['EQ', 'GT', 'GTE', 'LT', 'LTE'] as const;
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const PICKUP_METHODS = ['STORE_PICKUP', 'PICKUP_POINT'] as const;

const Name = Type.String({ minLength: 1, maxLength: SHIPPING_LIMITS.nameMax });
const Text = Type.String({ maxLength: SHIPPING_LIMITS.textMax });
/** A non-negative amount in the site currency, at most its decimals ("4.99"). */
const PriceInput = ShippingAmountInput;
const Decimal = DecimalAmount;
const Dates = { id: Type.String(), createdDate: DateString, updatedDate: DateString };

// --- Regions --------------------------------------------------------------------------------------------------------
export const ShippingDestination = Type.Object(
  {
    country: CountryCode,
    /** Only these subdivisions of the country (ISO 3166-2, "US-CA"); none: the whole country. */
    subdivisions: Type.Optional(
      Type.Array(SubdivisionCode, { maxItems: SHIPPING_LIMITS.subdivisionsMax, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export const ShippingRegionInput = Type.Object(
  {
    name: Name,
    /** WORLDWIDE: every destination no SPECIFIC_DESTINATIONS region covers (at most one such region). */
    destinationScope: StringEnum(DESTINATION_SCOPES),
    /** Required for SPECIFIC_DESTINATIONS, empty for WORLDWIDE. */
    destinations: Type.Optional(Type.Array(ShippingDestination, { maxItems: SHIPPING_LIMITS.destinationsMax })),
  },
  { additionalProperties: false },
);
export type ShippingRegionInput = Static<typeof ShippingRegionInput>;
export const ShippingRegion = Type.Object({
  ...Dates,
  name: Type.String(),
  destinationScope: StringEnum(DESTINATION_SCOPES),
  destinations: Type.Array(ShippingDestination),
});
export type ShippingRegion = Static<typeof ShippingRegion>;
export const SHIPPING_REGION_MASK_PATHS = ['name', 'destinationScope', 'destinations'] as const;

// --- Options --------------------------------------------------------------------------------------------------------
/** Weight in the site's weight unit, price in the site currency (items after discounts), quantity in units. */
export const RateCondition = Type.Object(
  { type: StringEnum(SHIPPING_RULE_TYPES), operator: StringEnum(SHIPPING_RULE_OPERATORS), value: Decimal },
  { additionalProperties: false },
);
export const ShippingRateInput = Type.Object(
  {
    price: PriceInput,
    /** All must hold; none: always (a flat rate). The first rate whose conditions hold is the price. */
    conditions: Type.Optional(Type.Array(RateCondition, { maxItems: SHIPPING_LIMITS.conditionsMax })),
  },
  { additionalProperties: false },
);
/** A weekly delivery window: `fromHour` to `toHour` (0–24) in the site's time zone. */
export const DeliveryTimeSlotRule = Type.Object(
  {
    weekday: StringEnum(WEEKDAYS),
    fromHour: Type.Integer({ minimum: 0, maximum: 23 }),
    toHour: Type.Integer({ minimum: 1, maximum: 24 }),
  },
  { additionalProperties: false },
);
export const ShippingOptionInput = Type.Object(
  {
    shippingRegionId: Type.String({ format: 'uuid' }),
    title: Name,
    /** Shown to buyers, e.g. "3–5 business days". */
    estimatedDeliveryTime: Type.Optional(Text),
    rates: Type.Array(ShippingRateInput, { minItems: 1, maxItems: SHIPPING_LIMITS.ratesMax }),
    /** Free when the shippable items (after discounts) cost at least this much. */
    freeShippingOver: Type.Optional(PriceInput),
    deliveryTimeSlots: Type.Optional(Type.Array(DeliveryTimeSlotRule, { maxItems: SHIPPING_LIMITS.slotsMax })),
  },
  { additionalProperties: false },
);
export type ShippingOptionInput = Static<typeof ShippingOptionInput>;
export const ShippingOption = Type.Object({
  ...Dates,
  shippingRegionId: Type.String(),
  title: Type.String(),
  estimatedDeliveryTime: Type.Optional(Type.String()),
  rates: Type.Array(Type.Object({ price: Money, conditions: Type.Array(RateCondition) })),
  freeShippingOver: Type.Optional(Money),
  deliveryTimeSlots: Type.Array(DeliveryTimeSlotRule),
});
export type ShippingOption = Static<typeof ShippingOption>;
export const SHIPPING_OPTION_MASK_PATHS = [
  'shippingRegionId',
  'title',
  'estimatedDeliveryTime',
  'rates',
  'freeShippingOver',
  'deliveryTimeSlots',
] as const;

// --- Pickup ---------------------------------------------------------------------------------------------------------
export const PickupLocationInput = Type.Object(
  {
    name: Name,
    pickupMethod: StringEnum(PICKUP_METHODS),
    address: Address,
    /** Free text, e.g. "Mon–Fri 9:00–18:00". */
    businessHours: Type.Optional(Text),
    instructions: Type.Optional(Text),
    /** What picking up costs; none: free. */
    fee: Type.Optional(PriceInput),
  },
  { additionalProperties: false },
);
export type PickupLocationInput = Static<typeof PickupLocationInput>;
export const PickupLocation = Type.Object({
  ...Dates,
  name: Type.String(),
  pickupMethod: StringEnum(PICKUP_METHODS),
  address: Address,
  businessHours: Type.Optional(Type.String()),
  instructions: Type.Optional(Type.String()),
  fee: Type.Optional(Money),
});
export type PickupLocation = Static<typeof PickupLocation>;
export const PICKUP_LOCATION_MASK_PATHS = [
  'name',
  'pickupMethod',
  'address',
  'businessHours',
  'instructions',
  'fee',
] as const;

// --- Requests and responses -----------------------------------------------------------------------------------------
export const {
  create: CreateShippingRegionRequest,
  update: UpdateShippingRegionRequest,
  response: ShippingRegionResponse,
  list: ListShippingRegionsResponse,
} = entityBodies({ one: 'shippingRegion', many: 'shippingRegions' }, ShippingRegionInput, ShippingRegion);

/** A patch may clear an optional field with `null` (its path in the mask): `freeShippingOver: null` ends free shipping. */
const orNull = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [(schema as unknown as { type: string }).type, 'null'] });

const ShippingOptionPatch = Type.Object(
  {
    ...ShippingOptionInput.properties,
    estimatedDeliveryTime: orNull(Text),
    freeShippingOver: orNull(PriceInput),
  },
  { additionalProperties: false },
);
export const {
  create: CreateShippingOptionRequest,
  update: UpdateShippingOptionRequest,
  response: ShippingOptionResponse,
  list: ListShippingOptionsResponse,
} = entityBodies(
  { one: 'shippingOption', many: 'shippingOptions' },
  ShippingOptionInput,
  ShippingOption,
  ShippingOptionPatch,
);
export const ListShippingOptionsQuery = Type.Object(
  { shippingRegionId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

const PickupLocationPatch = Type.Object(
  {
    ...PickupLocationInput.properties,
    businessHours: orNull(Text),
    instructions: orNull(Text),
    fee: orNull(PriceInput),
  },
  { additionalProperties: false },
);
export const {
  create: CreatePickupLocationRequest,
  update: UpdatePickupLocationRequest,
  response: PickupLocationResponse,
  list: ListPickupLocationsResponse,
} = entityBodies(
  { one: 'pickupLocation', many: 'pickupLocations' },
  PickupLocationInput,
  PickupLocation,
  PickupLocationPatch,
);

export type CreateShippingRegionRequest = Static<typeof CreateShippingRegionRequest>;
export type UpdateShippingRegionRequest = Static<typeof UpdateShippingRegionRequest>;
export type CreateShippingOptionRequest = Static<typeof CreateShippingOptionRequest>;
export type UpdateShippingOptionRequest = Static<typeof UpdateShippingOptionRequest>;
export type ListShippingOptionsQuery = Static<typeof ListShippingOptionsQuery>;
export type CreatePickupLocationRequest = Static<typeof CreatePickupLocationRequest>;
export type UpdatePickupLocationRequest = Static<typeof UpdatePickupLocationRequest>;
export type ShippingRegionResponse = Static<typeof ShippingRegionResponse>;
export type ListShippingRegionsResponse = Static<typeof ListShippingRegionsResponse>;
export type ShippingOptionResponse = Static<typeof ShippingOptionResponse>;
export type ListShippingOptionsResponse = Static<typeof ListShippingOptionsResponse>;
export type PickupLocationResponse = Static<typeof PickupLocationResponse>;
export type ListPickupLocationsResponse = Static<typeof ListPickupLocationsResponse>;
