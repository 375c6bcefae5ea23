import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { completeCheckoutStatement } from '../checkout/index.js';
import { preparedChangeAndEmit } from '../../platform/events/index.js';
import { insertComposedMails } from '../../platform/mail/index.js';
import { orderPayments, orders } from './tables.js';

// The statements a placement writes with (module constants: built once, lib/prepared.ts).

/**
 * The order, its payments, its confirmation and ecom.order.created in one statement (prepared once): whole rows as
 * JSON parameters (lib/record-json.ts). A key missing from a row is NULL, not the column's default: every payment row
 * starts from PAYMENT_DEFAULTS, checked against the table by placement-rows.sql.test.ts.
 */
export const writeOrder = preparedChangeAndEmit(
  'order_write',
  sql`INSERT INTO ${orders} SELECT * FROM jsonb_populate_record(NULL::${orders}, ${sql.placeholder('order')}::jsonb)
    RETURNING 1`,
  [
    sql`INSERT INTO ${orderPayments}
      SELECT * FROM jsonb_populate_recordset(NULL::${orderPayments}, ${sql.placeholder('payments')}::jsonb) RETURNING 1`,
    insertComposedMails('mails'),
  ],
);
/** Completes the checkout and draws the order's number in one round trip, asking whether a reminder was out. */
export const completeForOrder = completeCheckoutStatement('checkout_complete_for_order', () => ({
  number: sql<string>`nextval('order_number_seq')::text`,
  abandoned: reminderOut(sql.placeholder('id')),
}));

/** The same, for an order whose number was drawn before (shown on a payment page): the number is the one given. */
export const completeForNumberedOrder = completeCheckoutStatement('checkout_complete_for_numbered_order', () => ({
  number: sql<string>`${sql.placeholder('number')}::text`,
  abandoned: reminderOut(sql.placeholder('id')),
}));

let reminderOut: (checkoutId: Placeholder) => SQL<boolean> = () => sql<boolean>`false`;

/**
 * Set once by the app (src/module-wiring.ts): whether the checkout had a reminder out, asked in the statement that
 * completes it (abandoned checkouts answer; the placement does not know their table).
 */
export function useReminderCheck(check: (checkoutId: Placeholder) => SQL<boolean>): void {
  reminderOut = check;
}
/** What a payment row is when its writer says nothing of it: the columns' defaults, and NULL for the rest. */
export const PAYMENT_DEFAULTS = {
  capturedMinor: 0n,
  refundedMinor: 0n,
  providerTransactionId: null,
  card: null,
  giftCardId: null,
  delayedCapture: false,
  captures: [],
  declineReason: null,
  scheduledAction: null,
  authorizedDate: null,
  voidedDate: null,
  liveMode: null,
  dispute: null,
};
