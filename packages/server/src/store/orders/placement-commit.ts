import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { getCheckoutSettings, loadCheckout } from '../checkout/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { reserveGiftCardBalance } from '../gift-cards/index.js';
import { activity } from './activity.js';
import { derivePaymentStatus, holdsStock } from './payment-status.js';
import type { PlaceOptions } from './placement-options.js';
import { placementPayments, type AuthorizeResult } from './placement-payments.js';
import { checkoutHasErrors } from './placement-rules.js';
import { fingerprintOf, orderOfCompleted, type Quote } from './placement-quote.js';
import { cardPaymentRow, snapshotOf, UNIT_MS } from './placement-rows.js';
import { completeForNumberedOrder, completeForOrder, PAYMENT_DEFAULTS } from './placement-rows.sql.js';
import { orderPlacedMail, writePlacedOrder, type Committed } from './placement-write.js';

export type { Committed };
import type { orderPayments, OrderSnapshot } from './tables.js';
import { searchTextOf, type OrderRow, type PaymentRow } from './wire.js';

/** Another placement of the same checkout committed first: answer its order (and release this one's payment). */
export class AlreadyPlaced extends Error {
  constructor(readonly orderId: string) {
    super('The checkout was placed by another request');
  }
}

/**
 * Stage 3 of placing an order: one short transaction. It locks the checkout, checks that the quote still holds (not
 * placed meanwhile, nothing the buyer chose changed; the gift card's balance, the coupon's limits and the stock are
 * checked by the writes that take them), then writes the order with its payments, activities, confirmation and
 * ecom.order.created, and runs every module's placement handler. Any refusal rolls all of it back; the caller then
 * releases the payment.
 */
export async function commitQuote(
  tx: Ctx,
  quote: Quote,
  opts: PlaceOptions & { paymentId: string },
  charge: AuthorizeResult | undefined,
): Promise<Committed> {
  const row = await loadCheckout(tx, quote.row.id, true);
  if (row.completed) throw new AlreadyPlaced(await orderOfCompleted(tx, row.id));
  if (fingerprintOf(row) !== quote.fingerprint) {
    throw checkoutHasErrors([
      {
        severity: 'ERROR',
        target: { other: { name: 'checkout' } },
        description: 'The checkout changed while it was being paid: check it and pay again.',
      },
    ]);
  }
  const { checkout } = quote;
  const now = tx.clock();
  const orderId = uuidv7(now.getTime());
  const payments = await paymentRows(tx, quote, opts, charge, { orderId, now });
  const paymentStatus = derivePaymentStatus({
    totalMinor: quote.totalMinor,
    approval: 'APPROVED',
    payments: payments.map((p) => ({
      status: p.status,
      amountMinor: p.amountMinor,
      capturedMinor: p.capturedMinor,
      refundedMinor: 0n,
    })),
  });
  const settings = await getCheckoutSettings(tx);
  const paid = paymentStatus === 'PAID';
  const keepStock = opts.merchant?.stock === 'KEEP';
  const takeStock =
    !keepStock &&
    (opts.merchant?.stock === 'TAKE' ||
      settings.inventoryUpdateTrigger === 'ON_ORDER_PLACED' ||
      holdsStock(paymentStatus));
  // Waiting for the buyer's bank, or an online order with nothing paid yet: not approved until the money comes.
  const waiting =
    paymentStatus === 'PENDING' ||
    (paymentStatus === 'NOT_PAID' && checkout.paymentOption !== 'FULL_PAYMENT_OFFLINE' && quote.dueNow > 0n);
  const activities = [activity(tx, 'ORDER_PLACED', opts.merchant ? { author: opts.merchant.author } : {})];
  if (paid) activities.push(activity(tx, 'ORDER_PAID'));
  if (paymentStatus === 'PARTIALLY_PAID') activities.push(activity(tx, 'ORDER_PARTIALLY_PAID'));
  if (paymentStatus === 'PENDING') activities.push(activity(tx, 'PAYMENT_PENDING'));
  const subscribes = checkout.subscriptionCharges.length > 0;
  if ((opts.savePaymentMethod || subscribes) && charge) activities.push(activity(tx, 'SAVED_PAYMENT_METHOD'));

  // The checkout is done. The same statement draws the order's number and says whether a reminder is out for the
  // checkout (most were never abandoned): one round trip instead of three.
  const [completed] = opts.orderNumber
    ? await completeForNumberedOrder(tx.db).execute({ id: row.id, now, number: opts.orderNumber })
    : await completeForOrder(tx.db).execute({ id: row.id, now });
  const number = Number(completed!.number);
  const snapshot: OrderSnapshot = { ...snapshotOf(checkout), ...(keepStock ? { keepStock } : {}) };
  // The rows exactly as written: the answer, the event and the e-mail need no read back.
  const saved: OrderRow = {
    id: orderId,
    number,
    checkoutId: row.id,
    cartId: row.cartId,
    status: waiting ? 'INITIALIZED' : 'APPROVED',
    paymentStatus,
    fulfillmentStatus: 'NOT_FULFILLED',
    memberId: row.memberId,
    visitorId: row.visitorId,
    buyerEmail: checkout.buyerInfo.email ?? null,
    currency: checkout.currency,
    totalMinor: quote.totalMinor,
    channel: checkout.channelType,
    searchText: searchTextOf(number, checkout.buyerInfo.email, snapshot),
    snapshot,
    tags: opts.merchant?.tags ?? [],
    activities,
    stockTaken: takeStock,
    purchasedDate: now,
    createdDate: now,
    updatedDate: now,
  };
  const mail = await confirmation(tx, quote, opts, { orderId, number, paid });
  const placed = { orderId, row, checkout, opts, charge, paid, takeStock, payLater: quote.payLater };
  const abandoned = Boolean(completed?.abandoned);
  return writePlacedOrder(tx, { saved, payments, mail, placed: { ...placed, abandoned } });
}

/** The order's payments: the gift card's share (its balance reserved under lock, or refused) and the card's. */
async function paymentRows(
  tx: Ctx,
  quote: Quote,
  opts: PlaceOptions & { paymentId: string },
  charge: AuthorizeResult | undefined,
  at: { orderId: string; now: Date },
): Promise<PaymentRow[]> {
  const { orderId, now } = at;
  const payments: Array<typeof orderPayments.$inferInsert> = [];
  const base = { orderId, createdDate: now, updatedDate: now };
  if (quote.giftMinor > 0n) {
    const { giftCardId } = await reserveGiftCardBalance(tx, {
      code: quote.row.giftCardCode!,
      amount: quote.giftMinor,
      orderId,
    });
    payments.push({
      ...base,
      id: uuidv7(now.getTime()),
      method: 'GIFT_CARD',
      provider: 'GIFT_CARD',
      status: 'APPROVED',
      amountMinor: quote.giftMinor,
      capturedMinor: quote.giftMinor,
      giftCardId,
    });
  }
  if (quote.membershipMinor > 0n) {
    // The plans' credits are taken by their placement handler, in this transaction; this row counts what they pay.
    payments.push({
      ...base,
      id: uuidv7(now.getTime()),
      method: 'MEMBERSHIP',
      provider: 'MEMBERSHIP',
      status: 'APPROVED',
      amountMinor: quote.membershipMinor,
      capturedMinor: quote.membershipMinor,
    });
  }
  // A card check of 0 (a free trial's card, for its renewals) pays nothing: no payment row.
  if (charge && quote.dueNow > 0n) {
    const plan = charge.status === 'AUTHORIZED' ? opts.delayedCaptureSettings : undefined;
    const executionDate = plan
      ? new Date(now.getTime() + plan.delayDuration.value * UNIT_MS[plan.delayDuration.unit])
      : undefined;
    if (executionDate) {
      await enqueueJob(tx, {
        kind: 'PAYMENT_SCHEDULED_ACTION',
        payload: { orderId, paymentId: opts.paymentId },
        runAt: executionDate,
      });
    }
    const provider = placementPayments().providerForToken(opts.paymentToken!).id;
    payments.push(
      cardPaymentRow(
        { ...base, id: opts.paymentId },
        { charge, provider, dueNow: quote.dueNow, now, opts, executionDate },
      ),
    );
  }
  return payments.map((p): PaymentRow => ({ ...PAYMENT_DEFAULTS, ...p }));
}

/** The confirmation is written with the order: one per order, even if the process dies after the commit. */
async function confirmation(
  tx: Ctx,
  quote: Quote,
  opts: PlaceOptions,
  o: { orderId: string; number: number; paid: boolean },
) {
  const { checkout } = quote;
  const email = checkout.buyerInfo.email;
  if (!email || !(opts.merchant?.sendEmail ?? true)) return undefined;
  return orderPlacedMail(tx, {
    to: email,
    ...o,
    lines: checkout.lineItems,
    shippingInfo: snapshotOf(checkout).shippingInfo,
    total: checkout.priceSummary.total.formattedAmount,
  });
}
