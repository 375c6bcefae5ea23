import type { Checkout, Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import type { GiftCardResult, TotalsInput } from '../totals/index.js';
import { cardsByCode } from './cache.js';
import { hashCode } from './model.js';

/**
 * A gift card that cannot pay: an ERROR, so nobody is charged what they expected the card to pay. A code the buyer
 * gives is refused at once instead (`assertGiftCardApplied`); this is a stored card that stopped paying since.
 */
const refused = (description: string): { violations: Violation[] } => ({
  violations: [{ severity: 'ERROR', target: { other: { name: 'giftCard' } }, description }],
});

/** The gift card given by code: how much of `due` it pays (its balance is only read here; orders reserve it). */
export async function giftCardStage(
  ctx: Ctx,
  input: TotalsInput,
  due: bigint,
): Promise<{ result?: GiftCardResult; violations: Violation[] }> {
  if (!input.giftCardCode) return { violations: [] };
  const card = await cardsByCode.get(ctx, hashCode(input.giftCardCode));
  // One answer for unknown and disabled codes, so codes cannot be probed for existence.
  if (!card || card.disabled) return refused('This gift card code is not valid');
  if (card.expirationDate && card.expirationDate <= input.now) {
    return refused(`This gift card expired on ${card.expirationDate.toISOString().slice(0, 10)}`);
  }
  if (card.currency !== input.currency) {
    return refused(`This gift card is in ${card.currency}; this purchase is in ${input.currency}`);
  }
  if (card.balance <= 0n) return refused('This gift card has no balance left');
  const applied = due < card.balance ? (due > 0n ? due : 0n) : card.balance;
  return {
    result: { id: card.id, obfuscatedCode: `•••• ${card.last4}`, applied, balance: card.balance },
    violations: [],
  };
}

/**
 * A gift card code the buyer has just given (checkout create or PATCH) must pay: otherwise the change is refused with
 * 400 naming `giftCardCode` and the reason in words, and nothing is stored.
 */
export function assertGiftCardApplied(given: string | undefined, checkout: Checkout): void {
  if (!given || checkout.giftCard) return;
  const why = checkout.violations.find((v) => v.target.other?.name === 'giftCard')?.description;
  throw violation('giftCardCode', 'VALIDATION', why ?? 'This gift card code is not valid');
}
