import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { LineItem } from '@plaza/contracts';
import { rowDates, ts } from '../../lib/columns.js';

/**
 * Subscription contracts, one per subscription line of an order. `cyclesCompleted` counts charges made (1 after the
 * checkout); a renewal job names the cycle it charges, so a retried or doubled job finds it done and stops.
 */
export const subscriptionContracts = pgTable(
  'subscription_contracts',
  {
    id: uuid('id').primaryKey(),
    /** ACTIVE, PAUSED, CANCELED or ENDED. */
    status: text('status').notNull(),
    originOrderId: uuid('origin_order_id').notNull(),
    memberId: uuid('member_id'),
    visitorId: text('visitor_id'),
    buyerEmail: text('buyer_email'),
    /** The subscription line as bought: each renewal order carries it again. */
    lineItem: jsonb('line_item').$type<LineItem>().notNull(),
    frequency: text('frequency').notNull(),
    interval: integer('interval').notNull(),
    billingCycles: integer('billing_cycles'),
    /** Cycle dates count from here (the checkout's first charge or the chosen start date). */
    startDate: ts('start_date').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    channel: text('channel').notNull(),
    cyclesCompleted: integer('cycles_completed').notNull(),
    nextBillingDate: ts('next_billing_date'),
    /** The saved card: the provider, its reusable token (no card number), and how to show it. */
    paymentMethod: jsonb('payment_method')
      .$type<{ provider: string; token: string; brand: string; lastFourDigits: string }>()
      .notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailure: jsonb('last_failure').$type<{ date: string; reason: string }>(),
    renewalOrderIds: jsonb('renewal_order_ids').$type<string[]>().notNull().default([]),
    canceledDate: ts('canceled_date'),
    ...rowDates(),
  },
  (t) => [
    index('subscription_contracts_list_idx').on(t.createdDate, t.id),
    index('subscription_contracts_member_idx').on(t.memberId, t.createdDate),
  ],
);
