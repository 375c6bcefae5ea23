import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TestCardTokenRequest, TestCardTokenResponse } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import type { AuthorizeResult, PaymentProvider } from './provider.js';
import { assertOutsideTransaction } from '../../kernel/tx-guard.js';
import { stripeIsLive } from './stripe/account.js';

/**
 * The built-in test-card provider: no money moves and no card number is kept. The hosted checkout's card form turns
 * a test number into a signed token; the number decides what the "bank" answers (docs/store/payments.md):
 */
export const TEST_CARDS: Record<string, { brand: string; outcome: Outcome; says: string }> = {
  '4242424242424242': { brand: 'Visa', outcome: 'SUCCESS', says: 'Pays' },
  '5555555555554444': { brand: 'Mastercard', outcome: 'SUCCESS', says: 'Pays' },
  '4000000000000002': { brand: 'Visa', outcome: 'DECLINED', says: 'Declined by the bank' },
  '4000000000009995': { brand: 'Visa', outcome: 'INSUFFICIENT_FUNDS', says: 'Declined: not enough money' },
  '4000000000003220': { brand: 'Visa', outcome: 'PENDING', says: 'Waits for the bank (3-D Secure)' },
};
type Outcome = 'SUCCESS' | 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'PENDING';
interface TokenBody {
  brand: string;
  last4: string;
  outcome: Outcome;
}

const sign = (ctx: Ctx, body: string) =>
  createHmac('sha256', ctx.keys.secret('test-card-token')).update(body).digest().subarray(0, 16).toString('base64url');

/** Card number → token. Only the documented test numbers are accepted: this provider never sees a real card. */
export function tokenizeTestCard(ctx: Ctx, req: TestCardTokenRequest): TestCardTokenResponse {
  const number = req.cardNumber.replace(/[\s-]/g, '');
  const card = TEST_CARDS[number];
  if (!card) {
    throw violation(
      'cardNumber',
      'VALIDATION',
      'This shop takes test cards only: use 4242 4242 4242 4242 (or another number in the payments guide)',
    );
  }
  const now = ctx.clock();
  const endOfExpiryMonth = new Date(Date.UTC(req.expiryYear, req.expiryMonth, 1));
  if (endOfExpiryMonth <= now) throw violation('expiryYear', 'VALIDATION', 'The card has expired');
  const body = Buffer.from(
    JSON.stringify({ brand: card.brand, last4: number.slice(-4), outcome: card.outcome }),
  ).toString('base64url');
  return { paymentToken: `tc_${body}.${sign(ctx, body)}`, brand: card.brand, lastFourDigits: number.slice(-4) };
}

function readToken(ctx: Ctx, token: string): TokenBody {
  const m = /^tc_([\w-]+)\.([\w-]+)$/.exec(token);
  const expected = m ? sign(ctx, m[1]!) : '';
  if (!m || m[2]!.length !== expected.length || !timingSafeEqual(Buffer.from(m[2]!), Buffer.from(expected))) {
    throw violation('paymentToken', 'FORMAT', 'paymentToken is not a card token this shop issued');
  }
  return JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as TokenBody;
}

// The test bank stands in for a real one, so the rule for remote calls holds for it too: never inside a transaction.
const agree = (call: string) => {
  assertOutsideTransaction(call);
  return Promise.resolve({ ok: true });
};

/** Why a test card is declined once the shop takes real money (Stripe in live mode). */
export const TEST_CARDS_OFF = 'This shop takes real card payments: test cards are declined.';

export const testCardProvider: PaymentProvider = {
  id: 'TEST_CARD',
  async authorize(ctx, input): Promise<AuthorizeResult> {
    assertOutsideTransaction('authorizing a card payment');
    const t = readToken(ctx, input.paymentToken);
    const card = { brand: t.brand, lastFourDigits: t.last4 };
    const providerTransactionId = `test_${input.transactionId}`;
    // A live shop sells for real money: a test card (made through the API, say) pays for nothing there.
    if (await stripeIsLive(ctx)) {
      return { status: 'DECLINED', card, providerTransactionId, declineReason: TEST_CARDS_OFF };
    }
    if (t.outcome === 'DECLINED')
      return {
        status: 'DECLINED',
        card,
        providerTransactionId,
        declineReason: 'The card was declined.',
      };
    if (t.outcome === 'INSUFFICIENT_FUNDS') {
      return {
        status: 'DECLINED',
        card,
        providerTransactionId,
        declineReason: 'The card has insufficient funds.',
      };
    }
    if (t.outcome === 'PENDING') return { status: 'PENDING', card, providerTransactionId };
    return { status: input.capture ? 'APPROVED' : 'AUTHORIZED', card, providerTransactionId };
  },
  // The test bank always agrees; our own checks (never more than authorized or captured) run before it is asked.
  capture: () => agree('capturing a card payment'),
  void: () => agree('voiding a card payment'),
  refund: () => agree('refunding a card payment'),
};
