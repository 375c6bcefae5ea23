import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { StripeSessionResponse } from '@plaza/contracts';
import type { Ctx } from '../../../kernel/context.js';
import { AppError } from '../../../kernel/errors.js';
import { uuidv7 } from '../../../lib/ids.js';
import { hostedCheckoutUrl } from '../../checkout/index.js';
import { enqueueJob } from '../../../platform/jobs/index.js';
import { nextOrderNumber, quoteCheckout, type Quote } from '../../orders/index.js';
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

/** The token a placement checks the card with when nothing is due now: the card saved on Stripe's page. */
export const setupToken = (sessionId: string) => `stripe_setup:${sessionId}`;

/** A session where the buyer only saved a card (a free trial): nothing is due now, so it holds no money. */
export const isSetupSession = (row: SessionRow) => row.amountMinor === 0n;

/** The token its placement is given: the payment made on Stripe's page, or the card saved there. */
export const placementToken = (row: SessionRow) => (isSetupSession(row) ? setupToken(row.id) : sessionToken(row.id));

/**
 * What a card saved on Stripe's page for a checkout is for: its quote's fingerprint. Stripe keeps at most 500
 * characters per metadata value and a fingerprint may be longer, so it travels hashed; the card check
 * (card-setup.ts) compares the same hash.
 */
export const checkoutPurpose = (fingerprint: string) =>
  `checkout:${createHash('sha256').update(fingerprint).digest('hex')}`;

/**
 * A Stripe Checkout Session for what the checkout has due now. The quote is taken here, with every refusal a
 * placement would give (sold out, missing address…), so nobody pays for what cannot be placed; its fingerprint and
 * amount are kept with the session and checked again when the order is placed. The order number is drawn now, so
 * Stripe's page and receipt show the number the order will have. With nothing due now but a subscription to renew
 * (a free trial), the session is in setup mode: the buyer saves the card the renewals charge, and pays nothing.
 */
export async function createStripeSession(ctx: Ctx, checkoutId: string): Promise<StripeSessionResponse> {
  const connection = await requireStripe(ctx);
  const quote = await quoteCheckout(ctx, checkoutId, { paymentToken: sessionToken('new') });
  if ('placedOrderId' in quote) {
    throw new AppError('CONFLICT', 'This checkout is already ordered', {
      applicationCode: 'CHECKOUT_ALREADY_COMPLETED',
    });
  }
  const saveCard = quote.checkout.subscriptionCharges.length > 0;
  if (quote.dueNow <= 0n && !saveCard) {
    throw new AppError('CONFLICT', 'Nothing is due now: place the order without paying', {
      applicationCode: 'NOTHING_TO_PAY',
    });
  }
  refuseShortStock(quote);
  const now = ctx.clock();
  const paymentId = uuidv7(now.getTime());
  const orderNumber = await nextOrderNumber(ctx);
  const page = { checkoutId, paymentId, orderNumber, saveCard };
  const session = await (
    quote.dueNow > 0n ? openPaymentPage(ctx, connection, quote, page) : openSetupPage(ctx, connection, quote, page)
  ).catch((err: unknown) => {
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
    amountMinor: quote.dueNow > 0n ? quote.dueNow : 0n,
    currency: quote.checkout.currency,
    orderNumber,
    manualCapture: connection.manualCapture,
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

/** A placement takes stock at its commit; a buyer about to pay is told now what it would refuse then. */
function refuseShortStock(quote: Quote): void {
  const short = quote.checkout.lineItems.find(
    (l) => l.availability.quantityAvailable !== undefined && l.quantity > l.availability.quantityAvailable,
  );
  if (short) {
    throw new AppError('CONFLICT', `Only ${short.availability.quantityAvailable} of ${short.productName} left`, {
      applicationCode: 'OUT_OF_STOCK',
      data: { lineItemId: short.id },
    });
  }
}

interface Page {
  checkoutId: string;
  paymentId: string;
  orderNumber: number;
  saveCard: boolean;
}

type Connection = Awaited<ReturnType<typeof requireStripe>>;

const metadataOf = (page: Page) => ({
  plaza_checkout_id: page.checkoutId,
  plaza_payment_id: page.paymentId,
  plaza_order_number: String(page.orderNumber),
});

/** Stripe replaces the placeholder itself: the return address names the session it comes back from. */
const returnUrls = (ctx: Ctx, checkoutId: string) => {
  const back = hostedCheckoutUrl(ctx, checkoutId);
  return { success_url: `${back}/paid?session_id={CHECKOUT_SESSION_ID}`, cancel_url: back };
};

/** Stripe's own clock decides when its page closes, whatever this server's clock says (tests move it). */
const expiresAt = () => Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60;

/** Stripe's page in payment mode: the buyer pays what is due now (and saves the card when it renews). */
function openPaymentPage(ctx: Ctx, connection: Connection, quote: Quote, page: Page) {
  const { checkout } = quote;
  const metadata = metadataOf(page);
  return connection.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: stripeLineItems(checkout, quote.dueNow, page.orderNumber),
      ...(checkout.buyerInfo.email ? { customer_email: checkout.buyerInfo.email } : {}),
      ...(page.saveCard ? { customer_creation: 'always' as const } : {}),
      client_reference_id: page.checkoutId,
      ...returnUrls(ctx, page.checkoutId),
      expires_at: expiresAt(),
      metadata,
      payment_intent_data: {
        capture_method: connection.manualCapture ? 'manual' : 'automatic',
        description: `Order ${page.orderNumber}`,
        metadata,
        ...(page.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
      },
    },
    { idempotencyKey: `plaza-session-${page.paymentId}` },
  );
}

/**
 * Stripe's page in setup mode: nothing is due now (a free trial), and Stripe takes no payment of 0, so the buyer
 * saves the card the renewals will charge (the bank confirms it there, 3-D Secure included). The card is saved to a
 * Stripe customer made for it, for this quote only (`plaza_purpose`): the placement's card check takes it.
 */
async function openSetupPage(ctx: Ctx, connection: Connection, quote: Quote, page: Page) {
  const { stripe } = connection;
  const email = quote.checkout.buyerInfo.email;
  const customer = await stripe.customers.create(email ? { email } : {}, {
    idempotencyKey: `plaza-customer-${page.paymentId}`,
  });
  const metadata = { ...metadataOf(page), plaza_purpose: checkoutPurpose(quote.fingerprint) };
  return stripe.checkout.sessions.create(
    {
      mode: 'setup',
      currency: quote.checkout.currency.toLowerCase(),
      customer: customer.id,
      client_reference_id: page.checkoutId,
      ...returnUrls(ctx, page.checkoutId),
      expires_at: expiresAt(),
      metadata,
      setup_intent_data: { description: `Order ${page.orderNumber}`, metadata },
    },
    { idempotencyKey: `plaza-session-${page.paymentId}` },
  );
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
