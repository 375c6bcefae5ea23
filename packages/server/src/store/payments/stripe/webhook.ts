import { and, eq, isNull, lt } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Ctx } from '../../../kernel/context.js';
import { AppError } from '../../../kernel/errors.js';
import { paymentByProviderTransaction } from '../../orders/index.js';
import { askAgainNow, pendingOperationsOf } from '../operations.js';
import { stripeConnection } from './account.js';
import { asStripe, placeStripeSession } from './completion.js';
import { recordDispute } from './disputes.js';
import { STRIPE_PROVIDER_ID } from './provider.js';
import { markExpired, sessionById, sessionByPayment, type SessionRow } from './sessions.js';
import { stripeEvents } from './tables.js';

/** How long a delivery's claim on its event holds before another delivery may take it over. */
const CLAIM_MS = 60_000;

/** How old a signed delivery may be: Stripe's own default. An older one is a replay and is refused. */
const TOLERANCE_SECONDS = 300;

const badDelivery = (why: string) =>
  new AppError('VALIDATION', `Stripe-Signature: ${why}: nothing was done`, {
    violations: [{ field: 'Stripe-Signature', violatedRule: 'VALIDATION', description: why }],
  });

/**
 * POST /payments/v1/stripe/webhook: Stripe's events. The signature is checked with Stripe's own verifier against
 * the raw body (within 5 minutes of its timestamp: an old one is a replay), each event is handled once (its id is
 * stored in the statement that claims it), and a failure that is ours lets Stripe deliver it again.
 */
export async function receiveStripeEvent(
  ctx: Ctx,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: boolean; duplicate?: boolean }> {
  const connection = await stripeConnection(ctx);
  if (!connection) {
    throw new AppError('NOT_FOUND', 'Stripe is not connected to this shop', {
      applicationCode: 'STRIPE_NOT_CONNECTED',
    });
  }
  if (!signature) throw badDelivery('the header is missing');
  let event: Stripe.Event;
  try {
    event = connection.stripe.webhooks.constructEvent(rawBody, signature, connection.webhookSecret, TOLERANCE_SECONDS);
  } catch {
    throw badDelivery('the signature does not match, or the delivery is too old');
  }
  const now = new Date();
  const claimed = await ctx.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, created: event.created, receivedDate: now })
    .onConflictDoUpdate({
      target: stripeEvents.id,
      set: { receivedDate: now },
      // Taken over only when its handler never finished and is surely gone (a crash): a minute is far longer than
      // any handling takes.
      setWhere: and(
        isNull(stripeEvents.handledDate),
        lt(stripeEvents.receivedDate, new Date(now.getTime() - CLAIM_MS)),
      ),
    })
    .returning({ id: stripeEvents.id });
  if (!claimed.length) return { received: true, duplicate: true };
  try {
    await handle(asStripe(ctx), event);
    await ctx.db.update(stripeEvents).set({ handledDate: new Date() }).where(eq(stripeEvents.id, event.id));
  } catch (err) {
    // Ours to retry (the database or Stripe did not answer): forget the event so Stripe's next delivery is handled.
    await ctx.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
    throw err;
  }
  return { received: true };
}

async function handle(ctx: Ctx, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return placeIfOurs(ctx, await sessionById(ctx, event.data.object.id));
    case 'checkout.session.expired':
      return markExpired(ctx, event.data.object.id);
    case 'payment_intent.succeeded':
    case 'payment_intent.amount_capturable_updated': {
      // Stripe does not promise an order: this may come before checkout.session.completed.
      const paymentId = event.data.object.metadata?.plaza_payment_id;
      return placeIfOurs(ctx, paymentId ? await sessionByPayment(ctx, paymentId) : undefined);
    }
    case 'refund.updated':
    case 'refund.created': {
      const operationId = event.data.object.metadata?.plaza_transaction_id;
      if (operationId) await askAgainNow(ctx, [operationId]);
      return;
    }
    case 'charge.refunded':
      return refundsOfIntent(ctx, event.data.object.payment_intent);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return recordDispute(ctx, event, event.data.object);
    default:
      // Other events (payment_intent.payment_failed: the buyer sees it on Stripe's page) need nothing here.
      return;
  }
}

/** A paid session of ours becomes its order; a refused one has already given the money back. */
async function placeIfOurs(ctx: Ctx, row: SessionRow | undefined): Promise<void> {
  if (!row || row.status !== 'OPEN') return;
  try {
    await placeStripeSession(ctx, row);
  } catch (err) {
    const code = err instanceof AppError ? err.options.applicationCode : undefined;
    // Not paid yet (a later event places it), or refused and refunded: handled either way.
    if (code === 'STRIPE_PAYMENT_NOT_FINISHED' || code === 'PAYMENT_RETURNED') return;
    throw err;
  }
}

/** charge.refunded: the refunds of that payment still waiting for Stripe are asked again now. */
async function refundsOfIntent(ctx: Ctx, intent: string | Stripe.PaymentIntent | null): Promise<void> {
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  const payment = intentId ? await paymentByProviderTransaction(ctx, STRIPE_PROVIDER_ID, intentId) : undefined;
  if (payment) await askAgainNow(ctx, await pendingOperationsOf(ctx, payment.id, 'REFUND'));
}
