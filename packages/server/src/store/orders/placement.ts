import { sql } from 'drizzle-orm';
import type { CreateOrderResponse, Order } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import type { PlaceOptions } from './placement-options.js';
import { AppError } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { afterWrite } from '../catalog/index.js';
import { type CheckoutRow, loadCheckout, renderCheckout, setCheckoutCompleted } from '../checkout/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { deliverQueued } from '../../platform/mail/index.js';
import { AlreadyPlaced, commitQuote, type Committed } from './placement-commit.js';
import { countPlacement } from './metrics.js';
import { runAfterPlacementCommit } from './placement-handlers.js';
import { placementPayments, type AuthorizeResult } from './placement-payments.js';
import { quoteCheckout, type Quote } from './placement-quote.js';
import { orderById, thankYouToken, toOrder, transactionsOf, type PaymentRow } from './wire.js';

export type { PlaceOptions } from './placement-options.js';

/**
 * Places the order of a checkout, exactly once, in stages (docs/store/orders.md, "Placing an order"):
 *   1. quote: the checkout priced outside any transaction, service plugins included, and refused if it can't be placed;
 *   2. authorize: the payment provider asked outside any transaction, keyed by our payment id;
 *   3. commit: one short transaction checks the quote still holds and writes the order (placement-commit.ts);
 *   4. after: the e-mails go out and the node forgets the bought cart.
 * A refusal at commit releases the authorization (guardAuthorization; the sweep job if the process dies first).
 * Placements of one checkout on this node run one after the other: a double click waits for the first and gets its
 * order, and only one card authorization is asked. Across nodes the commit's lock decides, and the loser's
 * authorization is released.
 */
export async function placeOrder(ctx: Ctx, checkoutId: string, opts: PlaceOptions): Promise<CreateOrderResponse> {
  for (let running = placing.get(checkoutId); running; running = placing.get(checkoutId)) {
    await running.catch(() => undefined);
  }
  const run = placeInStages(ctx, checkoutId, opts);
  placing.set(checkoutId, run);
  try {
    return await run;
  } catch (err) {
    countPlacement(
      err instanceof AppError && err.options.applicationCode === 'PAYMENT_DECLINED' ? 'declined' : 'failed',
    );
    throw err;
  } finally {
    if (placing.get(checkoutId) === run) placing.delete(checkoutId);
  }
}

const placing = new Map<string, Promise<unknown>>();

async function placeInStages(ctx: Ctx, checkoutId: string, opts: PlaceOptions): Promise<CreateOrderResponse> {
  const quote = await quoteCheckout(ctx, checkoutId, opts);
  if ('placedOrderId' in quote) return answer(ctx, { orderId: quote.placedOrderId });
  // The payment's id is chosen here: an app that authorizes it is told to release it if the placement fails.
  const paymentId = opts.paymentId ?? uuidv7(ctx.clock().getTime());
  let placed: Committed;
  try {
    placed = await placementPayments().guardAuthorization(ctx, opts.paymentToken, paymentId, async () => {
      const charge = await authorize(ctx, quote, opts, paymentId);
      return afterWrite(withTx(ctx, (tx) => commitQuote(tx, quote, { ...opts, paymentId }, charge)));
    });
  } catch (err) {
    if (err instanceof AlreadyPlaced) return answer(ctx, { orderId: err.orderId });
    throw err;
  }
  // With SMTP the mail was stored QUEUED in the transaction; it goes out now that the order exists.
  for (const id of [placed.mailId, ...placed.mailIds]) if (id) void deliverQueued(ctx, id);
  runAfterPlacementCommit(ctx, placed);
  countPlacement('placed');
  return answer(ctx, placed);
}

/**
 * Stage 2: the card pays what is due now, or the placement stops here with PAYMENT_DECLINED. With nothing due now
 * but a subscription to charge later (a free trial), the card is checked with an authorization of 0 instead: the
 * contract renews on it, and a card the bank refuses is refused now, not at the first charge.
 */
async function authorize(
  ctx: Ctx,
  quote: Quote,
  opts: PlaceOptions,
  paymentId: string,
): Promise<AuthorizeResult | undefined> {
  const cardCheck = quote.dueNow <= 0n && quote.checkout.subscriptionCharges.length > 0;
  if (!opts.paymentToken || (quote.dueNow <= 0n && !cardCheck)) return undefined;
  const charge = await placementPayments()
    .providerForToken(opts.paymentToken)
    .authorize(ctx, {
      paymentToken: opts.paymentToken,
      amountMinor: cardCheck ? 0n : quote.dueNow,
      currency: quote.checkout.currency,
      capture: !opts.delayCapture && !cardCheck,
      transactionId: paymentId,
      quoteFingerprint: quote.fingerprint,
    });
  if (charge.status === 'DECLINED') {
    throw new AppError('CONFLICT', charge.declineReason ?? 'The card was declined.', {
      applicationCode: 'PAYMENT_DECLINED',
    });
  }
  return charge;
}

/** The answer to a placement: the order as the commit wrote it, or (placed before) as it is now. */
async function answer(
  ctx: Ctx,
  placed: { orderId: string; order?: Order; payments?: PaymentRow[] },
): Promise<CreateOrderResponse> {
  const { orderId } = placed;
  let { order, payments } = placed;
  if (!order) {
    const row = (await orderById(ctx, orderId))!;
    const t = await transactionsOf(ctx, [orderId]);
    payments = t.payments;
    order = await toOrder(ctx, row, t.payments, t.refunds);
  }
  const card = payments?.find((p) => p.method === 'CREDIT_CARD');
  return {
    orderId,
    order,
    thankYouToken: thankYouToken(ctx, orderId),
    ...(card
      ? {
          paymentResult: {
            status: card.status as 'APPROVED' | 'AUTHORIZED' | 'PENDING',
            ...(card.declineReason ? { declineReason: card.declineReason } : {}),
          },
        }
      : {}),
  };
}

/** Marks a locked checkout completed without an order here, and says so with `ecom.checkout.updated`. */
export async function completeCheckout(tx: Ctx, row: CheckoutRow): Promise<void> {
  if (row.completed) return;
  const now = tx.clock();
  await setCheckoutCompleted(tx, row.id, now);
  const checkout = await renderCheckout(tx, { ...row, completed: true, updatedDate: now });
  await emitEvent(tx, {
    type: 'ecom.checkout.updated',
    entityId: row.id,
    entity: checkout,
    modifiedFields: ['completed'],
  });
}

/** mark-as-completed: the checkout ends without an order here (it was ordered elsewhere). Idempotent. */
export async function markCheckoutCompleted(ctx: Ctx, checkoutId: string): Promise<void> {
  await withTx(ctx, async (tx) => completeCheckout(tx, await loadCheckout(tx, checkoutId, true)));
}

/** The next human order number (a rolled-back transaction leaves a gap, as every shop's does). */
export async function nextOrderNumber(tx: Ctx): Promise<number> {
  const [{ n }] = (await tx.db
    .select({ n: sql<string>`nextval('order_number_seq')::text` })
    .from(sql`(values (1)) v`)) as [{ n: string }];
  return Number(n);
}
