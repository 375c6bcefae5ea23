import type { OrderTransactions, TriggerRefundRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { parseAmount, toMoney } from '../pricing/index.js';
import { afterWrite } from '../catalog/index.js';
import { returnGiftCardBalance } from '../gift-cards/index.js';
import { deliverQueued } from '../../platform/mail/index.js';
import {
  insertRefund,
  lockOrder,
  restockForRefund,
  transactionsOf,
  updatePayment,
  type OrderRow,
  type PaymentRow,
} from '../orders/index.js';
import { getOrderTransactions } from './collector.js';
import { refundSucceeded } from './operation-effects.js';
import { carryOut, heldByPending, recordOperation, refusedBy } from './operations.js';

type RefundPart = TriggerRefundRequest['payments'][number];

/**
 * Checks one part against what its payment can still give back (captured, less refunded, less refunds still on their
 * way to the provider). Gift card money goes back onto the card and offline or manual payments are only recorded (the
 * owner hands the money back), both at once; a card part is answered for the payment outbox to carry out. The caller
 * holds the order's lock, so two refunds of one order run one after the other and the second sees the first.
 */
async function refundPart(tx: Ctx, row: OrderRow, payments: PaymentRow[], r: RefundPart, i: number, held: Held) {
  const p = payments.find((x) => x.id === r.paymentId);
  if (!p) throw violation(`payments[${i}].paymentId`, 'VALIDATION', 'This payment is not one of the order’s');
  const field = `payments[${i}].amount.amount`;
  const amount = parseAmount(r.amount.amount, row.currency, field);
  const refundable = p.capturedMinor - p.refundedMinor - held.refunds(p.id);
  if (amount <= 0n || amount > refundable) {
    throw violation(
      field,
      'VALIDATION',
      refundable > 0n
        ? `At most ${toMoney(refundable, row.currency, 'en').amount} of this payment can be refunded`
        : held.refunds(p.id) > 0n
          ? 'A refund of this payment is still waiting for the payment provider'
          : 'Nothing of this payment can be refunded',
    );
  }
  if (p.method === 'CREDIT_CARD') return { payment: p, amount, byProvider: true };
  const now = tx.clock();
  if (p.method === 'GIFT_CARD' && p.giftCardId) {
    await returnGiftCardBalance(tx, p.giftCardId, amount, now);
  }
  const refunded = p.refundedMinor + amount;
  await updatePayment(
    tx,
    p.id,
    {
      refundedMinor: refunded,
      status: refunded === p.capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updatedDate: now,
    },
    p.refundedMinor,
  );
  p.refundedMinor = refunded;
  return { payment: p, amount, byProvider: false };
}

type Held = Awaited<ReturnType<typeof heldByPending>>;

/**
 * Refunds captured money, payment by payment; never more than captured and not yet refunded. Gift card payments go
 * back onto the card at once; card payments go through the payment outbox, and the refund is PENDING until the
 * provider has answered every card part (SUCCEEDED, or FAILED with a 409 in the provider's words). `restockInfo` puts items back in stock (all still out, or some lines and quantities), never
 * more of a line than was bought and not yet returned; it is checked before any money moves, and the goods are back
 * whatever the provider answers. Once the refund has gone through it logs ORDER_REFUNDED with the amount and reason,
 * and e-mails the buyer unless `sendOrderRefundedEmail` is false.
 */
export async function triggerRefund(
  ctx: Ctx,
  orderId: string,
  req: TriggerRefundRequest,
): Promise<{ orderTransactions: OrderTransactions }> {
  const notifyBuyer = req.sideEffects?.sendOrderRefundedEmail !== false;
  const { ops, mailIds } = await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await lockOrder(tx, orderId);
      const { payments } = await transactionsOf(tx, [orderId]);
      const held = await heldByPending(tx, orderId);
      const now = tx.clock();
      const refundId = uuidv7(now.getTime());
      const restockedItems = await restockForRefund(tx, row, req.sideEffects?.restockInfo);
      const parts = [];
      for (const [i, r] of req.payments.entries()) parts.push(await refundPart(tx, row, payments, r, i, held));
      const byProvider = parts.filter((p) => p.byProvider);
      const reason = req.details?.reason?.trim() || undefined;
      const refund = await insertRefund(tx, {
        id: refundId,
        orderId,
        // PENDING while a card part waits for the provider; the last answer closes it (operation-effects.ts).
        status: byProvider.length ? 'PENDING' : 'SUCCEEDED',
        amountMinor: parts.reduce((s, p) => s + p.amount, 0n),
        payments: parts.map((p) => ({ paymentId: p.payment.id, amountMinor: String(p.amount) })),
        ...(reason ? { reason } : {}),
        restocked: restockedItems.length > 0,
        restockedItems,
        createdDate: now,
      });
      const kind = 'REFUND' as const;
      const ops = [];
      for (const p of byProvider) {
        ops.push(
          await recordOperation(tx, {
            orderId,
            paymentId: p.payment.id,
            kind,
            amountMinor: p.amount,
            refundId,
            notifyBuyer,
          }),
        );
      }
      return { ops, mailIds: ops.length ? [] : await refundSucceeded(tx, refund, notifyBuyer) };
    }),
  );
  for (const id of mailIds) void deliverQueued(ctx, id);
  refusedBy(await carryOut(ctx, ops));
  return getOrderTransactions(ctx, orderId);
}
