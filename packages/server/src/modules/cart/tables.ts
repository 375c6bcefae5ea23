import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AddressWithContact } from '@plaza/contracts';
import { ts } from '../../lib/columns.js';
import type { StoredLine } from '../checkout/model.js';

/** A merchant discount as stored (amounts already in minor units). */
export interface StoredMerchantDiscount {
  amountMinor?: string;
  percentage?: number;
  lineItemIds?: string[];
  description?: string;
}

/**
 * One current cart per visitor or member. The lines are jsonb on the row: an add-to-cart is one locked row read and
 * one row write, and two requests on one cart serialize on the row lock instead of failing on each other.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey(),
    /** `visitor:<id>` or `member:<id>`: the one key a current cart is found by. */
    ownerKey: text('owner_key').notNull(),
    memberId: uuid('member_id'),
    visitorId: text('visitor_id'),
    lines: jsonb('lines').$type<StoredLine[]>().notNull().default([]),
    couponCode: text('coupon_code'),
    merchantDiscounts: jsonb('merchant_discounts').$type<StoredMerchantDiscount[]>(),
    contactInfo: jsonb('contact_info').$type<AddressWithContact>(),
    buyerNote: text('buyer_note'),
    businessLocationId: text('business_location_id'),
    createdDate: ts('created_date').notNull().defaultNow(),
    updatedDate: ts('updated_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_owner_unique').on(t.ownerKey)],
);
export type CartRow = typeof carts.$inferSelect;
