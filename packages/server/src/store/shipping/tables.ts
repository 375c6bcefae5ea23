import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '@plaza/contracts';
import { belongsTo, rowDatesDefaultNow } from '../../lib/columns.js';

/** Money columns hold integer minor units of the site currency (DESIGN §3). */
const minor = (name: string) => bigint(name, { mode: 'bigint' });

export interface StoredDestination {
  country: string;
  subdivisions?: string[];
}
export interface StoredCondition {
  type: 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';
  operator: 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';
  value: string;
}
/** Prices inside JSON are minor units as decimal strings (JSON has no bigint). */
export interface StoredRate {
  priceMinor: string;
  conditions: StoredCondition[];
}
export interface StoredSlot {
  weekday: 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';
  fromHour: number;
  toHour: number;
}
export interface StoredCarrierService {
  service: string;
  enabled: boolean;
  rateTable: Array<{ maxWeight: number; priceMinor: string }>;
}
export interface StoredPackageType {
  type: string;
  enabled: boolean;
  dimensions?: { length: number; width: number; height: number; unit: 'CM' | 'IN' };
}
export interface StoredLocalDelivery {
  enabled: boolean;
  title: string;
  estimatedDeliveryTime?: string;
  radius: { value: number; unit: 'KM' | 'MI' };
  priceMinor: string;
  freeShippingOverMinor?: string;
}

export const shippingRegions = pgTable('shipping_regions', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  destinationScope: text('destination_scope').notNull(),
  destinations: jsonb('destinations').$type<StoredDestination[]>().notNull().default([]),
  ...rowDatesDefaultNow(),
});

export const shippingOptions = pgTable(
  'shipping_options',
  {
    id: uuid('id').primaryKey(),
    regionId: belongsTo('region_id', () => shippingRegions.id),
    title: text('title').notNull(),
    estimatedDeliveryTime: text('estimated_delivery_time'),
    rates: jsonb('rates').$type<StoredRate[]>().notNull(),
    freeShippingOverMinor: minor('free_shipping_over_minor'),
    deliveryTimeSlots: jsonb('delivery_time_slots').$type<StoredSlot[]>().notNull().default([]),
    ...rowDatesDefaultNow(),
  },
  (t) => [index('shipping_options_region_idx').on(t.regionId, t.createdDate)],
);

export const pickupLocations = pgTable('pickup_locations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  pickupMethod: text('pickup_method').notNull(),
  address: jsonb('address').$type<Address>().notNull(),
  businessHours: text('business_hours'),
  instructions: text('instructions'),
  feeMinor: minor('fee_minor'),
  ...rowDatesDefaultNow(),
});

/** One row (id 1): the site's carrier configuration and local delivery. */
export const shippingProviderConfiguration = pgTable('shipping_provider_configuration', {
  id: integer('id').primaryKey(),
  shipFromAddress: jsonb('ship_from_address').$type<Address>(),
  domesticServices: jsonb('domestic_services').$type<StoredCarrierService[]>().notNull().default([]),
  internationalServices: jsonb('international_services').$type<StoredCarrierService[]>().notNull().default([]),
  packageTypes: jsonb('package_types').$type<StoredPackageType[]>().notNull().default([]),
  localDelivery: jsonb('local_delivery').$type<StoredLocalDelivery>(),
  ...rowDatesDefaultNow(),
});

/** The merchant's additional fee settings (handling, insurance). */
export const additionalFeeSettings = pgTable('additional_fee_settings', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  surchargeType: text('surcharge_type').notNull(),
  amountMinor: minor('amount_minor'),
  percentage: doublePrecision('percentage'),
  chargeBasis: text('charge_basis').notNull(),
  catalogItemIds: jsonb('catalog_item_ids').$type<string[]>().notNull().default([]),
  taxable: boolean('taxable').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  ...rowDatesDefaultNow(),
});
