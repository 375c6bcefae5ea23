import type { ShippingProviderConfiguration, ShippingProviderConfigurationInput } from '@plaza/sdk/ecom';
import { isAmount, normalizeAmount } from '../productDraft.js';

/** The carrier screen's editable copy of the configuration: every number as typed. */
export interface BandDraft {
  maxWeight: string;
  price: string;
}
export interface ServiceDraft {
  service: string;
  enabled: boolean;
  bands: BandDraft[];
}
export interface PackageDraft {
  type: ShippingProviderConfiguration['packageTypes'][number]['type'];
  enabled: boolean;
  length: string;
  width: string;
  height: string;
  unit: 'CM' | 'IN';
}
export interface CarrierDraft {
  address: {
    country: string;
    addressLine: string;
    postalCode: string;
    city: string;
    latitude: string;
    longitude: string;
  };
  domestic: ServiceDraft[];
  international: ServiceDraft[];
  packages: PackageDraft[];
  local: {
    enabled: boolean;
    title: string;
    radius: string;
    unit: 'KM' | 'MI';
    price: string;
    freeOver: string;
    eta: string;
  };
}

/** The API's field for each part of the draft (the update's field mask). */
export const MASK_PATH: Record<keyof CarrierDraft, keyof ShippingProviderConfigurationInput> = {
  address: 'shipFromAddress',
  domestic: 'domesticServices',
  international: 'internationalServices',
  packages: 'packageTypes',
  local: 'localDelivery',
};

export const SERVICE_LABELS: Record<string, string> = {
  GROUND_ADVANTAGE: 'Ground Advantage',
  PRIORITY_MAIL: 'Priority Mail',
  PRIORITY_MAIL_EXPRESS: 'Priority Mail Express',
  FIRST_CLASS_PACKAGE_INTERNATIONAL: 'First-Class Package International',
  PRIORITY_MAIL_INTERNATIONAL: 'Priority Mail International',
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'Priority Mail Express International',
};
export const PACKAGE_LABELS: Record<PackageDraft['type'], string> = {
  CUSTOM: 'Your own box',
  FLAT_RATE_ENVELOPE: 'Flat rate envelope',
  PADDED_FLAT_RATE_ENVELOPE: 'Padded flat rate envelope',
  SMALL_FLAT_RATE_BOX: 'Small flat rate box',
  MEDIUM_FLAT_RATE_BOX_1: 'Medium flat rate box (opens on top)',
  MEDIUM_FLAT_RATE_BOX_2: 'Medium flat rate box (opens on the side)',
  LARGE_FLAT_RATE_BOX: 'Large flat rate box',
};
const PACKAGE_TYPES = Object.keys(PACKAGE_LABELS) as Array<PackageDraft['type']>;

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
type ServiceList = Array<{
  service: string;
  enabled: boolean;
  rateTable: Array<{ maxWeight: number; price: { amount: string } }>;
}>;
const services = (list: ServiceList): ServiceDraft[] =>
  list.map((s) => ({
    service: s.service,
    enabled: s.enabled,
    bands: s.rateTable.map((b) => ({ maxWeight: String(b.maxWeight), price: b.price.amount })),
  }));

export function carrierDraft(c: ShippingProviderConfiguration): CarrierDraft {
  const a = c.shipFromAddress;
  const ld = c.localDelivery;
  return {
    address: {
      country: a?.country ?? '',
      addressLine: a?.addressLine ?? '',
      postalCode: a?.postalCode ?? '',
      city: a?.city ?? '',
      latitude: text(a?.geocode?.latitude),
      longitude: text(a?.geocode?.longitude),
    },
    domestic: services(c.domesticServices),
    international: services(c.internationalServices),
    packages: PACKAGE_TYPES.map((type) => {
      const p = c.packageTypes.find((x) => x.type === type);
      const d = p?.dimensions;
      return {
        type,
        enabled: p?.enabled ?? false,
        length: text(d?.length),
        width: text(d?.width),
        height: text(d?.height),
        unit: d?.unit ?? 'CM',
      };
    }),
    local: {
      enabled: ld?.enabled ?? false,
      title: ld?.title ?? '',
      radius: text(ld?.radius.value),
      unit: ld?.radius.unit ?? 'KM',
      price: ld?.price.amount ?? '',
      freeOver: ld?.freeShippingOver?.amount ?? '',
      eta: ld?.estimatedDeliveryTime ?? '',
    },
  };
}

const positive = (s: string) => isAmount(s) && Number(normalizeAmount(s)) > 0;
const coordinate = (s: string, max: number) => s.trim() !== '' && Math.abs(Number(s.replace(',', '.'))) <= max;

/** What keeps the draft from saving, in words; undefined when it can be sent. */
export function carrierProblem(d: CarrierDraft): string | undefined {
  const { latitude, longitude } = d.address;
  if ((latitude.trim() || longitude.trim()) && !(coordinate(latitude, 90) && coordinate(longitude, 180)))
    return 'Enter the map position as two numbers, such as 40.78 and -73.97.';
  for (const s of [...d.domestic, ...d.international]) {
    const name = SERVICE_LABELS[s.service] ?? s.service;
    if (s.bands.some((b) => !positive(b.maxWeight) || !isAmount(b.price)))
      return `Enter each ${name} rate as a weight and a price, such as 2 and 7.50.`;
    const weights = s.bands.map((b) => Number(normalizeAmount(b.maxWeight)));
    if (weights.some((w, i) => i > 0 && w <= weights[i - 1]!))
      return `List the ${name} rates from the lightest parcel to the heaviest.`;
  }
  const own = d.packages.find((p) => p.type === 'CUSTOM');
  if (own?.enabled && ![own.length, own.width, own.height].every(positive))
    return 'Enter the length, width and height of your own box.';
  const ld = d.local;
  if (ld.enabled) {
    if (!positive(ld.radius)) return 'Enter how far you deliver locally, such as 10.';
    if (!isAmount(ld.price)) return 'Enter the price of local delivery, such as 5 (0 for free).';
    if (ld.freeOver.trim() && !isAmount(ld.freeOver)) return 'Enter the free delivery threshold as an amount.';
    if (!latitude.trim()) return 'Local delivery measures from your map position: enter it under “Ships from”.';
  }
  return undefined;
}

const bands = (s: ServiceDraft) =>
  s.bands.map((b) => ({
    maxWeight: Number(normalizeAmount(b.maxWeight)),
    price: { amount: normalizeAmount(b.price) },
  }));
const serviceInput = <S extends string>(list: ServiceDraft[]) =>
  list.map((s) => ({ service: s.service as S, enabled: s.enabled, rateTable: bands(s) }));

/** The changed parts of the draft, as the update takes them. */
export function carrierInput(d: CarrierDraft, changed: Array<keyof CarrierDraft>): ShippingProviderConfigurationInput {
  const out: ShippingProviderConfigurationInput = {};
  const a = d.address;
  const num = (s: string) => Number(s.replace(',', '.'));
  for (const key of changed) {
    if (key === 'address') {
      out.shipFromAddress = {
        ...(a.country ? { country: a.country } : {}),
        ...(a.addressLine.trim() ? { addressLine: a.addressLine.trim() } : {}),
        ...(a.postalCode.trim() ? { postalCode: a.postalCode.trim() } : {}),
        ...(a.city.trim() ? { city: a.city.trim() } : {}),
        ...(a.latitude.trim() ? { geocode: { latitude: num(a.latitude), longitude: num(a.longitude) } } : {}),
      };
    }
    if (key === 'domestic') out.domesticServices = serviceInput(d.domestic);
    if (key === 'international') out.internationalServices = serviceInput(d.international);
    if (key === 'packages') {
      out.packageTypes = d.packages.map((p) =>
        p.type === 'CUSTOM' && p.enabled
          ? {
              type: p.type,
              enabled: true,
              dimensions: { length: num(p.length), width: num(p.width), height: num(p.height), unit: p.unit },
            }
          : { type: p.type, enabled: p.enabled },
      );
    }
    if (key === 'local') {
      const ld = d.local;
      out.localDelivery = {
        enabled: ld.enabled,
        ...(ld.title.trim() ? { title: ld.title.trim() } : {}),
        ...(ld.eta.trim() ? { estimatedDeliveryTime: ld.eta.trim() } : {}),
        radius: { value: positive(ld.radius) ? Number(normalizeAmount(ld.radius)) : 1, unit: ld.unit },
        price: { amount: isAmount(ld.price) ? normalizeAmount(ld.price) : '0' },
        ...(ld.freeOver.trim() ? { freeShippingOver: { amount: normalizeAmount(ld.freeOver) } } : {}),
      };
    }
  }
  return out;
}
