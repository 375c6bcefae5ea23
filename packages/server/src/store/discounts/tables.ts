import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, rowDatesDefaultNow, ts } from '../../lib/columns.js';

/** Money inside JSON is minor units as decimal strings (JSON has no bigint). */
export interface StoredDiscount {
  type: 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FIXED_PRICE';
  percentage?: number;
  fixedAmountMinor?: string;
  fixedPriceMinor?: string;
  scope: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  items?: {
    type: 'CATALOG_ITEM' | 'CUSTOM_FILTER';
    catalogItemIds?: string[];
    customFilter?: { collectionIds: string[] };
  };
}
export interface StoredTrigger {
  type: 'AND' | 'OR' | 'SUBTOTAL_RANGE' | 'ITEM_QUANTITY_RANGE' | 'CUSTOM';
  triggers?: StoredTrigger[];
  subtotalRange?: { fromMinor?: string; toMinor?: string };
  itemQuantityRange?: { from?: number; to?: number };
  customTrigger?: { customTriggerId: string; identifier: string };
}

/** Automatic discounts: applied whenever live, active and their trigger is met. */
export const discountRules = pgTable('discount_rules', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  trigger: jsonb('trigger').$type<StoredTrigger>(),
  discount: jsonb('discount').$type<StoredDiscount>().notNull(),
  startDate: ts('start_date'),
  endDate: ts('end_date'),
  ...rowDatesDefaultNow(),
});

/** Coupons: a code the buyer enters. `usedCount` only grows through redeemCoupon (a conditional UPDATE). */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    /** Lower-cased code: codes are unique regardless of case. */
    codeKey: text('code_key').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    discount: jsonb('discount').$type<StoredDiscount>().notNull(),
    minimumSubtotalMinor: bigint('minimum_subtotal_minor', { mode: 'bigint' }),
    startDate: ts('start_date'),
    endDate: ts('end_date'),
    usageLimit: integer('usage_limit'),
    limitPerCustomer: integer('limit_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    ...rowDatesDefaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_key_unique').on(t.codeKey)],
);

/** One row per order placed with a coupon (the per-customer limit counts them). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey(),
    couponId: belongsTo('coupon_id', () => coupons.id),
    /** "member:<id>", "email:<lower-cased>" or "visitor:<id>". */
    customerKey: text('customer_key').notNull(),
    orderId: text('order_id').notNull(),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_customer').on(t.couponId, t.customerKey),
    uniqueIndex('coupon_redemptions_order_unique').on(t.couponId, t.orderId),
  ],
);
