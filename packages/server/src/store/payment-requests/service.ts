import { asc, eq } from 'drizzle-orm';
import type { CreatePaymentRequestRequest, PaymentRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { idToken, idTokenMatches } from '../../lib/id-token.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { parseAmount, toMoney } from '../pricing/index.js';
import { afterWrite } from '../catalog/index.js';
import { webBase } from '../../lib/urls.js';
import { deliverQueued, queueMail } from '../../platform/mail/index.js';
import { lockOrder, managesOrders, orderById, settleOrder, transactionsOf, type OrderRow } from '../orders/index.js';
import { buyerProviderForToken, guardAuthorization, insertCapturedCardPayment } from '../payments/index.js';
import { getSite } from '../../platform/site/index.js';
import { paymentRequests as pr } from './tables.js';
import { siteDay } from '../../lib/dates.js';

type Row = typeof pr.$inferSelect;
const DAY = 86_400_000;

/** The page's secret: whoever holds the link may see the amount and pay it, and nothing else. */
const tokenOf = (ctx: Ctx, id: string) => idToken(ctx, 'payment-request', id);
const tokenMatches = (ctx: Ctx, id: string, token: string | undefined) =>
  idTokenMatches(ctx, 'payment-request', id, token);

const statusOf = (ctx: Ctx, r: Row): PaymentRequest['status'] =>
  r.status === 'PAID' ? 'PAID' : r.expiresDate.getTime() < ctx.clock().getTime() ? 'EXPIRED' : 'UNPAID';

async function toWire(ctx: Ctx, r: Row, orderNumber: number): Promise<PaymentRequest> {
  const { locale } = await getSite(ctx);
  return {
    id: r.id,
    orderId: r.orderId,
    orderNumber: String(orderNumber),
    status: statusOf(ctx, r),
    amount: toMoney(r.amountMinor, r.currency, locale),
    title: r.title,
    url: `${webBase(ctx)}/pay/${r.id}?token=${tokenOf(ctx, r.id)}`,
    expirationDate: r.expiresDate.toISOString(),
    ...(r.paidDate ? { paidDate: r.paidDate.toISOString() } : {}),
    createdDate: r.createdDate.toISOString(),
  };
}

const captured = (payments: Array<{ capturedMinor: bigint; refundedMinor: bigint }>) =>
  payments.reduce((s, p) => s + p.capturedMinor, 0n);

/**
 * In a transaction that holds the order: a request for `amountMinor` (checked against what is still owed), e-mailed
 * to the buyer when asked. Placement uses it for a deposit's balance; the owner for anything still due.
 */
export async function insertPaymentRequest(
  tx: Ctx,
  order: OrderRow,
  input: { amountMinor: bigint; title: string; expiresInDays: number; sendEmail: boolean },
): Promise<{ request: PaymentRequest; mailId?: string }> {
  const now = tx.clock();
  const row: Row = {
    id: uuidv7(now.getTime()),
    orderId: order.id,
    status: 'UNPAID',
    amountMinor: input.amountMinor,
    currency: order.currency,
    title: input.title,
    expiresDate: new Date(now.getTime() + input.expiresInDays * DAY),
    paidDate: null,
    paymentId: null,
    createdDate: now,
  };
  await tx.db.insert(pr).values(row);
  const request = await toWire(tx, row, order.number);
  if (!input.sendEmail || !order.buyerEmail) return { request };
  const site = await getSite(tx);
  const { id } = await queueMail(tx, {
    to: order.buyerEmail,
    template: 'PAYMENT_REQUEST',
    data: {
      siteName: site.name,
      number: String(order.number),
      link: request.url,
      amount: request.amount.formattedAmount,
      title: row.title,
      until: siteDay(row.expiresDate, site),
    },
  });
  return { request, mailId: id };
}

/** POST /ecom/v1/payment-requests (managers): ask the buyer for what the order still owes, or part of it. */
export async function createPaymentRequest(ctx: Ctx, req: CreatePaymentRequestRequest): Promise<PaymentRequest> {
  const { request, mailId } = await withTx(ctx, async (tx) => {
    const order = await lockOrder(tx, req.orderId);
    if (order.status === 'CANCELED') {
      throw new AppError('CONFLICT', 'The order is canceled', { applicationCode: 'ORDER_CANCELED' });
    }
    const { payments } = await transactionsOf(tx, [order.id]);
    const due = order.totalMinor - captured(payments);
    if (due <= 0n)
      throw new AppError('CONFLICT', 'The order is already paid', { applicationCode: 'ORDER_ALREADY_PAID' });
    const amount = req.amount ? parseAmount(req.amount.amount, order.currency, 'amount.amount') : due;
    if (amount <= 0n || amount > due) {
      const most = toMoney(due, order.currency, 'en').amount;
      throw violation('amount.amount', 'VALIDATION', `At most ${most} is still due`);
    }
    return insertPaymentRequest(tx, order, {
      amountMinor: amount,
      title: req.title ?? `Payment for order ${order.number}`,
      expiresInDays: req.expiresInDays ?? 30,
      sendEmail: req.sendEmail ?? true,
    });
  });
  if (mailId) void deliverQueued(ctx, mailId);
  return request;
}

/** Managers read every request; anyone else only with the page's token (a wrong one is the same 404 as none). */
async function readable(ctx: Ctx, id: string, token: string | undefined, lock = false) {
  const q = ctx.db.select().from(pr).where(eq(pr.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !(managesOrders(ctx) || tokenMatches(ctx, id, token))) throw notFound('Payment request');
  return row;
}

export async function getPaymentRequest(ctx: Ctx, id: string, token?: string): Promise<PaymentRequest> {
  const row = await readable(ctx, id, token);
  return toWire(ctx, row, (await orderById(ctx, row.orderId))!.number);
}

export async function listPaymentRequests(ctx: Ctx, orderId: string): Promise<PaymentRequest[]> {
  const order = await orderById(ctx, orderId);
  if (!order) throw notFound('Order');
  const rows = await ctx.db.select().from(pr).where(eq(pr.orderId, orderId)).orderBy(asc(pr.createdDate));
  return Promise.all(rows.map((r) => toWire(ctx, r, order.number)));
}

/**
 * The hosted page's "Pay": charges the card for the request's amount and records it on the order, exactly once. The
 * request is checked, the card asked outside any transaction, then one transaction locks the request and records the
 * payment; paid meanwhile (another tab), the new authorization is released and the request answered as it is.
 * Declined: 409 PAYMENT_DECLINED, nothing written.
 */
export async function payPaymentRequest(
  ctx: Ctx,
  id: string,
  req: { token: string; paymentToken: string },
): Promise<PaymentRequest> {
  const request = await readable(ctx, id, req.token);
  const before = payable(ctx, request, (await orderById(ctx, request.orderId))!);
  if (before.status === 'PAID') return getPaymentRequest(ctx, id, req.token);
  const paymentId = uuidv7(ctx.clock().getTime());
  try {
    return await guardAuthorization(ctx, req.paymentToken, paymentId, async () => {
      const provider = buyerProviderForToken(req.paymentToken);
      const charge = await provider.authorize(ctx, {
        paymentToken: req.paymentToken,
        amountMinor: before.amountMinor,
        currency: before.currency,
        capture: true,
        transactionId: paymentId,
      });
      if (charge.status !== 'APPROVED') {
        throw new AppError(
          'CONFLICT',
          charge.declineReason ?? 'The bank asked for a confirmation we cannot take here',
          {
            applicationCode: 'PAYMENT_DECLINED',
          },
        );
      }
      return afterWrite(
        withTx(ctx, async (tx) => {
          const locked = await readable(tx, id, req.token, true);
          const order = (await orderById(tx, locked.orderId, true))!;
          const row = payable(tx, locked, order);
          if (row.status === 'PAID') throw new PaidMeanwhile();
          const now = tx.clock();
          await insertCapturedCardPayment(tx, {
            id: paymentId,
            orderId: order.id,
            amountMinor: row.amountMinor,
            charge,
            provider: provider.id,
          });
          const paid = { ...row, status: 'PAID', paidDate: now, paymentId };
          await tx.db.update(pr).set({ status: 'PAID', paidDate: now, paymentId }).where(eq(pr.id, id));
          await settleOrder(tx, order.id);
          return toWire(tx, paid, order.number);
        }),
      );
    });
  } catch (err) {
    if (err instanceof PaidMeanwhile) return getPaymentRequest(ctx, id, req.token);
    throw err;
  }
}

/** Another payment of the same request committed first (the authorization guard releases this one's). */
class PaidMeanwhile extends Error {}

/** The request, if it can still be paid (or is paid already): refused when expired or its order canceled. */
function payable(ctx: Ctx, row: typeof pr.$inferSelect, order: OrderRow) {
  if (row.status === 'PAID') return row;
  if (statusOf(ctx, row) === 'EXPIRED') {
    throw new AppError('CONFLICT', 'This payment link has expired: ask the shop for a new one', {
      applicationCode: 'PAYMENT_REQUEST_EXPIRED',
    });
  }
  if (order.status === 'CANCELED') {
    throw new AppError('CONFLICT', 'The order was canceled', { applicationCode: 'ORDER_CANCELED' });
  }
  return row;
}

/** Placement, for DEPOSIT_ONLINE: the rest becomes a request the buyer gets with the confirmation. */
export async function requestDepositBalance(tx: Ctx, orderId: string, balanceMinor: bigint) {
  const order = (await orderById(tx, orderId))!;
  return insertPaymentRequest(tx, order, {
    amountMinor: balanceMinor,
    title: `Balance of order ${order.number}`,
    expiresInDays: 30,
    sendEmail: true,
  });
}
