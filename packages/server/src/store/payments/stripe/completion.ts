import { and, eq } from 'drizzle-orm';
import type { CreateOrderResponse } from '@plaza/contracts';
import type { Ctx } from '../../../kernel/context.js';
import { AppError } from '../../../kernel/errors.js';
import { loadCheckout } from '../../checkout/index.js';
import { paymentRecorded, placeOrder } from '../../orders/index.js';
import { requireStripe } from './account.js';
import { notFinished, stripeProvider } from './provider.js';
import { isSetupSession, placementToken, sessionById, type SessionRow } from './sessions.js';
import { stripeSessions } from './tables.js';

/** Stripe's webhook and the session check act for the shop: they reach every checkout, as an `ecom` key does. */
const STRIPE_CALLER = { type: 'APP', apiKeyId: 'stripe', scopes: ['ecom'] } as const;
export const asStripe = (ctx: Ctx): Ctx => ({
  ...ctx,
  caller: { ...STRIPE_CALLER, scopes: [...STRIPE_CALLER.scopes] },
});

/** Not a refusal of the placement: the buyer is still paying, or we could not hear Stripe or the database. */
const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError &&
  err.status < 500 &&
  err.options.applicationCode !== 'STRIPE_PAYMENT_NOT_FINISHED' &&
  err.options.applicationCode !== 'STRIPE_NOT_CONNECTED';

/**
 * Places the order of a paid Stripe session, exactly once, whoever asks first: the buyer back from Stripe's page,
 * Stripe's webhook, or the session check after a crash. All of them go through the same placement (orders'
 * stages, keyed by the session's payment id): the first commits, the others answer its order. When the placement is
 * refused (a price changed, the last unit sold, a code ran out), the money goes back to the buyer at once and the
 * session remembers the refusal, so every later ask answers the same words.
 */
export async function placeStripeSession(ctx: Ctx, row: SessionRow): Promise<CreateOrderResponse> {
  if (row.status === 'REFUSED') throw notPlaced(row, row.refusal ?? '');
  // Only a paid session is placed (or refused): an unpaid one may still be paid on Stripe's page.
  if (row.status === 'OPEN' && !(await paidAtStripe(ctx, row.id))) throw notFinished();
  try {
    const placed = await placeOrder(ctx, row.checkoutId, {
      paymentToken: placementToken(row),
      paymentId: row.paymentId,
      orderNumber: row.orderNumber,
      delayCapture: row.manualCapture,
      savePaymentMethod: row.saveCard,
    });
    await settleSession(ctx, row.id, { status: 'PLACED', orderId: placed.orderId });
    return placed;
  } catch (err) {
    if (!isRefusal(err)) throw err;
    // Placed meanwhile by another node with this very payment: nothing to give back.
    if (await paymentRecorded(ctx, row.paymentId)) throw err;
    await stripeProvider.void(ctx, { transactionId: row.paymentId });
    const refusal = refusalWords(err);
    await settleSession(ctx, row.id, { status: 'REFUSED', refusal });
    throw notPlaced(row, refusal);
  }
}

/** Whether the buyer finished paying on Stripe's page (an authorization counts, for manual capture). */
export async function paidAtStripe(ctx: Ctx, sessionId: string): Promise<boolean> {
  const { stripe } = await requireStripe(ctx);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  return session.status === 'complete';
}

/** The buyer back from Stripe's page (`/checkout/{id}/paid?session_id=…`): their order, or why there is none. */
export async function completeStripeSession(
  ctx: Ctx,
  checkoutId: string,
  sessionId: string,
): Promise<CreateOrderResponse> {
  // Someone else's checkout is a 404 (as every checkout route answers them); so is another checkout's session.
  await loadCheckout(ctx, checkoutId);
  const row = await sessionById(ctx, sessionId);
  if (!row || row.checkoutId !== checkoutId) {
    throw new AppError('NOT_FOUND', 'This payment is not one of this checkout', {
      applicationCode: 'STRIPE_SESSION_NOT_FOUND',
    });
  }
  return placeStripeSession(ctx, row);
}

/** What the buyer reads when the order could not be placed after they paid. */
function refusalWords(err: AppError): string {
  const reason = err.message.replace(/^[a-zA-Z.[\]0-9]+: /, '');
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

/** Refused after Stripe's page: the payment was given back; a card only saved (a free trial) was never charged. */
const notPlaced = (row: SessionRow, refusal: string) =>
  new AppError(
    'CONFLICT',
    `${refusal} ${
      isSetupSession(row)
        ? 'Nothing was charged: check your checkout and try again.'
        : 'Your payment was given back, so nothing is charged: check your checkout and pay again.'
    }`.trim(),
    { applicationCode: 'PAYMENT_RETURNED' },
  );

async function settleSession(
  ctx: Ctx,
  id: string,
  to: { status: 'PLACED'; orderId: string } | { status: 'REFUSED'; refusal: string },
): Promise<void> {
  await ctx.db
    .update(stripeSessions)
    .set({ ...to, updatedDate: ctx.clock() })
    .where(and(eq(stripeSessions.id, id), eq(stripeSessions.status, 'OPEN')));
}
