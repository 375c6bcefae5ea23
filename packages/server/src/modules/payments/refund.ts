import { and, eq, sql } from 'drizzle-orm';
import type { OrderTransactions, TriggerRefundRequest } from '@plaza/contracts';
import { withTx, type Ctx } from '../../context.js';
import { violation } from '../../http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { knownCallInTransaction } from '../../lib/tx-guard.js';
import { parseAmount, toMoney } from '../catalog/money.js';
import { afterWrite } from '../catalog/read-cache.js';
import { webBase } from '../checkout/service.js';
import { giftCards } from '../gift-cards/tables.js';
import { deliverQueued, queueMail } from '../mail/service.js';
import { activity } from '../orders/activity.js';
import { lockOrder, settleOrder } from '../orders/ledger.js';
import { restockForRefund } from '../orders/restock.js';
import { orderPayments, orderRefunds } from '../orders/tables.js';
import { thankYouToken, toTransactions, transactionsOf, type OrderRow, type PaymentRow } from '../orders/wire.js';
import { getSite } from '../site/service.js';
import { providerOf } from './app-provider.js';

type RefundPart = TriggerRefundRequest['payments'][number];

/**
 * Checks one part against what its payment can still give back, then moves the money: onto the gift card, or through
 * the card provider. Offline and manual payments are only recorded (the owner hands the money back). The caller holds
 * the order's lock, so two refunds of one order run one after the other and the second sees the first.
 */
async function refundPart(tx: Ctx, row: OrderRow, payments: PaymentRow[], r: RefundPart, i: number): Promise<bigint> {
  const p = payments.find((x) => x.id === r.paymentId);
  if (!p) throw violation(`payments[${i}].paymentId`, 'VALIDATION', 'This payment is not one of the order’s');
  const field = `payments[${i}].amount.amount`;
  const amount = parseAmount(r.amount.amount, row.currency, field);
  const refundable = p.capturedMinor - p.refundedMinor;
  if (amount <= 0n || amount > refundable) {
    throw violation(
      field,
      'VALIDATION',
      refundable > 0n
        ? `At most ${toMoney(refundable, row.currency, 'en').amount} of this payment can be refunded`
        : 'Nothing of this payment can be refunded',
    );
  }
  const now = tx.clock();
  if (p.method === 'GIFT_CARD' && p.giftCardId) {
    await tx.db
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${amount}`, updatedDate: now })
      .where(eq(giftCards.id, p.giftCardId));
  } else if (p.method === 'CREDIT_CARD') {
    await knownCallInTransaction('a payment app refund, until the payment outbox', () =>
      providerOf(p).refund(tx, {
        providerTransactionId: p.providerTransactionId ?? '',
        amountMinor: amount,
        currency: row.currency,
        transactionId: uuidv7(now.getTime()),
      }),
    );
  }
  const refunded = p.refundedMinor + amount;
  await tx.db
    .update(orderPayments)
    .set({
      refundedMinor: refunded,
      status: refunded === p.capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updatedDate: now,
    })
    .where(and(eq(orderPayments.id, p.id), eq(orderPayments.refundedMinor, p.refundedMinor)));
  p.refundedMinor = refunded;
  return amount;
}

/** The buyer's refund e-mail, stored with the refund and delivered after the commit; none without an address. */
async function queueRefundMail(tx: Ctx, row: OrderRow, amount: string, reason: string | undefined) {
  if (!row.buyerEmail) return undefined;
  const site = await getSite(tx);
  const mail = await queueMail(tx, {
    to: row.buyerEmail,
    template: 'ORDER_REFUNDED',
    data: {
      siteName: site.name,
      number: String(row.number),
      link: `${webBase(tx)}/orders/${row.id}?token=${thankYouToken(tx, row.id)}`,
      amount,
      ...(reason ? { reason } : {}),
    },
  });
  return mail.id;
}

/**
 * Refunds captured money, payment by payment; never more than captured and not yet refunded. Gift card payments go
 * back onto the card. `restockInfo` puts items back in stock (all still out, or some lines and quantities), never
 * more of a line than was bought and not yet returned; it is checked before any money moves. Logs ORDER_REFUNDED
 * with the amount and reason, and e-mails the buyer unless `sendOrderRefundedEmail` is false.
 */
export async function triggerRefund(
  ctx: Ctx,
  orderId: string,
  req: TriggerRefundRequest,
): Promise<{ orderTransactions: OrderTransactions }> {
  const { result, mailId } = await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await lockOrder(tx, orderId);
      const { payments } = await transactionsOf(tx, [orderId]);
      const now = tx.clock();
      let total = 0n;
      const parts: Array<{ paymentId: string; amountMinor: string }> = [];
      const restockedItems = await restockForRefund(tx, row, req.sideEffects?.restockInfo);
      for (const [i, r] of req.payments.entries()) {
        const amount = await refundPart(tx, row, payments, r, i);
        total += amount;
        parts.push({ paymentId: r.paymentId, amountMinor: String(amount) });
      }
      const restock = restockedItems.length > 0;
      const reason = req.details?.reason?.trim() || undefined;
      await tx.db.insert(orderRefunds).values({
        id: uuidv7(now.getTime()),
        orderId,
        status: 'SUCCEEDED',
        amountMinor: total,
        payments: parts,
        ...(reason ? { reason } : {}),
        restocked: restock,
        restockedItems,
        createdDate: now,
      });
      const amount = toMoney(total, row.currency, (await getSite(tx)).locale);
      const orderRefunded = { amount, ...(reason ? { reason } : {}), restockedItems: restock };
      await settleOrder(tx, orderId, [activity(tx, 'ORDER_REFUNDED', { orderRefunded })]);
      const mail =
        req.sideEffects?.sendOrderRefundedEmail === false
          ? undefined
          : await queueRefundMail(tx, row, amount.formattedAmount, reason);
      const after = await transactionsOf(tx, [orderId]);
      return {
        result: { orderTransactions: await toTransactions(tx, row, after.payments, after.refunds) },
        mailId: mail,
      };
    }),
  );
  if (mailId) void deliverQueued(ctx, mailId);
  return result;
}
