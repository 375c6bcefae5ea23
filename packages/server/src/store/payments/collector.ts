import type {
  BulkOrderResults,
  CapturePaymentsRequest,
  CollectabilityResponse,
  Order,
  OrderTransactions,
  RefundabilityResponse,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { parseAmount, toMoney } from '../pricing/index.js';
import { afterWrite } from '../catalog/index.js';
import {
  lockOrder,
  toTransactions,
  transactionsOf,
  updatePayment,
  type OrderRow,
  type PaymentRow,
} from '../orders/index.js';
import { getSite } from '../../platform/site/index.js';
import type { OperationRow } from './operation-effects.js';
import { carryOut, heldByPending, recordOperation, refusedBy } from './operations.js';
import { paidIn, recordReceived } from './received.js';

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

/**
 * Captures authorized card payments, in full or in part; never more than what is still authorized, counting captures
 * still waiting for the provider. Each capture goes through the payment outbox (operations.ts): it is PENDING until the
 * provider answers, and a refusal is a 409 in the provider's words.
 */
export async function capturePayments(ctx: Ctx, orderId: string, req: CapturePaymentsRequest) {
  const ops = await withTx(ctx, async (tx) => {
    const row = await lockOrder(tx, orderId);
    const { payments } = await transactionsOf(tx, [orderId]);
    const pending = await heldByPending(tx, orderId);
    const planned: OperationRow[] = [];
    for (const [i, c] of req.payments.entries()) {
      const p = paymentOf(payments, c.paymentId, `payments[${i}].paymentId`);
      if (p.status !== 'AUTHORIZED' || pending.voiding(p.id)) {
        throw new AppError('CONFLICT', `Only an authorized payment can be captured (this one is ${p.status})`, {
          applicationCode: 'PAYMENT_NOT_AUTHORIZED',
        });
      }
      const asked = planned.filter((o) => o.paymentId === p.id).reduce((s, o) => s + o.amountMinor, 0n);
      const left = p.amountMinor - p.capturedMinor - pending.captures(p.id) - asked;
      if (left <= 0n) {
        // Everything is on its way already (a double click, or a capture waiting for the provider): as captured.
        throw new AppError('CONFLICT', 'All that is authorized on this payment is already being captured', {
          applicationCode: 'PAYMENT_NOT_AUTHORIZED',
        });
      }
      const amount = c.amount ? parseAmount(c.amount.amount, row.currency, `payments[${i}].amount.amount`) : left;
      if (amount <= 0n || amount > left) {
        throw violation(
          `payments[${i}].amount.amount`,
          'VALIDATION',
          `At most ${toMoney(left, row.currency, 'en').amount} is still authorized on this payment`,
        );
      }
      // Each capture is its own operation at the provider (a second partial capture must not read as a retry).
      const op = await recordOperation(tx, { orderId, paymentId: p.id, kind: 'CAPTURE', amountMinor: amount });
      const now = tx.clock();
      p.captures = [
        ...p.captures,
        { id: op.id, amountMinor: String(amount), status: 'PENDING', createdDate: now.toISOString() },
      ];
      await updatePayment(tx, p.id, { captures: p.captures, updatedDate: now });
      planned.push(op);
    }
    return planned;
  });
  refusedBy(await carryOut(ctx, ops));
  return getOrderTransactions(ctx, orderId);
}

/**
 * Releases authorizations nothing was captured from (VOIDED once the provider agrees); a part-captured one is
 * refunded instead. Goes through the payment outbox like a capture.
 */
export async function voidPayments(ctx: Ctx, orderId: string, paymentIds: string[]) {
  const ops = await withTx(ctx, async (tx) => {
    await lockOrder(tx, orderId);
    const { payments } = await transactionsOf(tx, [orderId]);
    const pending = await heldByPending(tx, orderId);
    const planned: OperationRow[] = [];
    for (const [i, id] of paymentIds.entries()) {
      const p = paymentOf(payments, id, `paymentIds[${i}]`);
      if (p.status !== 'AUTHORIZED' || p.capturedMinor > 0n || pending.busy(p.id)) {
        throw new AppError('CONFLICT', 'Only an authorization with nothing captured can be voided; refund the rest', {
          applicationCode: 'PAYMENT_NOT_VOIDABLE',
        });
      }
      planned.push(await recordOperation(tx, { orderId, paymentId: p.id, kind: 'VOID', amountMinor: 0n }));
    }
    return planned;
  });
  refusedBy(await carryOut(ctx, ops));
  return getOrderTransactions(ctx, orderId);
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
      return recordReceived(tx, orderId, {
        method: amountText ? 'MANUAL' : 'OFFLINE',
        provider: 'OFFLINE',
        amountMinor: amount,
      });
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
    const held = await heldByPending(tx, orderId);
    return {
      refundablePerItem: payments.map((p) => {
        const left = p.capturedMinor - p.refundedMinor - held.refunds(p.id);
        const base = { paymentId: p.id, refundableAmount: toMoney(left > 0n ? left : 0n, row.currency, site.locale) };
        if (row.status === 'PENDING')
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'ORDER_IS_PENDING' };
        if (row.status === 'REJECTED')
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'ORDER_IS_REJECTED' };
        if (p.capturedMinor === 0n)
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'NOT_PAID' };
        if (left <= 0n && held.refunds(p.id) > 0n)
          return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'PENDING_REFUND' };
        if (left <= 0n) return { ...base, refundability: 'NOT_REFUNDABLE', nonRefundableReason: 'ALREADY_REFUNDED' };
        if (p.method === 'OFFLINE' || p.method === 'MANUAL')
          return { ...base, refundability: 'MANUAL', manuallyRefundableReason: 'OFFLINE' };
        return { ...base, refundability: 'REFUNDABLE' };
      }),
    };
  });
}
