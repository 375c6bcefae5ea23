import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { insertPayment, settleOrder, type PaymentRow } from '../orders/index.js';

/** Money captured on an order so far. */
export const paidIn = (payments: PaymentRow[]): bigint => payments.reduce((s, p) => s + p.capturedMinor, 0n);

/**
 * Money received outside a card provider (at the counter, by hand, by a plan's credits): one APPROVED payment,
 * captured in full, then the order's payment status derived again.
 */
export async function recordReceived(
  tx: Ctx,
  orderId: string,
  payment: { method: 'MANUAL' | 'OFFLINE' | 'MEMBERSHIP'; provider: 'OFFLINE' | 'MEMBERSHIP'; amountMinor: bigint },
) {
  const now = tx.clock();
  await insertPayment(tx, {
    id: uuidv7(now.getTime()),
    orderId,
    status: 'APPROVED',
    ...payment,
    capturedMinor: payment.amountMinor,
    createdDate: now,
    updatedDate: now,
  });
  return settleOrder(tx, orderId);
}
