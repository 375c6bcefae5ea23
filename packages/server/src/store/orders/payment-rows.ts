import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { orderPayments, orderRefunds } from './tables.js';
import type { PaymentRow } from './wire.js';

/**
 * An order's payment and refund rows, written by payments (capture, void, refund, money recorded by hand) through
 * these functions: the rows are the order's (its wire and its payment status read them), the money moves are
 * payments'. The order's status is the caller's to settle (ledger.ts settleOrder).
 */

export type PaymentInsert = typeof orderPayments.$inferInsert;
export type PaymentChange = Partial<Omit<PaymentInsert, 'id' | 'orderId'>>;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type RefundInsert = typeof orderRefunds.$inferInsert;
export type ScheduledAction = PaymentRow['scheduledAction'];

export async function paymentById(ctx: Ctx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await ctx.db.select().from(orderPayments).where(eq(orderPayments.id, id));
  return row;
}

/** The payment a provider knows by its own id (Stripe's PaymentIntent), e.g. for the provider's events. */
export async function paymentByProviderTransaction(
  ctx: Ctx,
  provider: string,
  providerTransactionId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.provider, provider), eq(orderPayments.providerTransactionId, providerTransactionId)));
  return row;
}

/** Whether a payment row with this id was written (an authorization's placement committed). */
export async function paymentRecorded(ctx: Ctx, id: string): Promise<boolean> {
  const [kept] = await ctx.db.select({ id: orderPayments.id }).from(orderPayments).where(eq(orderPayments.id, id));
  return Boolean(kept);
}

export async function insertPayment(tx: Ctx, values: PaymentInsert): Promise<void> {
  await tx.db.insert(orderPayments).values(values);
}

/**
 * Writes a payment's change. With `whileRefunded`, only while the payment's refunded amount is still that one (a
 * refund racing another loses instead of overwriting).
 */
export async function updatePayment(tx: Ctx, id: string, change: PaymentChange, whileRefunded?: bigint): Promise<void> {
  const where =
    whileRefunded === undefined
      ? eq(orderPayments.id, id)
      : and(eq(orderPayments.id, id), eq(orderPayments.refundedMinor, whileRefunded));
  await tx.db.update(orderPayments).set(change).where(where);
}

export async function insertRefund(tx: Ctx, values: RefundInsert): Promise<RefundRow> {
  const [refund] = await tx.db.insert(orderRefunds).values(values).returning();
  return refund!;
}

/** Closes a PENDING refund with its final status; undefined when it was not pending (closed by another answer). */
export async function closePendingRefund(
  tx: Ctx,
  refundId: string,
  status: 'SUCCEEDED' | 'FAILED',
): Promise<RefundRow | undefined> {
  const [refund] = await tx.db
    .update(orderRefunds)
    .set({ status })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'PENDING')))
    .returning();
  return refund;
}
