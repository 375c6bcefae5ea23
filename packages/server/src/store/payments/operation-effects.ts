import { eq } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { toMoney } from '../pricing/index.js';
import { queueMail } from '../../platform/mail/index.js';
import {
  activity,
  closePendingRefund,
  orderById,
  orderMailHeader,
  paymentById,
  settleOrder,
  updatePayment,
  type OrderRow,
  type RefundRow,
  type ScheduledAction,
} from '../orders/index.js';
import { getSite } from '../../platform/site/index.js';
import { providerOf } from './providers.js';
import { paymentOperations } from './tables.js';

export type OperationRow = typeof paymentOperations.$inferSelect;

/** What the provider said: done, refused in its words, or nothing we can rely on (ask again later). */
export type Answer = { status: 'SUCCEEDED' } | { status: 'FAILED'; reason: string } | { status: 'UNKNOWN' };

type Settled = Exclude<Answer, { status: 'UNKNOWN' }>;

/**
 * Records a provider's answer on a locked order: the operation's status, then its effect on the payment (captured,
 * voided or refunded money) and on the order. Answers the ids of e-mails queued for after the commit.
 */
export async function applyAnswer(tx: Ctx, op: OperationRow, answer: Settled): Promise<string[]> {
  const now = tx.clock();
  await tx.db
    .update(paymentOperations)
    .set({ status: answer.status, failure: answer.status === 'FAILED' ? answer.reason : null, updatedDate: now })
    .where(eq(paymentOperations.id, op.id));
  const payment = await paymentById(tx, op.paymentId);
  if (!payment) return [];
  const ok = answer.status === 'SUCCEEDED';
  if (op.kind === 'CAPTURE') {
    const captured = payment.capturedMinor + (ok ? op.amountMinor : 0n);
    // A provider that captures once released the rest: nothing more is authorized.
    const done = captured === payment.amountMinor || (ok && providerOf(payment).capturesOnce === true);
    await updatePayment(tx, payment.id, {
      capturedMinor: captured,
      status: done ? 'APPROVED' : payment.status,
      captures: payment.captures.map((c) => (c.id === op.id ? { ...c, status: answer.status } : c)),
      scheduledAction: finished(payment.scheduledAction, ok),
      updatedDate: now,
    });
    await settleOrder(tx, op.orderId);
    return [];
  }
  if (op.kind === 'VOID') {
    if (!ok) return [];
    await updatePayment(tx, payment.id, {
      status: 'VOIDED',
      voidedDate: now,
      scheduledAction: finished(payment.scheduledAction, ok),
      updatedDate: now,
    });
    await settleOrder(tx, op.orderId, [activity(tx, 'PAYMENT_CANCELED')]);
    return [];
  }
  if (ok) {
    const refunded = payment.refundedMinor + op.amountMinor;
    await updatePayment(tx, payment.id, {
      refundedMinor: refunded,
      status: refunded === payment.capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updatedDate: now,
    });
  }
  return op.refundId ? finishRefundIfAnswered(tx, op.refundId, op.notifyBuyer) : [];
}

/** A capture or void the schedule started is SUCCEEDED or FAILED once its operation is answered. */
function finished(action: ScheduledAction, ok: boolean): ScheduledAction {
  if (!action || action.status !== 'STARTED') return action;
  return { ...action, status: ok ? ('SUCCEEDED' as const) : ('FAILED' as const) };
}

/**
 * Closes a refund once none of its card parts waits for the provider: SUCCEEDED when every part went through (logged
 * as ORDER_REFUNDED with amount and reason, and e-mailed to the buyer when asked), FAILED when a provider refused.
 */
export async function finishRefundIfAnswered(tx: Ctx, refundId: string, notifyBuyer: boolean): Promise<string[]> {
  const parts = await tx.db.select().from(paymentOperations).where(eq(paymentOperations.refundId, refundId));
  if (parts.some((p) => p.status === 'PENDING')) return [];
  const status = parts.every((p) => p.status === 'SUCCEEDED') ? 'SUCCEEDED' : 'FAILED';
  const refund = await closePendingRefund(tx, refundId, status);
  if (!refund) return [];
  if (status === 'FAILED') {
    await settleOrder(tx, refund.orderId);
    return [];
  }
  return refundSucceeded(tx, refund, notifyBuyer);
}

/** A refund that went through: the history entry, the order's payment status, and the buyer's e-mail. */
export async function refundSucceeded(tx: Ctx, refund: RefundRow, notifyBuyer: boolean): Promise<string[]> {
  const row = await orderById(tx, refund.orderId);
  const site = await getSite(tx);
  const amount = toMoney(refund.amountMinor, row!.currency, site.locale);
  const reason = refund.reason ?? undefined;
  const orderRefunded = { amount, ...(reason ? { reason } : {}), restockedItems: refund.restocked };
  await settleOrder(tx, refund.orderId, [activity(tx, 'ORDER_REFUNDED', { orderRefunded })]);
  if (!notifyBuyer) return [];
  const mail = await queueRefundMail(tx, row!, amount.formattedAmount, reason);
  return mail ? [mail] : [];
}

/** The buyer's refund e-mail, stored with the refund and delivered after the commit; none without an address. */
async function queueRefundMail(tx: Ctx, row: OrderRow, amount: string, reason: string | undefined) {
  if (!row.buyerEmail) return undefined;
  const site = await getSite(tx);
  const mail = await queueMail(tx, {
    to: row.buyerEmail,
    template: 'ORDER_REFUNDED',
    data: {
      ...orderMailHeader(tx, site, row),
      amount,
      ...(reason ? { reason } : {}),
    },
  });
  return mail.id;
}
