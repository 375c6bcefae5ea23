import { bigint, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DelayedCaptureSettings } from '@plaza/contracts';
import { rowDates, ts } from '../../lib/columns.js';

/**
 * The payment outbox: a capture, void or refund that a payment provider must carry out. The row is committed before
 * the provider is asked, keyed by its id (our transaction id at the provider, so asking twice is one operation there),
 * and settled by a second transaction with what the provider answered. After a crash between the two, the
 * PAYMENT_OPERATION job asks again and settles it: our books and the provider's always end up agreeing.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    /** CAPTURE, VOID or REFUND. */
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** PENDING until the provider's answer is recorded; then SUCCEEDED or FAILED. */
    status: text('status').notNull(),
    /** The order_refunds row a REFUND belongs to. */
    refundId: uuid('refund_id'),
    /** Whether the buyer gets the refund e-mail once the refund has gone through. */
    notifyBuyer: boolean('notify_buyer').notNull().default(false),
    /** The provider's refusal, in its words. */
    failure: text('failure'),
    ...rowDates(),
  },
  (t) => [index('payment_operations_payment_idx').on(t.paymentId), index('payment_operations_order_idx').on(t.orderId)],
);

/**
 * Payment gateway orders (the collector's prepare-payment-collection and create-payment-gateway-order): an amount of
 * an order a payment is about to collect, outside checkout (a point of sale, a payment app). Until `expires_date` it
 * holds that part of the order's balance, so two collections never ask for the same money.
 */
export const paymentGatewayOrders = pgTable(
  'payment_gateway_orders',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    delayedCapture: boolean('delayed_capture').notNull().default(false),
    delayedCaptureSettings: jsonb('delayed_capture_settings').$type<DelayedCaptureSettings>(),
    chargedBy: jsonb('charged_by').$type<{ id?: string; fullName?: string }>(),
    expiresDate: ts('expires_date').notNull(),
    ...rowDates(),
  },
  (t) => [index('payment_gateway_orders_order_idx').on(t.orderId, t.expiresDate)],
);
