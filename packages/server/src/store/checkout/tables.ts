import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CheckoutSettings, CheckoutTemplate } from '@plaza/contracts';
import { rowDatesDefaultNow, ts } from '../../lib/columns.js';
import type { StoredCheckoutInfo, StoredLine } from './model.js';

/**
 * Checkouts keep what the buyer chose (lines by catalog reference, addresses, coupon, tip…), never prices: every
 * answer re-prices the lines from the catalog and recomputes the totals, so a checkout can never show stale money.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id'),
    templateId: uuid('template_id'),
    /** Owner of the checkout: exactly one of member or visitor, or neither when an API key made it for nobody. */
    memberId: uuid('member_id'),
    visitorId: text('visitor_id'),
    channelType: text('channel_type').notNull(),
    lines: jsonb('lines').$type<StoredLine[]>().notNull(),
    info: jsonb('info').$type<StoredCheckoutInfo>().notNull(),
    couponCode: text('coupon_code'),
    giftCardCode: text('gift_card_code'),
    overrideCheckoutUrl: text('override_checkout_url'),
    completed: boolean('completed').notNull().default(false),
    ...rowDatesDefaultNow(),
  },
  (t) => [
    index('checkouts_cart_idx').on(t.cartId),
    index('checkouts_member_idx').on(t.memberId),
    index('checkouts_visitor_idx').on(t.visitorId),
    // The abandoned-checkout sweep: open checkouts by last change.
    index('checkouts_open_idx')
      .on(t.updatedDate)
      .where(sql`${t.completed} = false`),
  ],
);

export const checkoutTemplates = pgTable(
  'checkout_templates',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    lineItems: jsonb('line_items').$type<CheckoutTemplate['lineItems']>().notNull(),
    couponCode: text('coupon_code'),
    ...rowDatesDefaultNow(),
  },
  (t) => [index('checkout_templates_status_idx').on(t.status, t.createdDate)],
);

/** One row (id 1): the settings as the wire has them, defaults filled in on read. */
export const checkoutSettings = pgTable('checkout_settings', {
  id: integer('id').primaryKey(),
  settings: jsonb('settings').$type<Omit<CheckoutSettings, 'updatedDate'>>().notNull(),
  updatedDate: ts('updated_date').notNull().defaultNow(),
});
