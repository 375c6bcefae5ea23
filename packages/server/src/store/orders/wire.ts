import { asc, eq, inArray } from 'drizzle-orm';
import type { Order, OrderPayment, OrderRefund, OrderTransactions } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { idToken, idTokenMatches } from '../../lib/id-token.js';
import { toMoney } from '../pricing/index.js';
import { getSite } from '../../platform/site/index.js';
import { invoiceOnOrder } from './invoice-status.js';
import { orderPayments, orderRefunds, orders, type OrderSnapshot } from './tables.js';

export type OrderRow = typeof orders.$inferSelect;

/** The free-text filter's words: the number, the buyer's e-mail and names, and the product names. */
export const searchTextOf = (number: number, email: string | null | undefined, s: OrderSnapshot): string =>
  [
    String(number),
    email,
    s.billingInfo?.contactDetails?.firstName,
    s.billingInfo?.contactDetails?.lastName,
    s.shippingInfo?.logistics.shippingDestination?.contactDetails?.firstName,
    s.shippingInfo?.logistics.shippingDestination?.contactDetails?.lastName,
    ...s.lineItems.map((l) => l.productName),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
export type PaymentRow = typeof orderPayments.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;

/** The thank-you token: lets whoever placed the order (a visitor too) read it, and nothing else. */
export const thankYouToken = (ctx: Ctx, orderId: string): string => idToken(ctx, 'order-thank-you', orderId);
export const thankYouTokenMatches = (ctx: Ctx, orderId: string, token: string): boolean =>
  idTokenMatches(ctx, 'order-thank-you', orderId, token);

export async function transactionsOf(ctx: Ctx, orderIds: string[]) {
  if (!orderIds.length) return { payments: [] as PaymentRow[], refunds: [] as RefundRow[] };
  const [payments, refunds] = await Promise.all([
    ctx.db
      .select()
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, orderIds))
      .orderBy(asc(orderPayments.createdDate)),
    ctx.db
      .select()
      .from(orderRefunds)
      .where(inArray(orderRefunds.orderId, orderIds))
      .orderBy(asc(orderRefunds.createdDate)),
  ]);
  return { payments, refunds };
}

type MoneyOf = (minor: bigint) => ReturnType<typeof toMoney>;

function toPayment(p: PaymentRow, money: MoneyOf): OrderPayment {
  const regular = p.method !== 'GIFT_CARD';
  return {
    id: p.id,
    amount: money(p.amountMinor),
    method: p.method as OrderPayment['method'],
    createdDate: p.createdDate.toISOString(),
    updatedDate: p.updatedDate.toISOString(),
    ...(regular
      ? {
          regularPaymentDetails: {
            offlinePayment: p.method === 'OFFLINE' || p.method === 'MANUAL',
            status: p.status as NonNullable<OrderPayment['regularPaymentDetails']>['status'],
            ...(p.providerTransactionId ? { providerTransactionId: p.providerTransactionId } : {}),
            ...(p.card ? { creditCardDetails: p.card } : {}),
            ...(p.declineReason ? { declineReason: p.declineReason } : {}),
            ...(p.method === 'CREDIT_CARD'
              ? { paymentProvider: { id: p.provider, liveMode: p.liveMode ?? false } }
              : {}),
            ...(p.dispute
              ? {
                  dispute: {
                    id: p.dispute.id,
                    status: p.dispute.status.toUpperCase(),
                    reason: p.dispute.reason,
                    amount: money(BigInt(p.dispute.amountMinor)),
                    updatedDate: p.dispute.updatedDate,
                  },
                }
              : {}),
            ...(p.authorizedDate
              ? {
                  authorizationDetails: {
                    delayedCapture: p.delayedCapture,
                    authorizedDate: p.authorizedDate.toISOString(),
                    captures: p.captures.map((c) => ({
                      id: c.id,
                      amount: money(BigInt(c.amountMinor)),
                      status: c.status as 'SUCCEEDED',
                      createdDate: c.createdDate,
                    })),
                    ...(p.voidedDate ? { void: { voidedDate: p.voidedDate.toISOString() } } : {}),
                    ...(p.scheduledAction ? { scheduledAction: p.scheduledAction } : {}),
                  },
                }
              : {}),
          },
        }
      : { giftCardPaymentDetails: { giftCardId: p.giftCardId ?? '' } }),
    refundedAmount: money(p.refundedMinor),
  };
}

function toRefund(r: RefundRow, money: MoneyOf): OrderRefund {
  return {
    id: r.id,
    status: r.status as OrderRefund['status'],
    amount: money(r.amountMinor),
    payments: r.payments.map((p) => ({ paymentId: p.paymentId, amount: money(BigInt(p.amountMinor)) })),
    ...(r.reason ? { reason: r.reason } : {}),
    restockedItems: r.restocked,
    restockedLineItems: r.restockedItems,
    createdDate: r.createdDate.toISOString(),
  };
}

export async function toTransactions(
  ctx: Ctx,
  order: Pick<OrderRow, 'id' | 'currency'>,
  payments: PaymentRow[],
  refunds: RefundRow[],
) {
  const site = await getSite(ctx);
  const money: MoneyOf = (m) => toMoney(m, order.currency, site.locale);
  const result: OrderTransactions = {
    orderId: order.id,
    payments: payments.filter((p) => p.orderId === order.id).map((p) => toPayment(p, money)),
    refunds: refunds.filter((r) => r.orderId === order.id).map((r) => toRefund(r, money)),
  };
  return result;
}

/** The payments and refunds of several orders (a page of them), read in one go. */
export async function transactionsOfOrders(ctx: Ctx, orders: Pick<OrderRow, 'id' | 'currency'>[]) {
  const { payments, refunds } = await transactionsOf(
    ctx,
    orders.map((o) => o.id),
  );
  return Promise.all(orders.map((o) => toTransactions(ctx, o, payments, refunds)));
}

export async function toOrder(ctx: Ctx, row: OrderRow, payments: PaymentRow[], refunds: RefundRow[]): Promise<Order> {
  const site = await getSite(ctx);
  const money: MoneyOf = (m) => toMoney(m, row.currency, site.locale);
  const mine = payments.filter((p) => p.orderId === row.id);
  let captured = 0n;
  let authorized = 0n;
  for (const p of mine) {
    captured += p.capturedMinor;
    if (p.status === 'AUTHORIZED') authorized += p.amountMinor - p.capturedMinor;
  }
  const refunded = refunds
    .filter((r) => r.orderId === row.id && r.status === 'SUCCEEDED')
    .reduce((s, r) => s + r.amountMinor, 0n);
  const s = row.snapshot;
  const order: Order = {
    id: row.id,
    number: String(row.number),
    ...(row.checkoutId ? { checkoutId: row.checkoutId } : {}),
    ...(row.cartId ? { cartId: row.cartId } : {}),
    status: row.status as Order['status'],
    paymentStatus: row.paymentStatus as Order['paymentStatus'],
    fulfillmentStatus: row.fulfillmentStatus as Order['fulfillmentStatus'],
    paymentOption: s.paymentOption,
    buyerInfo: {
      ...(row.buyerEmail ? { email: row.buyerEmail } : {}),
      ...(row.memberId ? { memberId: row.memberId } : {}),
      ...(row.visitorId ? { visitorId: row.visitorId } : {}),
    },
    currency: row.currency,
    lineItems: s.lineItems,
    ...(s.billingInfo ? { billingInfo: s.billingInfo } : {}),
    ...(s.shippingInfo ? { shippingInfo: s.shippingInfo } : {}),
    ...(s.buyerNote ? { buyerNote: s.buyerNote } : {}),
    appliedDiscounts: s.appliedDiscounts,
    priceSummary: s.priceSummary,
    taxSummary: s.taxSummary,
    balanceSummary: {
      paid: money(captured),
      refunded: money(refunded),
      balance: money(row.totalMinor > captured ? row.totalMinor - captured : 0n),
      authorized: money(authorized),
    },
    channelInfo: { type: row.channel as Order['channelInfo']['type'] },
    tags: row.tags,
    activities: row.activities,
    purchasedDate: row.purchasedDate.toISOString(),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
  // Every reader of the order (the buyer's page, the dashboard, webhooks) gets its invoice state with it.
  const invoice = invoiceOnOrder(order, ctx.clock());
  return invoice ? { ...order, invoice } : order;
}

/** Orders with their transactions, in two queries whatever the number of orders. */
export async function toOrders(ctx: Ctx, rows: OrderRow[]): Promise<Order[]> {
  const { payments, refunds } = await transactionsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return Promise.all(rows.map((r) => toOrder(ctx, r, payments, refunds)));
}

export async function orderById(ctx: Ctx, id: string, lock = false): Promise<OrderRow | undefined> {
  const q = ctx.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
