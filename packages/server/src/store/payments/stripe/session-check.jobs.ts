import type { JobHandlers, JobRun } from '../../../platform/jobs/index.js';
import { enqueueJob } from '../../../platform/jobs/index.js';
import { AppError } from '../../../kernel/errors.js';
import { requireStripe } from './account.js';
import { asStripe, placeStripeSession } from './completion.js';
import { CHECK_EVERY_MS, markExpired, sessionById } from './sessions.js';

/**
 * STRIPE_SESSION_CHECK {sessionId}: a session still open here is asked about at Stripe. Paid: its order is placed
 * (the buyer's return and the webhook both failed to reach us, say the process died in between). Open: asked again
 * later. Expired: marked so. This is what makes "one order after a crash" true without Stripe's retries.
 */
async function check({ ctx, payload }: JobRun): Promise<void> {
  const row = await sessionById(ctx, String(payload.sessionId));
  if (!row || row.status !== 'OPEN') return;
  const { stripe } = await requireStripe(ctx);
  const session = await stripe.checkout.sessions.retrieve(row.id);
  if (session.status === 'complete') {
    await placeStripeSession(asStripe(ctx), row).catch((err: unknown) => {
      // Refused and refunded: the session says so. Anything else: the worker tries the job again.
      if (!(err instanceof AppError && err.options.applicationCode === 'PAYMENT_RETURNED')) throw err;
    });
    return;
  }
  if (session.status === 'expired') return markExpired(ctx, row.id);
  await enqueueJob(ctx, {
    kind: 'STRIPE_SESSION_CHECK',
    payload: { sessionId: row.id },
    runAt: new Date(ctx.clock().getTime() + CHECK_EVERY_MS),
  });
}

export const stripeSessionJobHandlers: JobHandlers = { STRIPE_SESSION_CHECK: check };
