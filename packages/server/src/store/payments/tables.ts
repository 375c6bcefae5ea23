import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowDates } from '../../lib/columns.js';

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
