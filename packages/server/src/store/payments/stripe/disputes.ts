import type Stripe from 'stripe';
import { withTx, type Ctx } from '../../../kernel/context.js';
import { uuidv7 } from '../../../lib/ids.js';
import { toMoney } from '../../pricing/index.js';
import { getSite } from '../../../platform/site/index.js';
import {
  lockOrder,
  logOnOrder,
  paymentById,
  paymentByProviderTransaction,
  updatePayment,
  type PaymentDispute,
} from '../../orders/index.js';
import { STRIPE_PROVIDER_ID } from './provider.js';

/** Stripe's dispute states, as an owner reads them in the order's history. */
const STATUS_WORDS: Record<string, string> = {
  warning_needs_response: 'inquiry opened: respond in Stripe',
  warning_under_review: 'inquiry under review',
  warning_closed: 'inquiry closed',
  needs_response: 'opened: respond in Stripe before the deadline',
  under_review: 'under review by the bank',
  won: 'won: the money stays with you',
  lost: 'lost: the money went back to the buyer',
  prevented: 'prevented',
};

/** A dispute's last word: nothing within the same second undoes it. */
const CLOSED = new Set(['won', 'lost', 'warning_closed', 'prevented']);

/** Stripe's `created` has whole seconds: within one, a closed dispute is newer than an open one. */
const isOlder = (kept: PaymentDispute, created: number, status: string) =>
  kept.eventCreated > created || (kept.eventCreated === created && CLOSED.has(kept.status) && !CLOSED.has(status));

/**
 * charge.dispute.*: the payment keeps the dispute's latest state and the order's history says what happened. Events
 * may come out of order; one older than the state kept is ignored (Stripe's `created` orders them).
 */
export async function recordDispute(ctx: Ctx, event: Stripe.Event, dispute: Stripe.Dispute): Promise<void> {
  const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intentId) return;
  const found = await paymentByProviderTransaction(ctx, STRIPE_PROVIDER_ID, intentId);
  if (!found) return;
  await withTx(ctx, async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const payment = (await paymentById(tx, found.id))!;
    if (payment.dispute && isOlder(payment.dispute, event.created, dispute.status)) return;
    const now = tx.clock();
    const kept: PaymentDispute = {
      id: dispute.id,
      status: dispute.status,
      reason: dispute.reason,
      amountMinor: String(dispute.amount),
      eventCreated: event.created,
      updatedDate: now.toISOString(),
    };
    await updatePayment(tx, payment.id, { dispute: kept, updatedDate: now });
    const amount = toMoney(BigInt(dispute.amount), order.currency, (await getSite(tx)).locale).formattedAmount;
    await logOnOrder(tx, order, [
      {
        id: uuidv7(now.getTime()),
        type: 'CUSTOM_ACTIVITY',
        createdDate: now.toISOString(),
        author: 'Stripe',
        customActivity: {
          type: 'PAYMENT_DISPUTE',
          additionalData: {
            status: dispute.status.toUpperCase(),
            says: `Dispute ${STATUS_WORDS[dispute.status] ?? dispute.status}`,
            reason: dispute.reason.replace(/_/g, ' '),
            amount,
          },
        },
      },
    ]);
  });
}
