import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowDates, ts } from '../../../lib/columns.js';

/**
 * The shop's Stripe connection: one row. The secret key and the webhook signing secret are sealed with the key from
 * the environment (lib/sealed.ts); the publishable key is public by design and kept as it is.
 */
export const stripeAccount = pgTable('stripe_account', {
  /** Always 'default': one connection per shop. */
  id: text('id').primaryKey(),
  mode: text('mode').notNull(),
  secretKeySealed: text('secret_key_sealed').notNull(),
  secretKeyHint: text('secret_key_hint').notNull(),
  publishableKey: text('publishable_key').notNull(),
  webhookSecretSealed: text('webhook_secret_sealed').notNull(),
  webhookSecretHint: text('webhook_secret_hint').notNull(),
  accountId: text('account_id').notNull(),
  accountName: text('account_name'),
  /** AUTOMATIC or MANUAL (the owner captures). */
  captureMethod: text('capture_method').notNull(),
  connectedDate: ts('connected_date').notNull(),
  ...rowDates(),
});

/**
 * A Stripe Checkout Session Plaza made for a checkout: the quote it was made for (fingerprint and amount) and what
 * became of it. Whoever comes first, the buyer's return or Stripe's webhook, places the order; this row is what both
 * look at, and what a later one reads to answer the same way.
 */
export const stripeSessions = pgTable(
  'stripe_sessions',
  {
    /** Stripe's id, `cs_…`. */
    id: text('id').primaryKey(),
    checkoutId: uuid('checkout_id').notNull(),
    /** Plaza's transaction id: the payment's id once placed, and the root of every idempotency key. */
    paymentId: uuid('payment_id').notNull(),
    /** The checkout's fingerprint when the session was made: the commit re-checks it. */
    fingerprint: text('fingerprint').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The order number shown on Stripe's page, drawn when the session was made and used by the order. */
    orderNumber: integer('order_number').notNull(),
    manualCapture: boolean('manual_capture').notNull(),
    liveMode: boolean('live_mode').notNull(),
    /** Whether the card is kept for renewals (the checkout has subscription lines). */
    saveCard: boolean('save_card').notNull(),
    /** OPEN, PLACED, REFUSED (the quote no longer held: the money went back) or EXPIRED. */
    status: text('status').notNull(),
    orderId: uuid('order_id'),
    /** REFUSED: what the buyer is told, in words. */
    refusal: text('refusal'),
    ...rowDates(),
  },
  (t) => [index('stripe_sessions_checkout_idx').on(t.checkoutId), index('stripe_sessions_payment_idx').on(t.paymentId)],
);

/**
 * Stripe events, by Stripe's id: a redelivered event is answered and not acted on twice. A delivery claims its event
 * (`receivedDate`) and marks it handled; a claim never marked (the node died while handling it) may be taken over by
 * a later delivery once it is a minute old.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Stripe's `created` (seconds): events about one object are applied in this order. */
  created: integer('created').notNull(),
  receivedDate: ts('received_date').notNull(),
  handledDate: ts('handled_date'),
});
