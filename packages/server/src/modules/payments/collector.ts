import { and, eq } from 'drizzle-orm';
import type {
  BulkOrderResults,
  CapturePaymentsRequest,
  CollectabilityResponse,
  Order,
  OrderTransactions,
  RefundabilityResponse,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../context.js';
import { AppError, violation } from '../../http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { knownCallInTransaction } from '../../lib/tx-guard.js';
import { parseAmount, toMoney } from '../catalog/money.js';
import { afterWrite } from '../catalog/read-cache.js';
import { activity } from '../orders/activity.js';
import { lockOrder, settleOrder } from '../orders/ledger.js';
import { orderPayments } from '../orders/tables.js';
import { toTransactions, transactionsOf, type OrderRow, type PaymentRow } from '../orders/wire.js';
import { getSite } from '../site/service.js';
import { providerOf } from './app-provider.js';

const paidIn = (payments: PaymentRow[]) => payments.reduce((s, p) => s + p.capturedMinor, 0n);

async function transactionsNow(tx: Ctx, row: OrderRow): Promise<{ orderTransactions: OrderTransactions }> {
  const { payments, refunds } = await transactionsOf(tx, [row.id]);
  return { orderTransactions: await toTransactions(tx, row, payments, refunds) };
}

function paymentOf(payments: PaymentRow[], id: string, field: string): PaymentRow {
  const p = payments.find((x) => x.id === id);
  if (!p) throw violation(field, 'VALIDATION', 'This payment is not one of the order’s');
  return p;
}

export async function getOrderTransactions(ctx: Ctx, orderId: string) {
  return withTx(ctx, async (tx) => transactionsNow(tx, await lockOrder(tx, orderId)));
}

/** Captures authorized card payments, in full or in part; never more than what is still authorized. */
export async function capturePayments(ctx: Ctx, orderId: string, req: CapturePaymentsRequest) {
  return afterWrite(
    withTx(ctx, async (tx) => {
      const row = await lockOrder(tx, orderId);
      const { payments } = await transactionsOf(tx, [orderId]);
      const now = tx.clock();
      for (const [i, c] of req.payments.entries()) {
        const p = paymentOf(payments, c.paymentId, `payments[${i}].paymentId`);
        if (p.status !== 'AUTHORIZED') {
          throw new AppError('CONFLICT', `Only an authorized payment can be captured (this one is ${p.status})`, {
            applicationCode: 'PAYMENT_NOT_AUTHORIZED',
          });
        }
        const left = p.amountMinor - p.capturedMinor;
        const amount = c.amount ? parseAmount(c.amount.amount, row.currency, `payments[${i}].amount.amount`) : left;
        if (amount <= 0n || amount > left) {
          throw violation(
            `payments[${i}].amount.amount`,
            'VALIDATION',
            `At most ${toMoney(left, row.currency, 'en').amount} is still authorized on this payment`,
          );
        }
        // Each capture is its own operation at the provider (a second partial capture must not read as a retry).
        const captureId = uuidv7(now.getTime());
        await knownCallInTransaction('a payment app capture, until the payment outbox', () =>
          providerOf(p).capture(tx, {
            providerTransactionId: p.providerTransactionId ?? '',
            amountMinor: amount,
            currency: row.currency,
            transactionId: captureId,
          }),
        );
        const captured = p.capturedMinor + amount;
        await tx.db
          .update(orderPayments)
          .set({
            capturedMinor: captured,
            status: captured === p.amountMinor ? 'APPROVED' : 'AUTHORIZED',
            captures: [
              ...p.captures,
              {
                id: captureId,
                amountMinor: String(amount),
                status: 'SUCCEEDED',
                createdDate: now.toISOString(),
              },
            ],
            updatedDate: now,
          })
          // The status in the WHERE keeps two captures at once from both passing the check above.
          .where(and(eq(orderPayments.id, p.id), eq(orderPayments.capturedMinor, p.capturedMinor)));
      }
      await settleOrder(tx, orderId);
      return transactionsNow(tx, row);
    }),
  );
}

/** Releases authorizations nothing was captured from (VOIDED); a part-captured one is refunded instead. */
export async function voidPayments(ctx: Ctx, orderId: string, paymentIds: string[]) {
  return withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const { payments } = await transactionsOf(tx, [orderId]);
    const now = tx.clock();
    for (const [i, id] of paymentIds.entries()) {
      const p = paymentOf(payments, id, `paymentIds[${i}]`);
      if (p.status !== 'AUTHORIZED' || p.capturedMinor > 0n) {
        throw new AppError('CONFLICT', 'Only an authorization with nothing captured can be voided; refund the rest', {
          applicationCode: 'PAYMENT_NOT_VOIDABLE',
        });
      }
      await knownCallInTransaction('a payment app void, until the payment outbox', () =>
        providerOf(p).void(tx, { providerTransactionId: p.providerTransactionId ?? '', transactionId: p.id }),
      );
      await tx.db
        .update(orderPayments)
        .set({ status: 'VOIDED', voidedDate: now, updatedDate: now })
        .where(eq(orderPayments.id, p.id));
    }
    await settleOrder(tx, orderId, [activity(tx, 'PAYMENT_CANCELED')]);
    return transactionsNow(tx, row);
  });
}

/** Records money received outside Plaza: `amount` (default: everything still due). */
export async function recordPayment(ctx: Ctx, orderId: string, amountText?: string): Promise<Order> {
  return afterWrite(
    withTx(ctx, async (tx) => {
      const row = await lockOrder(tx, orderId);
      const { payments } = await transactionsOf(tx, [orderId]);
      if (row.status === 'CANCELED') {
        throw new AppError('CONFLICT', 'The order is canceled', { applicationCode: 'ORDER_CANCELED' });
      }
      const due = row.totalMinor - paidIn(payments);
      if (due <= 0n)
        throw new AppError('CONFLICT', 'The order is already paid', { applicationCode: 'ORDER_ALREADY_PAID' });
      const amount = amountText ? parseAmount(amountText, row.currency, 'amount.amount') : due;
      if (amount <= 0n || amount > due) {
        throw violation(
          'amount.amount',
          'VALIDATION',
          `At most ${toMoney(due, row.currency, 'en').amount} is still due`,
        );
      }
      const now = tx.clock();
      await tx.db.insert(orderPayments).values({
        id: uuidv7(now.getTime()),
        orderId,
        method: amountText ? 'MANUAL' : 'OFFLINE',
        provider: 'OFFLINE',
        status: 'APPROVED',
        amountMinor: amount,
        capturedMinor: amount,
        createdDate: now,
        updatedDate: now,
      });
      return settleOrder(tx, orderId);
    }),
  );
}

export async function bulkMarkAsPaid(ctx: Ctx, ids: string[]): Promise<BulkOrderResults> {
  const results: BulkOrderResults['results'] = [];
  for (const id of ids) {
    try {
      results.push({ itemMetadata: { id, success: true }, item: await recordPayment(ctx, id) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const code = err.options.applicationCode ?? err.code;
      results.push({ itemMetadata: { id, success: false, error: { code, description: err.message } } });
    }
  }
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok } };
}

export async function collectability(ctx: Ctx, orderId: string): Promise<CollectabilityResponse> {
  return withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const { payments } = await transactionsOf(tx, [orderId]);
    const site = await getSite(tx);
    const dueMinor = row.totalMinor - paidIn(payments);
    const amount = toMoney(dueMinor > 0n ? dueMinor : 0n, row.currency, site.locale);
    const subscriptions = row.snapshot.lineItems.some(
      (l) => (l as { subscriptionOptionInfo?: unknown }).subscriptionOptionInfo,
    );
    const status: CollectabilityResponse['status'] =
      row.status === 'CANCELED'
        ? 'NONCOLLECTABLE_ORDER_IS_CANCELLED'
        : row.status === 'REJECTED'
          ? 'NONCOLLECTABLE_ORDER_IS_REJECTED'
          : dueMinor <= 0n
            ? 'NONCOLLECTABLE_ORDER_IS_PAID'
            : row.paymentStatus === 'PENDING'
              ? 'NONCOLLECTABLE_ORDER_IS_PENDING'
              : subscriptions
                ? 'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS'
                : 'COLLECTABLE';
    return { status, amount };
  });
}

export async function refundability(ctx: Ctx, orderId: string): Promise<RefundabilityResponse> {
  return withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const { payments } = await transactionsOf(tx, [orderId]);
    const site = await getSite(tx);
    return {
      refundablePerItem: payments.map((p) => {
        const left = p.capturedMinor - p.refundedMinor;
        const base = { paymentId: p.id, refundableAmount: toMoney(left > 0n ? left : 0n, row.currency, site.locale) };
        if (row.status === 'PENDING')
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'ORDER_IS_PENDING' };
        if (row.status === 'REJECTED')
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'ORDER_IS_REJECTED' };
        if (p.capturedMinor === 0n)
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' };
        if (left <= 0n) return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'ALREADY_REFUNDED' };
        if (p.method === 'OFFLINE' || p.method === 'MANUAL')
          return { ...base, refundability: 'MANUAL', manuallyRefundableReason: 'OFFLINE' };
        return { ...base, refundability: 'REFUNDABLE' };
      }),
    } as RefundabilityResponse;
  });
}
