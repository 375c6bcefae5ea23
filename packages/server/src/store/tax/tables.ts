import { boolean, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '@plaza/contracts';
import { rowDates, ts } from '../../lib/columns.js';

/** One manual rate of a region: a decimal fraction string ("0.0725") per jurisdiction. */
export interface StoredJurisdiction {
  name: string;
  type: 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
  rate: string;
}
/** A tax group's own rate (replacing the summed jurisdictions' rate) or exemption in one region. */
export interface StoredGroupOverride {
  taxGroupId: string;
  rate?: string;
  exempt?: boolean;
}

/** The site's tax settings: a single row (id 1). */
export const taxSettings = pgTable('tax_settings', {
  id: integer('id').primaryKey(),
  taxIncludedInPrices: boolean('tax_included_in_prices').notNull().default(false),
  calculationMode: text('calculation_mode').$type<'MANUAL' | 'AUTO'>().notNull().default('MANUAL'),
  taxableAddressType: text('taxable_address_type')
    .$type<'BUSINESS' | 'BILLING' | 'SHIPPING'>()
    .notNull()
    .default('SHIPPING'),
  businessAddress: jsonb('business_address').$type<Address>(),
  updatedDate: ts('updated_date').notNull().defaultNow(),
});

export const taxGroups = pgTable('tax_groups', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** Lines without a taxGroupId are taxed as the default group (at most one). */
  isDefault: boolean('is_default').notNull().default(false),
  ...rowDates(),
});

export const taxRegions = pgTable(
  'tax_regions',
  {
    id: uuid('id').primaryKey(),
    country: text('country').notNull(),
    /** '' for the whole country (so the unique index treats it as a value). */
    subdivision: text('subdivision').notNull().default(''),
    jurisdictions: jsonb('jurisdictions').$type<StoredJurisdiction[]>().notNull().default([]),
    groupOverrides: jsonb('group_overrides').$type<StoredGroupOverride[]>().notNull().default([]),
    taxShipping: boolean('tax_shipping').notNull().default(false),
    taxFees: boolean('tax_fees').notNull().default(false),
    /** MANUAL forces manual rates here even when the site is AUTO; null follows the global mode. */
    calculationOverride: text('calculation_override').$type<'MANUAL'>(),
    fallbackRate: text('fallback_rate').notNull().default('0'),
    ...rowDates(),
  },
  (t) => [uniqueIndex('tax_regions_place_idx').on(t.country, t.subdivision)],
);
