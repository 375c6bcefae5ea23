import type { CardFacts } from './objects.js';

/** How one of Stripe's documented test card numbers behaves in the fake. */
export interface TestCard extends CardFacts {
  number: string;
  /** Set when the issuer declines every charge. */
  decline?: { code: string; message: string };
  /** Saving it without a charge (setup mode) works even though charging it is declined. */
  savable?: boolean;
  /** Paying later off-session answers `authentication_required`. */
  authenticatesOffSession?: boolean;
  /** A charge on it is disputed right after it succeeds (reason `fraudulent`). */
  disputes?: boolean;
}

const EXP_YEAR = new Date().getFullYear() + 3;

function card(number: string, brand: string, extra: Partial<TestCard> = {}): TestCard {
  return {
    number,
    brand,
    last4: number.slice(-4),
    funding: 'credit',
    country: 'US',
    expMonth: 12,
    expYear: EXP_YEAR,
    ...extra,
  };
}

export const CARD_DECLINED = 'Your card was declined.';
export const AUTHENTICATION_REQUIRED = 'Your card was declined. This transaction requires authentication.';

/** Stripe's test numbers the hosted page accepts; any other number is "incorrect", as on Stripe in test mode. */
export const TEST_CARDS = {
  visa: card('4242424242424242', 'visa'),
  mastercard: card('5555555555554444', 'mastercard'),
  declined: card('4000000000000002', 'visa', { decline: { code: 'generic_decline', message: CARD_DECLINED } }),
  insufficientFunds: card('4000000000009995', 'visa', {
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  }),
  declinesAfterSaving: card('4000000000000341', 'visa', {
    decline: { code: 'generic_decline', message: CARD_DECLINED },
    savable: true,
  }),
  authenticationRequired: card('4000002500003155', 'visa', { authenticatesOffSession: true }),
  alwaysAuthenticate: card('4000002760003184', 'visa', { authenticatesOffSession: true }),
  disputed: card('4000000000000259', 'visa', { disputes: true }),
} satisfies Record<string, TestCard>;

export function findTestCard(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return Object.values(TEST_CARDS).find((c: TestCard) => c.number === digits);
}
