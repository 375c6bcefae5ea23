import { DOMESTIC_CARRIER_SERVICES, INTERNATIONAL_CARRIER_SERVICES, type Address } from '@plaza/contracts';
import type { ShippingOptionResult, TotalsInput } from '../totals/index.js';
import type { OptionRow, RegionRow, ShippingConfig } from './config.js';
import { distanceKm, KM_PER_MI, nextSlots } from './slots.js';
import type { StoredCondition } from './tables.js';

/** What the shippable lines add up to: the facts rate conditions are checked against. */
export interface Parcel {
  /** In the site's weight unit. */
  weight: number;
  quantity: number;
  /** Items after discounts, minor units. */
  price: bigint;
}

/** Codes of the options Plaza makes itself; merchant options use their id. Stable across calls. */
export const pickupCode = (id: string) => `pickup:${id}`;
export const carrierCode = (service: string) => `carrier:${service}`;
export const LOCAL_DELIVERY_CODE = 'local-delivery';

const CARRIER_TITLES: Record<string, string> = {
  GROUND_ADVANTAGE: 'Ground Advantage',
  PRIORITY_MAIL: 'Priority Mail',
  PRIORITY_MAIL_EXPRESS: 'Priority Mail Express',
  FIRST_CLASS_PACKAGE_INTERNATIONAL: 'First-Class Package International',
  PRIORITY_MAIL_INTERNATIONAL: 'Priority Mail International',
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'Priority Mail Express International',
};

/**
 * The region for an address: one that lists its subdivision, else one that lists its whole country, else the
 * WORLDWIDE region (regions never claim one destination twice at one level, see model.ts checkOverlap).
 */
export function matchRegion(regions: RegionRow[], address: Address): RegionRow | undefined {
  const { country, subdivision } = address;
  if (!country) return undefined;
  const bySubdivision = subdivision
    ? regions.find((r) => r.destinations.some((d) => d.country === country && d.subdivisions?.includes(subdivision)))
    : undefined;
  return (
    bySubdivision ??
    regions.find((r) => r.destinations.some((d) => d.country === country && !d.subdivisions?.length)) ??
    regions.find((r) => r.destinationScope === 'WORLDWIDE')
  );
}

const compare = (a: number | bigint, op: StoredCondition['operator'], b: number | bigint): boolean => {
  switch (op) {
    case 'EQ':
      return a === b;
    case 'GT':
      return a > b;
    case 'GTE':
      return a >= b;
    case 'LT':
      return a < b;
    case 'LTE':
      return a <= b;
  }
};

/** A condition's value: price in minor units (the currency's decimals), weight and quantity as numbers. */
export function conditionHolds(c: StoredCondition, parcel: Parcel, decimals: number): boolean {
  if (c.type === 'BY_TOTAL_PRICE') {
    const [whole = '0', fraction = ''] = c.value.split('.');
    return compare(parcel.price, c.operator, BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals)));
  }
  if (c.type === 'BY_TOTAL_QUANTITY') return compare(parcel.quantity, c.operator, Number(c.value));
  // Weights are sums of decimals: compare to a millionth so 0.1 + 0.2 EQ 0.3 holds.
  const w = Math.round(parcel.weight * 1e6);
  return compare(w, c.operator, Math.round(Number(c.value) * 1e6));
}

/** The first rate whose conditions all hold (none: the option does not reach this parcel), free over its threshold. */
export function priceOption(o: OptionRow, parcel: Parcel, decimals: number): bigint | undefined {
  const rate = o.rates.find((r) => r.conditions.every((c) => conditionHolds(c, parcel, decimals)));
  if (!rate) return undefined;
  if (o.freeShippingOverMinor !== null && parcel.price >= o.freeShippingOverMinor) return 0n;
  return BigInt(rate.priceMinor);
}

/** The merchant's options of the matching region, in the order they were created. */
export function regionOffers(
  config: ShippingConfig,
  input: TotalsInput,
  parcel: Parcel,
  decimals: number,
  timeZone: string,
): ShippingOptionResult[] {
  const region = matchRegion(config.regions, input.shippingAddress!);
  if (!region) return [];
  const out: ShippingOptionResult[] = [];
  for (const o of config.options) {
    if (o.regionId !== region.id) continue;
    const cost = priceOption(o, parcel, decimals);
    if (cost === undefined) continue;
    const slots = nextSlots(o.deliveryTimeSlots, input.now, timeZone);
    out.push({
      code: o.id,
      title: o.title,
      cost,
      kind: 'DELIVERY',
      logistics: {
        ...(o.estimatedDeliveryTime ? { deliveryTime: o.estimatedDeliveryTime } : {}),
        ...(slots.length ? { deliveryTimeSlots: slots } : {}),
      },
      source: 'MERCHANT',
    });
  }
  return out;
}

/** Local delivery: only to an address with a geocode within the radius of the ship-from address's geocode. */
export function localDeliveryOffer(config: ShippingConfig, input: TotalsInput, parcel: Parcel) {
  const ld = config.provider?.localDelivery;
  const from = config.provider?.shipFromAddress?.geocode;
  const to = input.shippingAddress?.geocode;
  if (!ld?.enabled || !from || !to) return [];
  const radiusKm = ld.radius.unit === 'MI' ? ld.radius.value * KM_PER_MI : ld.radius.value;
  if (distanceKm(from, to) > radiusKm) return [];
  const free = ld.freeShippingOverMinor !== undefined && parcel.price >= BigInt(ld.freeShippingOverMinor);
  const offer: ShippingOptionResult = {
    code: LOCAL_DELIVERY_CODE,
    title: ld.title,
    cost: free ? 0n : BigInt(ld.priceMinor),
    kind: 'LOCAL_DELIVERY',
    logistics: ld.estimatedDeliveryTime ? { deliveryTime: ld.estimatedDeliveryTime } : {},
    source: 'MERCHANT',
  };
  return [offer];
}

/**
 * Enabled carrier services priced from the merchant's rate tables: domestic services when the destination is in the
 * ship-from country, international ones otherwise. The first band whose maxWeight holds the parcel is the price.
 */
export function carrierTableOffers(config: ShippingConfig, input: TotalsInput, parcel: Parcel) {
  const p = config.provider;
  const fromCountry = p?.shipFromAddress?.country;
  if (!p || !fromCountry) return [];
  const domestic = input.shippingAddress!.country === fromCountry;
  const services = domestic ? p.domesticServices : p.internationalServices;
  const order: readonly string[] = domestic ? DOMESTIC_CARRIER_SERVICES : INTERNATIONAL_CARRIER_SERVICES;
  const out: ShippingOptionResult[] = [];
  for (const name of order) {
    const s = services.find((x) => x.service === name);
    const band = s?.enabled ? s.rateTable.find((b) => parcel.weight <= b.maxWeight + 1e-9) : undefined;
    if (!band) continue;
    out.push({
      code: carrierCode(name),
      title: CARRIER_TITLES[name] ?? name,
      cost: BigInt(band.priceMinor),
      kind: 'DELIVERY',
      logistics: {},
      source: 'CARRIER_TABLE',
    });
  }
  return out;
}

/** Every pickup location, whatever the destination (the buyer comes to it). */
export function pickupOffers(config: ShippingConfig): ShippingOptionResult[] {
  return config.pickups.map((p) => ({
    code: pickupCode(p.id),
    title: p.name,
    cost: p.feeMinor ?? 0n,
    kind: p.pickupMethod as 'STORE_PICKUP' | 'PICKUP_POINT',
    logistics: {
      ...(p.instructions ? { instructions: p.instructions } : {}),
      pickupDetails: {
        address: p.address,
        ...(p.businessHours ? { businessHours: p.businessHours } : {}),
        pickupMethod: p.pickupMethod as 'STORE_PICKUP' | 'PICKUP_POINT',
      },
    },
    source: 'MERCHANT',
  }));
}
