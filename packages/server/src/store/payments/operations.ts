import { and, eq } from 'drizzle-orm';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { afterWrite } from '../catalog/index.js';
import { enqueueJob, type JobHandlers, type JobRun } from '../../platform/jobs/index.js';
import { deliverQueued } from '../../platform/mail/index.js';
import { lockOrder, orderById, paymentById } from '../orders/index.js';
import { providerOf } from './providers.js';
import { applyAnswer, type Answer, type OperationRow } from './operation-effects.js';
import { paymentOperations } from './tables.js';

/**
 * The payment outbox (docs/store/orders.md, "After placement: capture, void, refund"). An operation is committed
 * with the change that asks for it (stage 1), the provider is asked outside any transaction (stage 2), and a second
 * short transaction records the answer and its effect, once (stage 3). The PAYMENT_OPERATION job committed in stage 1
 * finishes an operation whose answer was never recorded: after a crash, or when the provider could not be reached.
 */

/** The job looks first this long after stage 1: well after a request that is still running would have finished. */
const FIRST_CHECK_MS = 60_000;
/** Then again with a doubling wait; after this many tries the operation stays PENDING for a person to look at. */
const MAX_TRIES = 12;

export type OperationKind = 'CAPTURE' | 'VOID' | 'REFUND';

/** Stage 1, in the caller's transaction (which holds the order's lock): the operation and the job that finishes it. */
export async function recordOperation(
  tx: Ctx,
  op: {
    orderId: string;
    paymentId: string;
    kind: OperationKind;
    amountMinor: bigint;
    refundId?: string;
    notifyBuyer?: boolean;
  },
): Promise<OperationRow> {
  const now = tx.clock();
  const [row] = await tx.db
    .insert(paymentOperations)
    .values({ id: uuidv7(now.getTime()), status: 'PENDING', createdDate: now, updatedDate: now, ...op })
    .returning();
  await enqueueJob(tx, {
    kind: 'PAYMENT_OPERATION',
    payload: { operationId: row!.id, tries: 0 },
    runAt: new Date(now.getTime() + FIRST_CHECK_MS),
  });
  return row!;
}

/** What operations not answered yet hold of each payment: a capture or refund never spends the same money twice. */
export async function heldByPending(tx: Ctx, orderId: string) {
  const rows = await tx.db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.orderId, orderId), eq(paymentOperations.status, 'PENDING')));
  const held = (paymentId: string, kind: OperationKind) =>
    rows.filter((r) => r.paymentId === paymentId && r.kind === kind).reduce((s, r) => s + r.amountMinor, 0n);
  return {
    captures: (paymentId: string) => held(paymentId, 'CAPTURE'),
    refunds: (paymentId: string) => held(paymentId, 'REFUND'),
    /** A release is on its way: nothing more is captured. */
    voiding: (paymentId: string) => rows.some((r) => r.paymentId === paymentId && r.kind === 'VOID'),
    /** Any operation at all is on its way: the authorization cannot be released under it. */
    busy: (paymentId: string) => rows.some((r) => r.paymentId === paymentId),
  };
}

/** Stage 2, outside any transaction: the provider's answer, keyed by the operation's id. */
async function ask(ctx: Ctx, op: OperationRow): Promise<Answer> {
  const payment = await paymentById(ctx, op.paymentId);
  if (!payment) return { status: 'FAILED', reason: 'The payment no longer exists' };
  const provider = providerOf(payment);
  const order = await orderById(ctx, op.orderId);
  const money = {
    providerTransactionId: payment.providerTransactionId ?? '',
    amountMinor: op.amountMinor,
    currency: order!.currency,
    transactionId: op.id,
  };
  try {
    if (op.kind === 'CAPTURE') await provider.capture(ctx, money);
    else if (op.kind === 'REFUND') await provider.refund(ctx, money);
    // A payment has one authorization and so at most one release: keyed by the payment, as the sweep's void is.
    else await provider.void(ctx, { providerTransactionId: money.providerTransactionId, transactionId: payment.id });
    return { status: 'SUCCEEDED' };
  } catch (err) {
    // A refusal in the app's words is final; anything else (no answer, a timeout) may have happened there: ask again.
    if (err instanceof AppError && err.options.applicationCode === 'PAYMENT_PROVIDER_FAILED') {
      return { status: 'FAILED', reason: err.message };
    }
    ctx.log.warn({ err, operationId: op.id }, 'the payment provider did not answer; the operation is asked again');
    return { status: 'UNKNOWN' };
  }
}

/** Stage 3: records the answer and its effect once, under the order's lock; answers the e-mails to send. */
async function settle(ctx: Ctx, op: OperationRow, answer: Answer): Promise<string[]> {
  if (answer.status === 'UNKNOWN') return [];
  return afterWrite(
    withTx(ctx, async (tx) => {
      await lockOrder(tx, op.orderId);
      const [now] = await tx.db.select().from(paymentOperations).where(eq(paymentOperations.id, op.id)).for('update');
      // The job and the request may both have asked; whichever records first wins, the other finds it done.
      if (!now || now.status !== 'PENDING') return [];
      return applyAnswer(tx, now, answer);
    }),
  );
}

/** Stages 2 and 3 for operations just committed; answers each one's outcome (UNKNOWN ones stay PENDING). */
export async function carryOut(ctx: Ctx, ops: OperationRow[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const op of ops) {
    const answer = await ask(ctx, op);
    for (const id of await settle(ctx, op, answer)) void deliverQueued(ctx, id);
    answers.push(answer);
  }
  return answers;
}

/** The caller's answer: a refusal by the provider is a 409 in its words; a pending operation is not an error. */
export function refusedBy(answers: Answer[]): void {
  const refused = answers.find((a) => a.status === 'FAILED');
  if (refused?.status === 'FAILED') {
    throw new AppError('CONFLICT', refused.reason, { applicationCode: 'PAYMENT_PROVIDER_FAILED' });
  }
}

/**
 * The provider says something changed for these operations (Stripe's refund.updated): ask it again now rather than
 * at the job's next try. Operations already settled are left alone.
 */
export async function askAgainNow(ctx: Ctx, operationIds: string[]): Promise<void> {
  for (const id of operationIds) {
    const [op] = await ctx.db.select().from(paymentOperations).where(eq(paymentOperations.id, id));
    if (op?.status === 'PENDING') await carryOut(ctx, [op]);
  }
}

/** The pending operations of one payment (all of its refunds waiting for the provider, say). */
export async function pendingOperationsOf(ctx: Ctx, paymentId: string, kind: OperationKind): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: paymentOperations.id })
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.paymentId, paymentId),
        eq(paymentOperations.kind, kind),
        eq(paymentOperations.status, 'PENDING'),
      ),
    );
  return rows.map((r) => r.id);
}

/** PAYMENT_OPERATION {operationId, tries}: finishes an operation whose answer was never recorded. */
async function finish({ ctx, payload }: JobRun): Promise<void> {
  const operationId = String(payload.operationId);
  const tries = Number(payload.tries ?? 0);
  const [op] = await ctx.db.select().from(paymentOperations).where(eq(paymentOperations.id, operationId));
  if (!op || op.status !== 'PENDING') return;
  const [answer] = await carryOut(ctx, [op]);
  if (answer?.status !== 'UNKNOWN') return;
  if (tries + 1 >= MAX_TRIES) {
    ctx.log.error({ operationId }, 'the payment provider never answered; the operation stays pending');
    return;
  }
  await enqueueJob(ctx, {
    kind: 'PAYMENT_OPERATION',
    payload: { operationId, tries: tries + 1 },
    runAt: new Date(ctx.clock().getTime() + FIRST_CHECK_MS * 2 ** tries),
  });
}

export const paymentOperationJobHandlers: JobHandlers = { PAYMENT_OPERATION: finish };
