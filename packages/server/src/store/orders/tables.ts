import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Order, OrderActivity } from '@plaza/contracts';
import { rowDates, ts } from '../../lib/columns.js';

/** Human order numbers: sequential, never reused (a rolled-back placement leaves a gap, as every shop's does). */
export const orderNumbers = pgSequence('order_number_seq', { startWith: 10001 });

/** What the order froze from its checkout: shown as it was bought, never re-priced. */
export type OrderSnapshot = Pick<
  Order,
  | 'lineItems'
  | 'billingInfo'
  | 'shippingInfo'
  | 'buyerNote'
  | 'appliedDiscounts'
  | 'priceSummary'
  | 'taxSummary'
  | 'paymentOption'
> & {
  /** Made by the merchant with `updateInventory: false`: its stock is kept elsewhere, never taken or returned here. */
  keepStock?: boolean;
};

/**
 * Orders. The columns a search filters or sorts on are real, indexed columns (the rest is the frozen snapshot):
 * every list is a keyset walk over (created_date, id) narrowed by one of the partial or composite indexes below,
 * so it costs the same at a million orders as at a hundred.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    number: bigint('number', { mode: 'number' }).notNull().unique(),
    /** One order per checkout: a second placement finds this one. */
    checkoutId: uuid('checkout_id').unique(),
    cartId: uuid('cart_id'),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    fulfillmentStatus: text('fulfillment_status').notNull().default('NOT_FULFILLED'),
    memberId: uuid('member_id'),
    visitorId: text('visitor_id'),
    buyerEmail: text('buyer_email'),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    channel: text('channel').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** lower(number, e-mail, names, product names): the free-text filter. */
    searchText: text('search_text').notNull(),
    snapshot: jsonb('snapshot').$type<OrderSnapshot>().notNull(),
    activities: jsonb('activities').$type<OrderActivity[]>().notNull().default([]),
    /** Whether this order took its items out of stock (at placement or when paid, per the checkout settings). */
    stockTaken: boolean('stock_taken').notNull().default(false),
    purchasedDate: ts('purchased_date').notNull(),
    ...rowDates(),
  },
  (t) => [
    index('orders_created_idx').on(t.createdDate, t.id),
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdDate, t.id),
    index('orders_status_idx').on(t.status, t.createdDate, t.id),
    index('orders_fulfillment_idx').on(t.fulfillmentStatus, t.createdDate, t.id),
    index('orders_member_idx').on(t.memberId, t.createdDate),
    index('orders_email_idx').on(sql`lower(${t.buyerEmail})`),
    index('orders_tags_idx').using('gin', t.tags),
  ],
);

/** A chargeback as Stripe last reported it (its `created` orders out-of-order events). */
export interface PaymentDispute {
  id: string;
  status: string;
  reason: string;
  amountMinor: string;
  eventCreated: number;
  updatedDate: string;
}

/** A payment of an order: a card charge (authorized, captured in parts, voided), an offline payment, a gift card. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** CREDIT_CARD, OFFLINE, GIFT_CARD or MANUAL. */
    method: text('method').notNull(),
    /** TEST_CARD, OFFLINE, GIFT_CARD or an app id. */
    provider: text('provider').notNull(),
    /** PAYMENT_STATUSES: APPROVED (captured), AUTHORIZED, PENDING, DECLINED, VOIDED, REFUNDED… */
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    capturedMinor: bigint('captured_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundedMinor: bigint('refunded_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    providerTransactionId: text('provider_transaction_id'),
    card: jsonb('card').$type<{ brand: string; lastFourDigits: string }>(),
    giftCardId: uuid('gift_card_id'),
    delayedCapture: boolean('delayed_capture').notNull().default(false),
    captures: jsonb('captures')
      .$type<Array<{ id: string; amountMinor: string; status: string; createdDate: string }>>()
      .notNull()
      .default([]),
    declineReason: text('decline_reason'),
    /** A capture or void planned at placement, run by the PAYMENT_SCHEDULED_ACTION job. */
    scheduledAction: jsonb('scheduled_action').$type<{
      actionType: 'CAPTURE' | 'VOID';
      executionDate: string;
      status: 'SCHEDULED' | 'STARTED' | 'SUCCEEDED' | 'FAILED';
    }>(),
    authorizedDate: ts('authorized_date'),
    voidedDate: ts('voided_date'),
    /** Whether real money moved: true for a live Stripe account, false for test cards and Stripe's test mode. */
    liveMode: boolean('live_mode'),
    /** The latest state of a chargeback the buyer's bank opened (Stripe's charge.dispute.* events). */
    dispute: jsonb('dispute').$type<PaymentDispute>(),
    ...rowDates(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    // Stripe's events name the PaymentIntent: find its payment without a scan.
    index('order_payments_provider_tx_idx').on(t.providerTransactionId),
  ],
);

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    payments: jsonb('payments').$type<Array<{ paymentId: string; amountMinor: string }>>().notNull(),
    reason: text('reason'),
    restocked: boolean('restocked').notNull().default(false),
    /** The lines this refund put back in stock: what is still out is what was bought less all refunds' lines. */
    restockedItems: jsonb('restocked_items')
      .$type<Array<{ lineItemId: string; quantity: number }>>()
      .notNull()
      .default([]),
    createdDate: ts('created_date').notNull(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/** Items of an order sent or made ready, with tracking. CANCELED ones no longer count towards the order's status. */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    status: text('status').notNull(),
    lineItems: jsonb('line_items').$type<Array<{ id: string; quantity: number }>>().notNull(),
    trackingInfo: jsonb('tracking_info').$type<{
      trackingNumber?: string;
      shippingProvider?: string;
      trackingLink?: string;
    }>(),
    ...rowDates(),
  },
  (t) => [index('order_fulfillments_order_idx').on(t.orderId)],
);
