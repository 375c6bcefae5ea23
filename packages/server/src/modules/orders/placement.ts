import { eq, sql } from 'drizzle-orm';
import type { CreateOrderAndChargeRequest, CreateOrderResponse, Order } from '@plaza/contracts';
import { withTx, type Ctx } from '../../context.js';
import { AppError, violation } from '../../http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { recordJson } from '../../lib/record-json.js';
import { markCheckoutRecovered } from '../abandoned-checkouts/service.js';
import { parseAmount } from '../catalog/money.js';
import { afterWrite } from '../catalog/read-cache.js';
import { loadCheckout, renderCheckout, webBase } from '../checkout/service.js';
import { getCheckoutSettings } from '../checkout/settings.service.js';
import type { CheckoutRow } from '../checkout/model.js';
import { checkouts } from '../checkout/tables.js';
import { knownCarts } from '../cart/known-carts.js';
import { carts } from '../cart/tables.js';
import { emitEvent } from '../events/outbox.js';
import { enqueueJob } from '../jobs/service.js';
import { reserveGiftCardBalance } from '../gift-cards/service.js';
import { composeMail, deliverQueued } from '../mail/service.js';
import { mailMessages } from '../mail/tables.js';
import { getSite } from '../site/service.js';
import { providerForToken } from '../payments/app-provider.js';
import { guardAuthorization } from '../payments/authorization-guard.js';
import { createContractsForOrder } from '../subscriptions/service.js';
import { requestDepositBalance } from '../payment-requests/service.js';
import type { AuthorizeResult } from '../payments/provider.js';
import { activity } from './activity.js';
import {
  cardPaymentRow,
  completeForOrder,
  PAYMENT_DEFAULTS,
  snapshotOf,
  UNIT_MS,
  writeOrder,
} from './placement-rows.js';
import { planDownloadLinks } from './downloads.js';
import { derivePaymentStatus } from './payment-status.js';
import { checkoutHasErrors, redeemCheckoutCoupon, shippingViolations } from './placement-rules.js';
import { takeStock } from './stock.js';
import { orderPayments, orders, type OrderSnapshot } from './tables.js';
import {
  orderById,
  searchTextOf,
  thankYouToken,
  toOrder,
  transactionsOf,
  type OrderRow,
  type PaymentRow,
} from './wire.js';

export interface PlaceOptions {
  /** create-order-and-charge: the card token to charge what is due now. */
  paymentToken?: string;
  delayedCaptureSettings?: CreateOrderAndChargeRequest['delayedCaptureSettings'];
  delayCapture?: boolean;
  savePaymentMethod?: boolean;
  /** The card payment's id (and the provider's transaction id for it); new when absent. */
  paymentId?: string;
  /** Orders made by the merchant (POST /ecom/v1/orders): */
  merchant?: {
    /** Confirm by e-mail (the shopper's own placements always do). */
    sendEmail: boolean;
    /** TAKE: out of stock now, whatever the shop's trigger; KEEP: the stock is kept elsewhere (never taken here). */
    stock: 'TAKE' | 'KEEP';
    tags: string[];
    author: string;
  };
}

/**
 * Places the order of a checkout, exactly once. One transaction locks the checkout (a second placement, at once or
 * later, waits and then finds the order this one made), re-prices it, refuses ERROR violations, takes the stock
 * (per the checkout settings), reserves the gift card, charges the card, writes the order with its payments and
 * ORDER_PLACED, and marks the checkout completed. Anything refused rolls all of it back: no order, no stock taken,
 * nothing charged.
 */
export async function placeOrder(ctx: Ctx, checkoutId: string, opts: PlaceOptions): Promise<CreateOrderResponse> {
  // The payment's id is chosen here: an app that authorizes it is told to release it if the placement fails.
  const paymentId = uuidv7(ctx.clock().getTime());
  const placed = await guardAuthorization(ctx, opts.paymentToken, paymentId, () =>
    afterWrite(withTx(ctx, (tx) => place(tx, checkoutId, { ...opts, paymentId }))),
  );
  const { orderId, mailId } = placed;
  // With SMTP the confirmation was stored QUEUED in the transaction; it goes out now that the order exists.
  if (mailId) void deliverQueued(ctx, mailId);
  for (const id of placed.mailIds ?? []) void deliverQueued(ctx, id);
  if (placed.boughtCart) knownCarts.forget(ctx.db, placed.boughtCart);
  // A new order is answered as the transaction wrote it; an earlier one (a repeated placement) is read.
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

export interface Placed {
  orderId: string;
  /** The owner key of the cart the order was bought from (deleted with the placement). */
  boughtCart?: string;
  mailId?: string;
  /** Other mail of the placement (a deposit's payment request), sent after commit like the confirmation. */
  mailIds?: string[];
  order?: Order;
  payments?: PaymentRow[];
}

export async function place(tx: Ctx, checkoutId: string, opts: PlaceOptions): Promise<Placed> {
  const row = await loadCheckout(tx, checkoutId, true);
  if (row.completed) {
    const [existing] = await tx.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
    if (existing) return { orderId: existing.id };
    throw new AppError('CONFLICT', 'This checkout was completed elsewhere, without an order here', {
      applicationCode: 'CHECKOUT_ALREADY_COMPLETED',
    });
  }
  const checkout = await renderCheckout(tx, row);
  if (!checkout.lineItems.length) throw violation('lineItems', 'REQUIRED_FIELD', 'The checkout has no items');
  const soldOut = checkout.lineItems.find((l) => l.availability?.status === 'NOT_AVAILABLE');
  if (soldOut) {
    throw new AppError('CONFLICT', `${soldOut.productName} is out of stock`, {
      applicationCode: 'OUT_OF_STOCK',
      data: { lineItemId: soldOut.id },
    });
  }
  const errors = checkout.violations.filter((v) => v.severity === 'ERROR');
  if (errors.length) {
    throw new AppError('CONFLICT', errors[0]!.description, {
      applicationCode: 'CHECKOUT_HAS_ERRORS',
      data: { violations: errors },
    });
  }
  if (!checkout.buyerInfo.email && tx.caller.type === 'ANONYMOUS_VISITOR') {
    throw violation('checkoutInfo.buyerInfo.email', 'REQUIRED_FIELD', 'Enter an e-mail address for the order');
  }
  // Before any charge: nothing that travels is paid for without somewhere to send it. A merchant's order (a sale
  // made elsewhere, an import) may be addressed later, on the order.
  const unshippable = opts.merchant ? [] : shippingViolations(checkout);
  if (unshippable.length) throw checkoutHasErrors(unshippable);
  const currency = checkout.currency;
  const minor = (amount: string) => parseAmount(amount, currency, 'amount');
  const totalMinor = minor(checkout.priceSummary.total.amount);
  const dueNow = minor(checkout.priceSummary.payNow.amount);
  const giftMinor = checkout.giftCard ? minor(checkout.giftCard.amount.amount) : 0n;
  const now = tx.clock();
  const orderId = uuidv7(now.getTime());
  const paymentId = opts.paymentId ?? uuidv7(now.getTime());

  const subscribes = checkout.subscriptionCharges.length > 0;
  if (subscribes && !opts.paymentToken) {
    throw violation(
      'paymentToken',
      'REQUIRED_FIELD',
      'Subscriptions are paid by card: place it with create-order-and-charge',
    );
  }
  let charge: AuthorizeResult | undefined;
  if (opts.paymentToken) {
    if (checkout.paymentOption === 'FULL_PAYMENT_OFFLINE') {
      throw violation('paymentToken', 'VALIDATION', 'This checkout is paid offline: place it with create-order');
    }
    if (dueNow > 0n) {
      charge = await providerForToken(opts.paymentToken).authorize(tx, {
        paymentToken: opts.paymentToken,
        amountMinor: dueNow,
        currency,
        capture: !opts.delayCapture,
        transactionId: paymentId,
      });
      if (charge.status === 'DECLINED') {
        throw new AppError('CONFLICT', charge.declineReason ?? 'The card was declined.', {
          applicationCode: 'PAYMENT_DECLINED',
        });
      }
    }
  }

  const payments: Array<typeof orderPayments.$inferInsert> = [];
  const base = { orderId, createdDate: now, updatedDate: now };
  if (giftMinor > 0n) {
    const { giftCardId } = await reserveGiftCardBalance(tx, { code: row.giftCardCode!, amount: giftMinor, orderId });
    payments.push({
      ...base,
      id: uuidv7(now.getTime()),
      method: 'GIFT_CARD',
      provider: 'GIFT_CARD',
      status: 'APPROVED',
      amountMinor: giftMinor,
      capturedMinor: giftMinor,
      giftCardId,
    });
  }
  const plan = charge?.status === 'AUTHORIZED' ? opts.delayedCaptureSettings : undefined;
  const executionDate = plan
    ? new Date(now.getTime() + plan.delayDuration.value * UNIT_MS[plan.delayDuration.unit])
    : undefined;
  if (plan && executionDate) {
    await enqueueJob(tx, { kind: 'PAYMENT_SCHEDULED_ACTION', payload: { orderId, paymentId }, runAt: executionDate });
  }
  if (charge) {
    const provider = providerForToken(opts.paymentToken!).id;
    payments.push(cardPaymentRow({ ...base, id: paymentId }, { charge, provider, dueNow, now, opts, executionDate }));
  }

  const paymentStatus = derivePaymentStatus({
    totalMinor,
    approval: 'APPROVED',
    payments: payments.map((p) => ({
      status: p.status,
      amountMinor: p.amountMinor,
      capturedMinor: p.capturedMinor ?? 0n,
      refundedMinor: 0n,
    })),
  });
  const settings = await getCheckoutSettings(tx);
  const paid = paymentStatus === 'PAID';
  const keepStock = opts.merchant?.stock === 'KEEP';
  const takeNow =
    !keepStock && (opts.merchant?.stock === 'TAKE' || settings.inventoryUpdateTrigger === 'ON_ORDER_PLACED' || paid);

  // Waiting for the buyer's bank, or an online order with nothing paid yet: not approved until the money comes.
  const waiting =
    paymentStatus === 'PENDING' ||
    (paymentStatus === 'NOT_PAID' && checkout.paymentOption !== 'FULL_PAYMENT_OFFLINE' && dueNow > 0n);
  const activities = [activity(tx, 'ORDER_PLACED', opts.merchant ? { author: opts.merchant.author } : {})];
  if (paid) activities.push(activity(tx, 'ORDER_PAID'));
  if (paymentStatus === 'PARTIALLY_PAID') activities.push(activity(tx, 'ORDER_PARTIALLY_PAID'));
  if (paymentStatus === 'PENDING') activities.push(activity(tx, 'PAYMENT_PENDING'));
  if ((opts.savePaymentMethod || subscribes) && charge) activities.push(activity(tx, 'SAVED_PAYMENT_METHOD'));

  // The checkout is done. The same statement draws the order's number and says whether a reminder is out for the
  // checkout (most were never abandoned): one round trip instead of three.
  const [completed] = await completeForOrder(tx.db).execute({ id: checkoutId, now });
  const number = Number(completed!.number);
  const snapshot: OrderSnapshot = { ...snapshotOf(checkout), ...(keepStock ? { keepStock } : {}) };
  // The rows exactly as written: the answer, the event and the e-mail need no read back.
  const saved: OrderRow = {
    id: orderId,
    number,
    checkoutId,
    cartId: row.cartId,
    status: waiting ? 'INITIALIZED' : 'APPROVED',
    paymentStatus,
    fulfillmentStatus: 'NOT_FULFILLED',
    memberId: row.memberId,
    visitorId: row.visitorId,
    buyerEmail: checkout.buyerInfo.email ?? null,
    currency,
    totalMinor,
    channel: checkout.channelType,
    searchText: searchTextOf(number, checkout.buyerInfo.email, snapshot),
    snapshot,
    tags: opts.merchant?.tags ?? [],
    activities,
    stockTaken: takeNow,
    purchasedDate: now,
    createdDate: now,
    updatedDate: now,
  };
  const written = payments.map((p): PaymentRow => ({ ...PAYMENT_DEFAULTS, ...p }));
  const entity = await toOrder(tx, saved, written, []);
  // The confirmation is written with the order: one per order, even if the process dies after the commit.
  const email = checkout.buyerInfo.email;
  const mail =
    email && (opts.merchant?.sendEmail ?? true)
      ? composeMail(tx, {
          to: email,
          template: 'ORDER_PLACED',
          data: {
            siteName: (await getSite(tx)).name,
            number: String(number),
            link: `${webBase(tx)}/orders/${orderId}?token=${thankYouToken(tx, orderId)}`,
            items: checkout.lineItems.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.productName}` : l.productName)),
            total: checkout.priceSummary.total.formattedAmount,
            paid,
          },
        })
      : undefined;
  await writeOrder(
    tx,
    {
      order: recordJson(orders, saved),
      payments: recordJson(orderPayments, written),
      mails: recordJson(mailMessages, mail ? [mail] : []),
    },
    { type: 'ecom.order.created', entityId: orderId, entity },
  );
  const mailId = mail?.id;
  if (paid) await planDownloadLinks(tx, orderId, checkout.lineItems);
  const payLater = checkout.priceSummary.payLater ? minor(checkout.priceSummary.payLater.amount) : 0n;
  const mailIds: string[] = [];
  if (checkout.paymentOption === 'DEPOSIT_ONLINE' && payLater > 0n) {
    const { mailId: requestMail } = await requestDepositBalance(tx, orderId, payLater);
    if (requestMail) mailIds.push(requestMail);
  }
  if (subscribes && charge && opts.paymentToken) {
    const card = charge.card ?? { brand: 'Card', lastFourDigits: '' };
    await createContractsForOrder(tx, {
      orderId,
      checkout,
      memberId: row.memberId,
      visitorId: row.visitorId,
      card: { provider: providerForToken(opts.paymentToken).id, token: opts.paymentToken, ...card },
    });
  }
  // The cart became this order: the shopper's next visit starts with an empty cart.
  let boughtCart: string | undefined;
  if (row.cartId) {
    const [cart] = await tx.db
      .delete(carts)
      .where(eq(carts.id, row.cartId))
      .returning({ id: carts.id, ownerKey: carts.ownerKey });
    if (cart) {
      boughtCart = cart.ownerKey;
      await emitEvent(tx, { type: 'ecom.cart.deleted', entityId: cart.id });
    }
  }
  if (completed?.abandoned) await markCheckoutRecovered(tx, checkoutId, orderId);
  // The coupon's row is locked as late as the stock's, so coupon orders queue only for the rest of the commit; used
  // up in the meantime, the whole placement rolls back (an app's authorization is released by guardAuthorization).
  await redeemCheckoutCoupon(tx, checkout, row, orderId);
  // Last: a counted item's row stays locked until commit, and other orders of it wait for that.
  // Items not counted were found in stock by this transaction's pricing read: only counted ones move.
  const counted = checkout.lineItems.filter((l) => l.availability?.quantityAvailable !== undefined);
  if (takeNow && counted.length) await takeStock(tx, counted);
  return {
    orderId,
    order: entity,
    payments: written,
    ...(mailId ? { mailId } : {}),
    mailIds,
    ...(boughtCart ? { boughtCart } : {}),
  };
}

/** Marks a locked checkout completed without an order here, and says so with `ecom.checkout.updated`. */
export async function completeCheckout(tx: Ctx, row: CheckoutRow): Promise<void> {
  if (row.completed) return;
  const now = tx.clock();
  await tx.db.update(checkouts).set({ completed: true, updatedDate: now }).where(eq(checkouts.id, row.id));
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
