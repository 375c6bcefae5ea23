import type { AppliedDiscount, Violation } from '@plaza/contracts';
import { violation } from '../../kernel/errors.js';

/**
 * A coupon code the caller has just given (cart PATCH, checkout create or PATCH) must apply to what is bought now.
 * When the totals did not apply it, the change is refused: 400 naming `couponCode` with the totals' reason in words
 * ("There is no code WELCOME10.", "Code SAVE5 needs a subtotal of $50.00."), and nothing is stored. So a code the
 * shopper types is either applied or said to be wrong next to its field; it never sits in the cart unapplied.
 */
export function assertCouponApplied(
  given: string | undefined,
  answer: { appliedDiscounts: AppliedDiscount[]; violations: Violation[] },
): void {
  if (!given || answer.appliedDiscounts.some((d) => d.coupon)) return;
  const why = answer.violations.find((v) => v.target.other?.name === 'couponCode')?.description;
  throw violation('couponCode', 'VALIDATION', why ?? `Code ${given} does not apply.`);
}
