import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, rowDates, ts } from '../../lib/columns.js';

const minor = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * Gift cards. The code itself is never stored: `codeHash` (SHA-256 of the normalized code) finds a card by code, and
 * `last4` is what is shown after creation and searched by.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    last4: text('last4').notNull(),
    currency: text('currency').notNull(),
    initialBalance: minor('initial_balance').notNull(),
    balance: minor('balance').notNull(),
    expirationDate: ts('expiration_date'),
    disabled: boolean('disabled').notNull().default(false),
    note: text('note'),
    /** MANUAL (owner or API key) or ORDER (bought as a GIFT_CARD item). */
    source: text('source').$type<'MANUAL' | 'ORDER'>().notNull(),
    orderId: text('order_id'),
    ...rowDates(),
  },
  (t) => [index('gift_cards_last4_idx').on(t.last4)],
);

/** Every amount taken off a card by an order (the balance is the initial balance minus these). */
export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: uuid('id').primaryKey(),
    giftCardId: belongsTo('gift_card_id', () => giftCards.id),
    orderId: text('order_id').notNull(),
    amount: minor('amount').notNull(),
    createdDate: ts('created_date').notNull(),
  },
  (t) => [index('gift_card_redemptions_card_idx').on(t.giftCardId)],
);
