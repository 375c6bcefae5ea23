import type { Ctx } from '../../kernel/context.js';
import { enqueueJob, type JobHandlers, type JobRun } from '../../platform/jobs/index.js';
import { paymentRecorded } from '../orders/index.js';
import { appPaymentProvider, providerForToken } from './app-provider.js';

/** After this, an app's authorization with no payment recorded here belongs to a placement that died: release it. */
const SWEEP_AFTER_MS = 15 * 60_000;

/**
 * Runs a charge that writes its payment row as `transactionId` inside `run`'s transaction, so that money an app
 * took is never left without an order: if `run` fails after the app said yes, the authorization is released at once;
 * if the process dies in between, the PAYMENT_AUTHORIZATION_SWEEP job, committed before the app is asked, releases
 * it later. Test-card charges move no money and need neither.
 */
export async function guardAuthorization<T>(
  ctx: Ctx,
  paymentToken: string | undefined,
  transactionId: string,
  run: () => Promise<T>,
): Promise<T> {
  if (!paymentToken || providerForToken(paymentToken) !== appPaymentProvider) return run();
  await enqueueJob(ctx, {
    kind: 'PAYMENT_AUTHORIZATION_SWEEP',
    payload: { transactionId },
    runAt: new Date(ctx.clock().getTime() + SWEEP_AFTER_MS),
  });
  try {
    return await run();
  } catch (err) {
    // A decline or a refusal before the app was asked makes this a no-op at the app (void by our own id).
    await appPaymentProvider.void(ctx, { transactionId }).catch((e: unknown) => {
      ctx.log.warn({ err: e, transactionId }, 'releasing a payment app authorization failed; the sweep retries');
    });
    throw err;
  }
}

/** PAYMENT_AUTHORIZATION_SWEEP: releases the authorization when its payment was never recorded. */
async function sweep({ ctx, payload }: JobRun): Promise<void> {
  const transactionId = String(payload.transactionId);
  if (await paymentRecorded(ctx, transactionId)) return;
  // Throws when the app cannot answer: the worker retries the job.
  await appPaymentProvider.void(ctx, { transactionId });
}

export const authorizationSweepJobHandlers: JobHandlers = { PAYMENT_AUTHORIZATION_SWEEP: sweep };
