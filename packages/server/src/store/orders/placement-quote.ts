import { eq } from 'drizzle-orm';
import type { Checkout } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { parseAmount } from '../pricing/index.js';
import { type CheckoutRow, loadCheckout, renderCheckout } from '../checkout/index.js';
import type { PlaceOptions } from './placement-options.js';
import { checkoutHasErrors, shippingViolations } from './placement-rules.js';
import { orders } from './tables.js';

/**
 * Stage 1 of placing an order: everything the price depends on, gathered and priced outside any transaction (the
 * catalog, the settings and every service plugin's answer: shipping rates, fees, validations, tax, discount
 * triggers), and every refusal that needs no lock. The commit checks that it still holds.
 */
export interface Quote {
  /** The checkout row as it was read, unlocked. */
  row: CheckoutRow;
  /** The checkout as the buyer is charged for it. */
  checkout: Checkout;
  /** What the buyer chose (lines, codes, addresses, options): the commit refuses when it changed since. */
  fingerprint: string;
  totalMinor: bigint;
  /** What the card pays now (after a gift card and, with a deposit, before the balance). */
  dueNow: bigint;
  giftMinor: bigint;
  /** What the buyer's plans pay (lines paid with credits): recorded as a MEMBERSHIP payment. */
  membershipMinor: bigint;
  payLater: bigint;
}

/** A checkout someone already placed: its order. */
export interface AlreadyQuoted {
  placedOrderId: string;
}

/** The part of a checkout row the buyer chose; equal fingerprints mean the same purchase. */
export const fingerprintOf = (row: CheckoutRow): string => {
  // The total last shown is the checkout's memory of its answers, not something the buyer chose.
  const { shownTotal: _shown, ...info } = row.info;
  return JSON.stringify([row.lines, info, row.couponCode, row.giftCardCode, row.memberId, row.visitorId]);
};

/** The order of a completed checkout, or CHECKOUT_ALREADY_COMPLETED when it was completed without one here. */
export async function orderOfCompleted(ctx: Ctx, checkoutId: string): Promise<string> {
  const [existing] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
  if (existing) return existing.id;
  throw new AppError('CONFLICT', 'This checkout was completed elsewhere, without an order here', {
    applicationCode: 'CHECKOUT_ALREADY_COMPLETED',
  });
}

export async function quoteCheckout(ctx: Ctx, checkoutId: string, opts: PlaceOptions): Promise<Quote | AlreadyQuoted> {
  const row = await loadCheckout(ctx, checkoutId);
  if (row.completed) return { placedOrderId: await orderOfCompleted(ctx, checkoutId) };
  const checkout = await renderCheckout(ctx, row);
  refuseUnplaceable(ctx, checkout, opts);
  const minor = (amount: string) => parseAmount(amount, checkout.currency, 'amount');
  const { priceSummary } = checkout;
  const totalMinor = minor(priceSummary.total.amount);
  refuseUnseenTotal(row, checkout, totalMinor);
  return {
    row,
    checkout,
    fingerprint: fingerprintOf(row),
    totalMinor,
    dueNow: minor(priceSummary.payNow.amount),
    giftMinor: checkout.giftCard ? minor(checkout.giftCard.amount.amount) : 0n,
    membershipMinor: priceSummary.membership ? minor(priceSummary.membership.amount) : 0n,
    payLater: priceSummary.payLater ? minor(priceSummary.payLater.amount) : 0n,
  };
}

/** The refusals that come before any charge: nothing is asked of a payment provider for a checkout that can't be. */
function refuseUnplaceable(ctx: Ctx, checkout: Checkout, opts: PlaceOptions): void {
  if (!checkout.lineItems.length) throw violation('lineItems', 'REQUIRED_FIELD', 'The checkout has no items');
  const soldOut = checkout.lineItems.find((l) => l.availability?.status === 'NOT_AVAILABLE');
  if (soldOut) {
    throw new AppError('CONFLICT', `${soldOut.productName} is out of stock`, {
      applicationCode: 'OUT_OF_STOCK',
      data: { lineItemId: soldOut.id },
    });
  }
  const errors = checkout.violations.filter((v) => v.severity === 'ERROR');
  if (errors.length) {
    throw new AppError('CONFLICT', errors[0]!.description, {
      applicationCode: 'CHECKOUT_HAS_ERRORS',
      data: { violations: errors },
    });
  }
  if (!checkout.buyerInfo.email && ctx.caller.type === 'ANONYMOUS_VISITOR') {
    throw violation('checkoutInfo.buyerInfo.email', 'REQUIRED_FIELD', 'Enter an e-mail address for the order');
  }
  // Nothing that travels is paid for without somewhere to send it. A merchant's order (a sale made elsewhere, an
  // import) may be addressed later, on the order.
  const unshippable = opts.merchant ? [] : shippingViolations(checkout);
  if (unshippable.length) throw checkoutHasErrors(unshippable);
  if (checkout.subscriptionCharges.length > 0 && !opts.paymentToken) {
    throw violation(
      'paymentToken',
      'REQUIRED_FIELD',
      'Subscriptions are paid by card: place it with create-order-and-charge',
    );
  }
  if (opts.paymentToken && checkout.paymentOption === 'FULL_PAYMENT_OFFLINE') {
    throw violation('paymentToken', 'VALIDATION', 'This checkout is paid offline: place it with create-order');
  }
  // payment.online-needs-card: create-order places an online checkout only when nothing is due now (a gift card
  // pays it all, a free order). A merchant's order is paid as the merchant records it.
  const dueNow = checkout.priceSummary.payNow.amount;
  if (!opts.paymentToken && !opts.merchant && checkout.paymentOption !== 'FULL_PAYMENT_OFFLINE' && Number(dueNow)) {
    throw new AppError(
      'CONFLICT',
      `This checkout is paid online: ${checkout.priceSummary.payNow.formattedAmount} is due now. ` +
        'Pay it by card (create-order-and-charge), or choose to pay offline.',
      { applicationCode: 'PAYMENT_REQUIRED', data: { paymentOption: checkout.paymentOption } },
    );
  }
}

/**
 * money.shown-total: the order is charged only the total the checkout last showed (GET, create or a change). A
 * price, tax or discount changed since refuses it, nothing charged, naming both totals; the next answer shows the
 * new total and remembers it, so the buyer who has seen it can place the order.
 */
function refuseUnseenTotal(row: CheckoutRow, checkout: Checkout, totalMinor: bigint): void {
  const shown = row.info.shownTotal;
  if (!shown || BigInt(shown.minor) === totalMinor) return;
  throw checkoutHasErrors([
    {
      severity: 'ERROR',
      target: { other: { name: 'priceSummary.total' } },
      description:
        `The total changed from ${shown.formatted} to ${checkout.priceSummary.total.formattedAmount} since it was ` +
        'shown. Check the order and place it again.',
    },
  ]);
}
