import Stripe from 'stripe';
import type { Ctx } from '../../../kernel/context.js';
import { AppError, violation } from '../../../kernel/errors.js';
import { assertOutsideTransaction } from '../../../kernel/tx-guard.js';
import type { AuthorizeInput, AuthorizeResult, PaymentProvider } from '../provider.js';
import { requireStripe } from './account.js';
import { authorizeSetup } from './card-setup.js';
import { brandName } from './cards.js';
import { sessionById, sessionByPayment, type SessionRow } from './sessions.js';

export const STRIPE_PROVIDER_ID = 'STRIPE';

/** What the buyer is told when the quote their Stripe session was made for no longer holds. */
export const QUOTE_CHANGED = 'The checkout changed while you were paying (a price, a code or what is in it).';

/** A refusal in Stripe's words: final, recorded as FAILED by the payment outbox. */
const refused = (message: string) => new AppError('CONFLICT', message, { applicationCode: 'PAYMENT_PROVIDER_FAILED' });

/** The buyer has not finished on Stripe's page yet: not a refusal, nothing changes. */
export const notFinished = () =>
  new AppError('CONFLICT', 'The payment has not gone through yet: finish it on the payment page', {
    applicationCode: 'STRIPE_PAYMENT_NOT_FINISHED',
  });

const cardOf = (charge: Stripe.Charge | string | null): AuthorizeResult['card'] => {
  const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
  if (!card) return undefined;
  return { brand: brandName(card.brand), lastFourDigits: card.last4 ?? '' };
};

/** The PaymentIntent each recent authorization made, for releasing it at once when the placement fails. */
const recentIntents = new Map<string, string>();
const remember = (transactionId: string, intentId: string) => {
  recentIntents.set(transactionId, intentId);
  if (recentIntents.size > 10_000) recentIntents.delete(recentIntents.keys().next().value!);
};

/**
 * A placement's authorization when the buyer paid on Stripe's page: Stripe already holds the money; this asks Stripe
 * what the session came to and refuses unless it is exactly what the placement's quote says is due (amount, currency
 * and the checkout's fingerprint), and still held (not refunded or released).
 */
async function authorizeSession(ctx: Ctx, sessionId: string, input: AuthorizeInput): Promise<AuthorizeResult> {
  const row = await sessionById(ctx, sessionId);
  if (!row || row.paymentId !== input.transactionId) {
    throw violation('paymentToken', 'FORMAT', 'paymentToken is not a Stripe payment of this checkout');
  }
  if (row.status === 'REFUSED') throw refused(row.refusal ?? QUOTE_CHANGED);
  const { stripe, live } = await requireStripe(ctx);
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
  const intent = session.payment_intent;
  if (session.status !== 'complete' || !intent || typeof intent === 'string') throw notFinished();
  if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') throw notFinished();
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  remember(input.transactionId, intent.id);
  if (charge && charge.amount_refunded > 0) throw refused('This payment was given back to the buyer.');
  const sameMoney = BigInt(intent.amount) === input.amountMinor && intent.currency === input.currency.toLowerCase();
  if (!sameMoney || row.fingerprint !== input.quoteFingerprint) throw refused(QUOTE_CHANGED);
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const card = cardOf(charge);
  return {
    status: intent.status === 'requires_capture' ? 'AUTHORIZED' : 'APPROVED',
    providerTransactionId: intent.id,
    ...(card ? { card } : {}),
    liveMode: live,
    ...(row.saveCard && customer && method ? { savedPaymentToken: `stripe_pm:${customer}:${method}` } : {}),
  };
}

/** What a buyer is told when their bank wants them to confirm a payment they are not there for (a renewal). */
export const BUYER_MUST_CONFIRM = 'Your bank asks you to confirm this payment';

/** A renewal: the saved card charged off-session, keyed by Plaza's transaction id. */
async function chargeSavedCard(ctx: Ctx, token: string, input: AuthorizeInput): Promise<AuthorizeResult> {
  const [, customer, paymentMethod] = token.split(':');
  if (!customer || !paymentMethod) throw violation('paymentToken', 'FORMAT', 'paymentToken is not a saved Stripe card');
  const { stripe, live } = await requireStripe(ctx);
  if (input.amountMinor === 0n) {
    // A card check (a new card for renewals): Stripe takes no zero payments; the card exists and is the customer's.
    const pm = await stripe.paymentMethods.retrieve(paymentMethod);
    const card = pm.card ? { brand: brandName(pm.card.brand), lastFourDigits: pm.card.last4 } : undefined;
    return { status: 'AUTHORIZED', providerTransactionId: pm.id, ...(card ? { card } : {}), liveMode: live };
  }
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: Number(input.amountMinor),
        currency: input.currency.toLowerCase(),
        customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        capture_method: input.capture ? 'automatic' : 'manual',
        metadata: { plaza_transaction_id: input.transactionId },
        expand: ['latest_charge'],
      },
      { idempotencyKey: `plaza-charge-${input.transactionId}` },
    );
    remember(input.transactionId, intent.id);
    const card = cardOf(intent.latest_charge);
    const status =
      intent.status === 'succeeded' ? 'APPROVED' : intent.status === 'requires_capture' ? 'AUTHORIZED' : 'PENDING';
    return { status, providerTransactionId: intent.id, ...(card ? { card } : {}), liveMode: live };
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    const intentId = (err.payment_intent as { id?: string } | undefined)?.id ?? '';
    const declineReason = err.code === 'authentication_required' ? BUYER_MUST_CONFIRM : err.message;
    return { status: 'DECLINED', providerTransactionId: intentId, declineReason, liveMode: live };
  }
}

/** Stripe's refusal of a capture, release or refund, in its words; anything else is "no answer" (asked again). */
function stripeRefusal(err: unknown): never {
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
    throw refused(`Stripe refused: ${err.message}`);
  }
  throw err;
}

/** The PaymentIntent of a transaction whose id the caller does not know (a release after a failed placement). */
async function intentOf(ctx: Ctx, stripe: Stripe, transactionId: string): Promise<string | undefined> {
  const known = recentIntents.get(transactionId);
  if (known) return known;
  const session: SessionRow | undefined = await sessionByPayment(ctx, transactionId);
  if (session) {
    const s = await stripe.checkout.sessions.retrieve(session.id);
    return typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? undefined);
  }
  const found = await stripe.paymentIntents.search({ query: `metadata['plaza_transaction_id']:'${transactionId}'` });
  return found.data[0]?.id;
}

/** The refund Plaza asked for as `transactionId`, if Stripe has it. */
async function ourRefund(stripe: Stripe, intentId: string, transactionId: string): Promise<Stripe.Refund | undefined> {
  for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
    if (refund.metadata?.plaza_transaction_id === transactionId) return refund;
  }
  return undefined;
}

/**
 * Gives the money of a PaymentIntent back, whatever state it is in: an authorization is canceled, captured money is
 * refunded in full, and one never paid needs nothing. Keyed by Plaza's transaction id: asked twice, done once.
 */
async function release(ctx: Ctx, intentId: string, transactionId: string): Promise<void> {
  const { stripe } = await requireStripe(ctx);
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (intent.status === 'canceled') return;
  if (intent.status === 'succeeded') {
    await stripe.refunds.create(
      { payment_intent: intentId, metadata: { plaza_transaction_id: transactionId } },
      { idempotencyKey: `plaza-release-${transactionId}` },
    );
    return;
  }
  await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `plaza-void-${transactionId}` });
}

/**
 * Stripe as a payment provider (docs/payments/stripe.md). Tokens: `stripe_cs:<session>` (the buyer paid on Stripe's
 * page) and `stripe_pm:<customer>:<payment method>` (a saved card, for renewals). Every call that moves money carries
 * an idempotency key made from Plaza's transaction id.
 */
export const stripeProvider: PaymentProvider = {
  id: STRIPE_PROVIDER_ID,
  capturesOnce: true,
  async authorize(ctx, input) {
    assertOutsideTransaction('asking Stripe for a payment');
    const token = input.paymentToken;
    if (token.startsWith('stripe_cs:')) return authorizeSession(ctx, token.slice('stripe_cs:'.length), input);
    if (token.startsWith('stripe_pm:')) return chargeSavedCard(ctx, token, input);
    if (token.startsWith('stripe_setup:')) return authorizeSetup(ctx, token.slice('stripe_setup:'.length), input);
    throw violation('paymentToken', 'FORMAT', 'paymentToken is not a Stripe payment');
  },
  async capture(ctx, input) {
    assertOutsideTransaction('capturing a Stripe payment');
    const { stripe } = await requireStripe(ctx);
    await stripe.paymentIntents
      .capture(
        input.providerTransactionId,
        { amount_to_capture: Number(input.amountMinor) },
        { idempotencyKey: `plaza-capture-${input.transactionId}` },
      )
      .catch(stripeRefusal);
    return { ok: true };
  },
  async void(ctx, input) {
    assertOutsideTransaction('releasing a Stripe payment');
    const { stripe } = await requireStripe(ctx);
    const intentId = input.providerTransactionId || (await intentOf(ctx, stripe, input.transactionId));
    // A card check holds no money (a saved card, a setup): nothing to release.
    if (intentId?.startsWith('pi_')) await release(ctx, intentId, input.transactionId).catch(stripeRefusal);
    return { ok: true };
  },
  async refund(ctx, input) {
    assertOutsideTransaction('refunding a Stripe payment');
    const { stripe } = await requireStripe(ctx);
    // Asked again (the outbox's next try, a refund.updated event): Stripe's refund as it is now, never a second one,
    // even after Stripe has forgotten the idempotency key (a day).
    const refund =
      (await ourRefund(stripe, input.providerTransactionId, input.transactionId)) ??
      (await stripe.refunds
        .create(
          {
            payment_intent: input.providerTransactionId,
            amount: Number(input.amountMinor),
            metadata: { plaza_transaction_id: input.transactionId },
          },
          { idempotencyKey: `plaza-refund-${input.transactionId}` },
        )
        .catch(stripeRefusal));
    if (refund.status === 'succeeded') return { ok: true };
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw refused(`Stripe could not refund: ${refund.failure_reason ?? refund.status}`);
    }
    // Pending at Stripe: recorded when Stripe confirms (refund.updated, or the outbox's next try asks again).
    throw new Error(`the Stripe refund ${refund.id} is ${refund.status}`);
  },
};
