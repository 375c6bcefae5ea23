import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import type { JobHandlers, JobRun } from '../../platform/jobs/index.js';
import { paymentById, updatePayment } from '../orders/index.js';
import { capturePayments, voidPayments } from './collector.js';

type Status = 'SCHEDULED' | 'STARTED' | 'SUCCEEDED' | 'FAILED';

async function mark(ctx: Ctx, id: string, status: Status): Promise<void> {
  const p = await paymentById(ctx, id);
  if (!p?.scheduledAction) return;
  await updatePayment(ctx, id, { scheduledAction: { ...p.scheduledAction, status } });
}

/**
 * PAYMENT_SCHEDULED_ACTION: on its date, captures or releases the authorization planned at placement, through the
 * collector (same checks, same activities). An authorization the owner captured or released first is left alone and
 * the action is FAILED ("nothing left to do"); a retried job that already finished stops. The action is SUCCEEDED
 * when the provider's answer is recorded (the payment outbox), FAILED when the provider refuses.
 */
async function run({ ctx, payload }: JobRun): Promise<void> {
  const orderId = String(payload.orderId);
  const paymentId = String(payload.paymentId);
  const p = await paymentById(ctx, paymentId);
  const action = p?.scheduledAction;
  if (!p || !action || action.status === 'SUCCEEDED' || action.status === 'FAILED') return;
  if (p.status !== 'AUTHORIZED' || p.capturedMinor > 0n) return mark(ctx, paymentId, 'FAILED');
  await mark(ctx, paymentId, 'STARTED');
  try {
    if (action.actionType === 'CAPTURE') await capturePayments(ctx, orderId, { payments: [{ paymentId }] });
    else await voidPayments(ctx, orderId, [paymentId]);
    // SUCCEEDED is written with the provider's answer (operation-effects.ts), which may come later.
  } catch (err) {
    if (!(err instanceof AppError)) throw err; // the worker retries infrastructure failures
    await mark(ctx, paymentId, 'FAILED');
  }
}

export const scheduledPaymentJobHandlers: JobHandlers = { PAYMENT_SCHEDULED_ACTION: run };
