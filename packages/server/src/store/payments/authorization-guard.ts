import type { Ctx } from '../../kernel/context.js';
import { enqueueJob, type JobHandlers, type JobRun } from '../../platform/jobs/index.js';
import { paymentRecorded } from '../orders/index.js';
import { APP_PROVIDER_ID } from './app-provider.js';
import type { PaymentProvider } from './provider.js';
import { needsGuard, providerById, providerForToken } from './providers.js';

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
  if (!paymentToken || !needsGuard(paymentToken)) return run();
  const provider = providerForToken(paymentToken);
  await enqueueJob(ctx, {
    kind: 'PAYMENT_AUTHORIZATION_SWEEP',
    payload: { transactionId, provider: provider.id },
    runAt: new Date(ctx.clock().getTime() + SWEEP_AFTER_MS),
  });
  try {
    return await run();
  } catch (err) {
    // A decline or a refusal before the provider was asked makes this a no-op there (void by our own id).
    await releaseUnrecorded(ctx, provider, transactionId).catch((e: unknown) => {
      ctx.log.warn({ err: e, transactionId }, 'releasing a payment authorization failed; the sweep retries');
    });
    throw err;
  }
}

/** PAYMENT_AUTHORIZATION_SWEEP {transactionId, provider}: releases the authorization when its payment was never recorded. */
async function sweep({ ctx, payload }: JobRun): Promise<void> {
  const provider = providerById(typeof payload.provider === 'string' ? payload.provider : APP_PROVIDER_ID);
  // Throws when the provider cannot answer: the worker retries the job.
  if (provider) await releaseUnrecorded(ctx, provider, String(payload.transactionId));
}

/**
 * Releases an authorization unless its payment was recorded: a placement that lost to another one of the same
 * payment (Stripe's buyer return and webhook, racing) must not give back the money the winner recorded.
 */
async function releaseUnrecorded(ctx: Ctx, provider: PaymentProvider, transactionId: string): Promise<void> {
  if (await paymentRecorded(ctx, transactionId)) return;
  await provider.void(ctx, { transactionId });
}

export const authorizationSweepJobHandlers: JobHandlers = { PAYMENT_AUTHORIZATION_SWEEP: sweep };
