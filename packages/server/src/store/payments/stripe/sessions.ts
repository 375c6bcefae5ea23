import { and, eq } from 'drizzle-orm';
import type { StripeSessionResponse } from '@plaza/contracts';
import type { Ctx } from '../../../kernel/context.js';
import { AppError } from '../../../kernel/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import { hostedCheckoutUrl } from '../../checkout/index.js';
import { enqueueJob } from '../../../platform/jobs/index.js';
import { nextOrderNumber, quoteCheckout } from '../../orders/index.js';
import { requireStripe } from './account.js';
import { stripeLineItems } from './line-items.js';
import { stripeSessions } from './tables.js';

/** How long Stripe's page takes payment (Stripe allows 30 minutes to 24 hours). */
const SESSION_MINUTES = 60;
/** The check job looks this long after the session was made, then again until it has expired. */
export const CHECK_EVERY_MS = 15 * 60_000;

export type SessionRow = typeof stripeSessions.$inferSelect;

/** The token a placement is charged with: the session the buyer paid on Stripe's page. */
export const sessionToken = (sessionId: string) => `stripe_cs:${sessionId}`;

/**
 * A Stripe Checkout Session for what the checkout has due now. The quote is taken here, with every refusal a
 * placement would give (sold out, missing address…), so nobody pays for what cannot be placed; its fingerprint and
 * amount are kept with the session and checked again when the order is placed. The order number is drawn now, so
 * Stripe's page and receipt show the number the order will have.
 */
export async function createStripeSession(ctx: Ctx, checkoutId: string): Promise<StripeSessionResponse> {
  const connection = await requireStripe(ctx);
  const quote = await quoteCheckout(ctx, checkoutId, { paymentToken: sessionToken('new') });
  if ('placedOrderId' in quote) {
    throw new AppError('CONFLICT', 'This checkout is already ordered', {
      applicationCode: 'CHECKOUT_ALREADY_COMPLETED',
    });
  }
  if (quote.dueNow <= 0n) {
    throw new AppError('CONFLICT', 'Nothing is due now: place the order without paying', {
      applicationCode: 'NOTHING_TO_PAY',
    });
  }
  // A placement takes stock at its commit; a buyer about to pay is told now what it would refuse then.
  const short = quote.checkout.lineItems.find(
    (l) => l.availability.quantityAvailable !== undefined && l.quantity > l.availability.quantityAvailable,
  );
  if (short) {
    throw new AppError('CONFLICT', `Only ${short.availability.quantityAvailable} of ${short.productName} left`, {
      applicationCode: 'OUT_OF_STOCK',
      data: { lineItemId: short.id },
    });
  }
  const now = ctx.clock();
  const paymentId = uuidv7(now.getTime());
  const orderNumber = await nextOrderNumber(ctx);
  const { checkout } = quote;
  const saveCard = checkout.subscriptionCharges.length > 0;
  const manualCapture = connection.manualCapture;
  const back = hostedCheckoutUrl(ctx, checkoutId);
  const metadata = {
    plaza_checkout_id: checkoutId,
    plaza_payment_id: paymentId,
    plaza_order_number: String(orderNumber),
  };
  const session = await connection.stripe.checkout.sessions
    .create(
      {
        mode: 'payment',
        line_items: stripeLineItems(checkout, quote.dueNow, orderNumber),
        ...(checkout.buyerInfo.email ? { customer_email: checkout.buyerInfo.email } : {}),
        ...(saveCard ? { customer_creation: 'always' as const } : {}),
        client_reference_id: checkoutId,
        success_url: `${back}/paid?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
        // Stripe's own clock decides when its page closes, whatever this server's clock says (tests move it).
        expires_at: Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60,
        metadata,
        payment_intent_data: {
          capture_method: manualCapture ? 'manual' : 'automatic',
          description: `Order ${orderNumber}`,
          metadata,
          ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
      },
      { idempotencyKey: `plaza-session-${paymentId}` },
    )
    .catch((err: unknown) => {
      ctx.log.warn({ err, checkoutId }, 'Stripe did not open a payment page');
      throw new AppError(
        'CONFLICT',
        'Stripe could not open its payment page: nothing was charged, try again in a moment',
        {
          applicationCode: 'STRIPE_UNAVAILABLE',
        },
      );
    });
  await ctx.db.insert(stripeSessions).values({
    id: session.id,
    checkoutId,
    paymentId,
    fingerprint: quote.fingerprint,
    amountMinor: quote.dueNow,
    currency: checkout.currency,
    orderNumber,
    manualCapture,
    liveMode: connection.live,
    saveCard,
    status: 'OPEN',
    createdDate: now,
    updatedDate: now,
  });
  // Places the order if the buyer paid and neither their return nor Stripe's webhook ever reached us (a crash).
  await enqueueJob(ctx, {
    kind: 'STRIPE_SESSION_CHECK',
    payload: { sessionId: session.id },
    runAt: new Date(now.getTime() + CHECK_EVERY_MS),
  });
  return { sessionId: session.id, url: session.url ?? '' };
}

export async function sessionById(ctx: Ctx, id: string): Promise<SessionRow | undefined> {
  const [row] = await ctx.db.select().from(stripeSessions).where(eq(stripeSessions.id, id));
  return row;
}

export async function sessionByPayment(ctx: Ctx, paymentId: string): Promise<SessionRow | undefined> {
  const [row] = await ctx.db.select().from(stripeSessions).where(eq(stripeSessions.paymentId, paymentId));
  return row;
}

/** An open session Stripe closed unpaid: it stays as it is if it was placed or refused meanwhile. */
export async function markExpired(ctx: Ctx, id: string): Promise<void> {
  await ctx.db
    .update(stripeSessions)
    .set({ status: 'EXPIRED', updatedDate: ctx.clock() })
    .where(and(eq(stripeSessions.id, id), eq(stripeSessions.status, 'OPEN')));
}
