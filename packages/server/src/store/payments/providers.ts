import { violation } from '../../kernel/errors.js';
import type { PaymentProvider } from './provider.js';
import { APP_PROVIDER_ID, appPaymentProvider } from './app-provider.js';
import { stripeProvider, STRIPE_PROVIDER_ID } from './stripe/provider.js';
import { testCardProvider } from './test-card.js';

/**
 * Test-card tokens (`tc_…`) and Stripe's (`stripe_…`) are built in; any other token is for the payment app, when one
 * is plugged in.
 */
export const providerForToken = (token: string): PaymentProvider =>
  token.startsWith('tc_') ? testCardProvider : token.startsWith('stripe_') ? stripeProvider : appPaymentProvider;

/** The provider that moved a recorded payment (its `provider` column), for its capture, void or refund. */
export const providerOf = (payment: { provider: string }): PaymentProvider =>
  providerById(payment.provider) ?? testCardProvider;

export const providerById = (id: string): PaymentProvider | undefined =>
  id === APP_PROVIDER_ID
    ? appPaymentProvider
    : id === STRIPE_PROVIDER_ID
      ? stripeProvider
      : id === testCardProvider.id
        ? testCardProvider
        : undefined;

/**
 * Whether a charge with this token needs the authorization guard: real money, asked for by the placement itself. A
 * Stripe Checkout Session was paid before the placement; its completion (stripe/completion.ts) gives the money back
 * when the placement is refused, and must never release a payment the buyer may still be finishing.
 */
export const needsGuard = (token: string): boolean =>
  providerForToken(token) !== testCardProvider && !token.startsWith('stripe_cs:');

/**
 * A token a buyer may hand in. A saved Stripe card (`stripe_pm:…`) is charged by renewals only: taken from a request,
 * it would let anyone who learned its ids pay with someone else's card.
 */
export function buyerProviderForToken(token: string): PaymentProvider {
  if (token.startsWith('stripe_pm:')) {
    throw violation('paymentToken', 'FORMAT', 'paymentToken is not a card token this shop issued');
  }
  return providerForToken(token);
}
