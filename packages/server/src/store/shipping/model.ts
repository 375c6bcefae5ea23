import type {
  AdditionalFeeSetting,
  AdditionalFeeSettingInput,
  PickupLocation,
  PickupLocationInput,
  ShippingOption,
  ShippingOptionInput,
  ShippingRegion,
  ShippingRegionInput,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { formatAmount, siteMoney, type SiteMoney } from '../pricing/index.js';
import type { FeeRow, OptionRow, PickupRow, RegionRow } from './config.js';

/** Row ↔ wire conversions and the checks a schema cannot express. Prices are minor units of the site currency. */

export interface Fmt extends SiteMoney {
  decimal(minor: bigint | string): string;
}

export async function fmt(ctx: Ctx): Promise<Fmt> {
  const money = await siteMoney(ctx);
  return { ...money, decimal: (minor) => formatAmount(BigInt(minor), money.currency) };
}

const dates = (r: { id: string; createdDate: Date; updatedDate: Date }) => ({
  id: r.id,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

export const invalid = (field: string, description: string) => violation(field, 'VALIDATION', description);

// --- Regions ---------------------------------------------------------------------------------------------------------
export const toRegion = (r: RegionRow): ShippingRegion => ({
  ...dates(r),
  name: r.name,
  destinationScope: r.destinationScope as ShippingRegion['destinationScope'],
  destinations: r.destinations,
});
export const regionInput = (r: ShippingRegion): ShippingRegionInput => ({
  name: r.name,
  destinationScope: r.destinationScope,
  destinations: r.destinations,
});

/** SPECIFIC_DESTINATIONS lists each country once with its own subdivisions; WORLDWIDE lists none. */
export function checkRegion(input: ShippingRegionInput): void {
  const destinations = input.destinations ?? [];
  if (input.destinationScope === 'WORLDWIDE') {
    if (destinations.length)
      throw violation('shippingRegion.destinations', 'FIELD_NOT_ALLOWED', 'a WORLDWIDE region lists no destinations');
    return;
  }
  if (!destinations.length)
    throw violation(
      'shippingRegion.destinations',
      'REQUIRED_FIELD',
      'a SPECIFIC_DESTINATIONS region needs at least one destination',
    );
  const seen = new Set<string>();
  for (const [i, d] of destinations.entries()) {
    if (seen.has(d.country)) throw invalid(`shippingRegion.destinations[${i}].country`, `${d.country} is listed twice`);
    seen.add(d.country);
    const j = (d.subdivisions ?? []).findIndex((s) => !s.startsWith(`${d.country}-`));
    if (j >= 0)
      throw invalid(
        `shippingRegion.destinations[${i}].subdivisions[${j}]`,
        `${d.subdivisions![j]} is not a subdivision of ${d.country}`,
      );
  }
}

/** The keys a region claims: "US" for a whole country, "US|US-CA" for a subdivision, "*" for WORLDWIDE. */
export function regionKeys(r: Pick<ShippingRegionInput, 'destinationScope' | 'destinations'>): string[] {
  if (r.destinationScope === 'WORLDWIDE') return ['*'];
  return (r.destinations ?? []).flatMap((d) =>
    d.subdivisions?.length ? d.subdivisions.map((s) => `${d.country}|${s}`) : [d.country],
  );
}

/** Two regions may not claim the same destination at the same level (a subdivision is more specific than a country). */
export function checkOverlap(input: ShippingRegionInput, others: RegionRow[]): void {
  const mine = new Set(regionKeys(input));
  for (const other of others) {
    const clash = regionKeys(toRegion(other)).find((k) => mine.has(k));
    if (!clash) continue;
    const what = clash === '*' ? 'the rest of the world' : clash.split('|').at(-1);
    throw new AppError('CONFLICT', `The shipping region "${other.name}" already covers ${what}`, {
      applicationCode: clash === '*' ? 'WORLDWIDE_REGION_EXISTS' : 'DESTINATION_ALREADY_COVERED',
      data: { shippingRegionId: other.id },
    });
  }
}

// --- Options ---------------------------------------------------------------------------------------------------------
export const toOption = (r: OptionRow, f: Fmt): ShippingOption => ({
  ...dates(r),
  shippingRegionId: r.regionId,
  title: r.title,
  ...(r.estimatedDeliveryTime !== null ? { estimatedDeliveryTime: r.estimatedDeliveryTime } : {}),
  rates: r.rates.map((rate) => ({ price: f.money(rate.priceMinor), conditions: rate.conditions })),
  ...(r.freeShippingOverMinor !== null ? { freeShippingOver: f.money(r.freeShippingOverMinor) } : {}),
  deliveryTimeSlots: r.deliveryTimeSlots,
});
export const optionInput = (o: ShippingOption): ShippingOptionInput => ({
  shippingRegionId: o.shippingRegionId,
  title: o.title,
  ...(o.estimatedDeliveryTime !== undefined ? { estimatedDeliveryTime: o.estimatedDeliveryTime } : {}),
  rates: o.rates.map((r) => ({ price: { amount: r.price.amount }, conditions: r.conditions })),
  ...(o.freeShippingOver ? { freeShippingOver: { amount: o.freeShippingOver.amount } } : {}),
  deliveryTimeSlots: o.deliveryTimeSlots,
});

/** Checks and converts an option to its row values (the region's existence is checked by the service). */
export function optionValues(input: ShippingOptionInput, f: Fmt) {
  const rates = input.rates.map((rate, i) => {
    const priceMinor = f.parse(rate.price.amount, `shippingOption.rates[${i}].price.amount`).toString();
    const conditions = rate.conditions ?? [];
    for (const [j, c] of conditions.entries()) {
      const field = `shippingOption.rates[${i}].conditions[${j}].value`;
      if (c.type === 'BY_TOTAL_QUANTITY' && !/^\d+$/.test(c.value))
        throw violation(field, 'FORMAT', 'a quantity is a whole number');
      if (c.type === 'BY_TOTAL_PRICE') f.parse(c.value, field);
    }
    return { priceMinor, conditions };
  });
  const slots = input.deliveryTimeSlots ?? [];
  const bad = slots.findIndex((s) => s.fromHour >= s.toHour);
  if (bad >= 0) throw invalid(`shippingOption.deliveryTimeSlots[${bad}].toHour`, 'toHour must be after fromHour');
  return {
    regionId: input.shippingRegionId,
    title: input.title,
    estimatedDeliveryTime: input.estimatedDeliveryTime ?? null,
    rates,
    freeShippingOverMinor: input.freeShippingOver
      ? f.parse(input.freeShippingOver.amount, 'shippingOption.freeShippingOver.amount')
      : null,
    deliveryTimeSlots: slots,
  };
}

// --- Pickup ----------------------------------------------------------------------------------------------------------
export const toPickup = (r: PickupRow, f: Fmt): PickupLocation => ({
  ...dates(r),
  name: r.name,
  pickupMethod: r.pickupMethod as PickupLocation['pickupMethod'],
  address: r.address,
  ...(r.businessHours !== null ? { businessHours: r.businessHours } : {}),
  ...(r.instructions !== null ? { instructions: r.instructions } : {}),
  ...(r.feeMinor !== null ? { fee: f.money(r.feeMinor) } : {}),
});
export const pickupInput = (p: PickupLocation): PickupLocationInput => ({
  name: p.name,
  pickupMethod: p.pickupMethod,
  address: p.address,
  ...(p.businessHours !== undefined ? { businessHours: p.businessHours } : {}),
  ...(p.instructions !== undefined ? { instructions: p.instructions } : {}),
  ...(p.fee ? { fee: { amount: p.fee.amount } } : {}),
});
export function pickupValues(input: PickupLocationInput, f: Fmt) {
  if (!input.address.country)
    throw violation('pickupLocation.address.country', 'REQUIRED_FIELD', 'a pickup address needs its country');
  return {
    name: input.name,
    pickupMethod: input.pickupMethod,
    address: input.address,
    businessHours: input.businessHours ?? null,
    instructions: input.instructions ?? null,
    feeMinor: input.fee ? f.parse(input.fee.amount, 'pickupLocation.fee.amount') : null,
  };
}

// --- Additional fees -------------------------------------------------------------------------------------------------
export const toFee = (r: FeeRow, f: Fmt): AdditionalFeeSetting => ({
  ...dates(r),
  name: r.name,
  type: r.type as AdditionalFeeSetting['type'],
  surcharge: {
    type: r.surchargeType as AdditionalFeeSetting['surcharge']['type'],
    ...(r.amountMinor !== null ? { amount: f.money(r.amountMinor) } : {}),
    ...(r.percentage !== null ? { percentage: r.percentage } : {}),
  },
  chargeBasis: r.chargeBasis as AdditionalFeeSetting['chargeBasis'],
  catalogItemIds: r.catalogItemIds,
  taxable: r.taxable,
  enabled: r.enabled,
});
export const feeInput = (a: AdditionalFeeSetting): AdditionalFeeSettingInput => ({
  name: a.name,
  type: a.type,
  surcharge: {
    type: a.surcharge.type,
    ...(a.surcharge.amount ? { amount: { amount: a.surcharge.amount.amount } } : {}),
    ...(a.surcharge.percentage !== undefined ? { percentage: a.surcharge.percentage } : {}),
  },
  chargeBasis: a.chargeBasis,
  catalogItemIds: a.catalogItemIds,
  taxable: a.taxable,
  enabled: a.enabled,
});
export function feeValues(input: AdditionalFeeSettingInput, f: Fmt) {
  const s = input.surcharge;
  const field = 'additionalFee.surcharge';
  if (s.type === 'FIXED') {
    if (!s.amount) throw violation(`${field}.amount`, 'REQUIRED_FIELD', 'a FIXED surcharge needs its amount');
    if (s.percentage !== undefined)
      throw violation(`${field}.percentage`, 'FIELD_NOT_ALLOWED', 'a FIXED surcharge has no percentage');
  } else {
    if (s.percentage === undefined)
      throw violation(`${field}.percentage`, 'REQUIRED_FIELD', 'a PERCENTAGE surcharge needs its percentage');
    if (s.amount) throw violation(`${field}.amount`, 'FIELD_NOT_ALLOWED', 'a PERCENTAGE surcharge has no amount');
    if (Math.abs(Math.round(s.percentage * 10_000) - s.percentage * 10_000) > 1e-6)
      throw violation(`${field}.percentage`, 'DECIMAL_MAX_SCALE', 'at most 4 decimals');
  }
  return {
    name: input.name,
    type: input.type,
    surchargeType: s.type,
    amountMinor: s.amount ? f.parse(s.amount.amount, `${field}.amount.amount`) : null,
    percentage: s.percentage ?? null,
    chargeBasis: input.chargeBasis ?? 'PER_ORDER',
    catalogItemIds: input.catalogItemIds ?? [],
    taxable: input.taxable ?? false,
    enabled: input.enabled ?? true,
  };
}
