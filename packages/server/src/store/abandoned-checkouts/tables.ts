import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AbandonedCheckoutActivity } from '@plaza/contracts';
import { rowDates, ts } from '../../lib/columns.js';

/**
 * Checkouts left with the buyer's e-mail and no order. One row per checkout (the unique key makes the sweep safe to
 * run on every node at once); the money is what the checkout was worth when it was found abandoned.
 */
export const abandonedCheckouts = pgTable(
  'abandoned_checkouts',
  {
    id: uuid('id').primaryKey(),
    checkoutId: uuid('checkout_id').notNull().unique(),
    cartId: uuid('cart_id'),
    /** ABANDONED or RECOVERED. */
    status: text('status').notNull(),
    email: text('email').notNull(),
    memberId: uuid('member_id'),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    itemCount: integer('item_count').notNull(),
    /** The item names for the reminder, as the checkout showed them. */
    itemNames: jsonb('item_names').$type<string[]>().notNull(),
    activities: jsonb('activities').$type<AbandonedCheckoutActivity[]>().notNull().default([]),
    checkoutUpdatedDate: ts('checkout_updated_date').notNull(),
    recoveredDate: ts('recovered_date'),
    orderId: uuid('order_id'),
    ...rowDates(),
  },
  (t) => [index('abandoned_checkouts_list_idx').on(t.createdDate, t.id)],
);
