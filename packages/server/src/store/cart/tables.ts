import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AddressWithContact } from '@plaza/contracts';
import { rowDatesDefaultNow } from '../../lib/columns.js';
import type { StoredLine } from '../pricing/index.js';

/** A merchant discount as stored (amounts already in minor units). */
export interface StoredMerchantDiscount {
  amountMinor?: string;
  percentage?: number;
  lineItemIds?: string[];
  description?: string;
}

/**
 * One current cart per visitor or member. The lines are jsonb on the row: an add-to-cart is one row read and one
 * row write. The write only lands if `version` is still the one read (see changeCart); when another change came
 * first, the change is made again under the row lock, so two requests on one cart never fail on each other.
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
    ...rowDatesDefaultNow(),
    /** Bumped by every write: a change made without the lock is written only over the version it read. */
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('carts_owner_unique').on(t.ownerKey)],
);
export type CartRow = typeof carts.$inferSelect;
