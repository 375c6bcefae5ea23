import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.js';

/** What an order's buyer is asked to pay through a hosted page; the row is locked while it is paid (exactly once). */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** UNPAID or PAID; EXPIRED is read from `expires_date`. */
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    title: text('title').notNull(),
    expiresDate: ts('expires_date').notNull(),
    paidDate: ts('paid_date'),
    paymentId: uuid('payment_id'),
    createdDate: ts('created_date').notNull(),
  },
  (t) => [index('payment_requests_order_idx').on(t.orderId)],
);
