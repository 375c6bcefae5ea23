import type Stripe from 'stripe';
import type { StripeSessionResponse } from '@plaza/contracts';
import type { Ctx } from '../../../kernel/context.js';
import { violation } from '../../../kernel/errors.js';
import type { AuthorizeInput, AuthorizeResult } from '../provider.js';
import { requireStripe } from './account.js';
import { brandName } from './cards.js';
import { checkoutPurpose } from './sessions.js';

/**
 * A buyer's new card for renewals, saved on Stripe's page (a Checkout Session in setup mode: the bank confirms the
 * card there, 3-D Secure included, so later renewals can be charged without the buyer). `purpose` names what the
 * card is for (`contract:<id>`): only a card check for that same purpose may take the card.
 */
export async function createCardSetupSession(
  ctx: Ctx,
  req: { purpose: string; currency: string; currentToken?: string; email?: string; returnUrl: string },
): Promise<StripeSessionResponse> {
  const { stripe } = await requireStripe(ctx);
  const known = req.currentToken?.startsWith('stripe_pm:') ? req.currentToken.split(':')[1] : undefined;
  const customer = known ?? (await stripe.customers.create(req.email ? { email: req.email } : {})).id;
  const back = new URL(req.returnUrl);
  back.searchParams.set('stripe_setup', '{CHECKOUT_SESSION_ID}');
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    currency: req.currency.toLowerCase(),
    customer,
    // Stripe replaces the placeholder itself: it must reach Stripe unescaped.
    success_url: back.toString().replace(encodeURIComponent('{CHECKOUT_SESSION_ID}'), '{CHECKOUT_SESSION_ID}'),
    cancel_url: req.returnUrl,
    metadata: { plaza_purpose: req.purpose },
    setup_intent_data: { metadata: { plaza_purpose: req.purpose } },
  });
  return { sessionId: session.id, url: session.url ?? '' };
}

/**
 * Whether a card saved on Stripe's page is for this check: a subscription's card change (`contract:<id>`), or a
 * checkout's (its quote's fingerprint, hashed, and placed only as the payment id its session drew: one order).
 */
function forThis(metadata: Stripe.Metadata, input: AuthorizeInput): boolean {
  const purpose = metadata.plaza_purpose;
  if (!purpose || !input.quoteFingerprint) return false;
  if (purpose === input.quoteFingerprint) return true;
  return purpose === checkoutPurpose(input.quoteFingerprint) && metadata.plaza_payment_id === input.transactionId;
}

/** A card check with `stripe_setup:<session>`: the card saved on Stripe's page, for the purpose it was saved for. */
export async function authorizeSetup(ctx: Ctx, sessionId: string, input: AuthorizeInput): Promise<AuthorizeResult> {
  const { stripe, live } = await requireStripe(ctx);
  const session = await stripe.checkout.sessions
    .retrieve(sessionId, { expand: ['setup_intent.payment_method'] })
    .catch(() => undefined);
  const setup = session?.setup_intent;
  if (!session || !forThis(session.metadata ?? {}, input) || !setup || typeof setup === 'string') {
    throw violation('paymentToken', 'FORMAT', 'paymentToken is not a card saved on Stripe for this subscription');
  }
  if (setup.status !== 'succeeded') {
    return {
      status: 'DECLINED',
      providerTransactionId: setup.id,
      declineReason: 'The card was not saved on Stripe’s page',
    };
  }
  const method = setup.payment_method as Stripe.PaymentMethod;
  const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
  const card = method.card ? { brand: brandName(method.card.brand), lastFourDigits: method.card.last4 } : undefined;
  return {
    status: 'AUTHORIZED',
    providerTransactionId: setup.id,
    ...(card ? { card } : {}),
    liveMode: live,
    savedPaymentToken: `stripe_pm:${customer}:${method.id}`,
  };
}
