import type { Checkout, Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { couponCustomerKey, redeemCoupon, type RedeemResult } from '../discounts/index.js';
import type { CheckoutRow } from '../checkout/index.js';

/**
 * Money-path rules a placement enforces on top of the checkout's own violations (docs/store/rules.md). Each refusal
 * is a 409 CHECKOUT_HAS_ERRORS whose violations say, in words, what to fix; the caller throws before charging or,
 * for the coupon, inside the commit transaction so that the charge rolls back with it.
 */

const other = (name: string, description: string): Violation => ({
  severity: 'ERROR',
  target: { other: { name } },
  description,
});

export function checkoutHasErrors(violations: Violation[]): AppError {
  return new AppError('CONFLICT', violations.map((v) => v.description).join(' '), {
    applicationCode: 'CHECKOUT_HAS_ERRORS',
    data: { violations },
  });
}

const isPickup = (o: NonNullable<Checkout['shippingInfo']['selectedCarrierServiceOption']>) =>
  o.kind === 'STORE_PICKUP' || o.kind === 'PICKUP_POINT' || o.logistics.pickupDetails !== undefined;

/**
 * ship.address-required and ship.option-required: something that travels needs a saved address to travel to (a
 * country, a street line and a city) and a delivery option, or a pickup option instead of the address. The option is
 * the one the checkout shows as selected: the buyer's choice, or the cheapest one the totals pick once the address
 * is saved. Digital-only checkouts need neither.
 */
export function shippingViolations(checkout: Checkout): Violation[] {
  if (!checkout.lineItems.some((l) => l.physicalProperties?.shippable)) return [];
  const selected = checkout.shippingInfo.selectedCarrierServiceOption;
  if (selected && isPickup(selected)) return [];
  const address = checkout.shippingInfo.shippingDestination?.address;
  const missing = [
    !address?.country && 'country',
    !address?.addressLine?.trim() && 'street address',
    !address?.city?.trim() && 'city',
  ].filter((m): m is string => Boolean(m));
  const out: Violation[] = [];
  if (missing.length) {
    out.push(
      other(
        'shippingInfo.shippingDestination',
        address
          ? `The shipping address needs a ${missing.join(', ')}: complete and save it.`
          : 'Enter and save a shipping address: some items are shipped.',
      ),
    );
  }
  if (!selected) {
    out.push(
      other('shippingInfo.selectedCarrierServiceOption', 'Choose a delivery option (or pickup) for the shipped items.'),
    );
  }
  return out;
}

const REDEEM_REFUSALS: Record<Exclude<RedeemResult, { redeemed: true }>['reason'], string> = {
  NOT_FOUND: 'The coupon is not valid.',
  NOT_VALID: 'The coupon is not valid.',
  USAGE_LIMIT_REACHED: 'The coupon has been used up.',
  CUSTOMER_LIMIT_REACHED: 'The coupon was already used the most times allowed per customer.',
};

/**
 * coupon.usage-limit and coupon.per-customer: counts the checkout's coupon for this order inside the placement's
 * transaction (redeemCoupon locks the coupon's row, so parallel orders queue and both limits hold exactly). The
 * customer is the member, or for a guest the buyer's e-mail. Does nothing (no statement) without a coupon.
 */
export async function redeemCheckoutCoupon(
  tx: Ctx,
  checkout: Checkout,
  row: CheckoutRow,
  orderId: string,
): Promise<void> {
  const coupon = checkout.appliedDiscounts.find((d) => d.coupon)?.coupon;
  if (!coupon) return;
  const customerKey = couponCustomerKey({
    ...(row.memberId ? { memberId: row.memberId } : {}),
    ...(row.visitorId ? { visitorId: row.visitorId } : {}),
    ...(checkout.buyerInfo.email ? { email: checkout.buyerInfo.email } : {}),
  });
  // A merchant's order with neither member nor e-mail is still counted once against the usage limit.
  const result = await redeemCoupon(tx, {
    couponId: coupon.id,
    customerKey: customerKey ?? `order:${orderId}`,
    orderId,
  });
  if (!result.redeemed) throw checkoutHasErrors([other('couponCode', REDEEM_REFUSALS[result.reason])]);
}
