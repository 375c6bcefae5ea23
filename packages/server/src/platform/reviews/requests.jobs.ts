import { and, eq, inArray, or } from 'drizzle-orm';
import type { ReviewRequestFailureReason } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../events/index.js';
import type { JobHandlers, JobRun } from '../jobs/index.js';
import { mailError, sendMail } from '../mail/index.js';
import { memberIdsWithLoginEmail } from '../members/index.js';
import { getSite } from '../site/index.js';
import { reviewRequests, reviews } from './tables.js';

type Row = typeof reviewRequests.$inferSelect;

/** Records the outcome, unless the owner canceled the request meanwhile. */
async function finish(
  ctx: Ctx,
  id: string,
  outcome: { status: 'SENT' } | { status: 'FAILED'; reason: ReviewRequestFailureReason; message: string },
): Promise<void> {
  const now = ctx.clock();
  await withTx(ctx, async (tx) => {
    const done = await tx.db
      .update(reviewRequests)
      .set(
        outcome.status === 'SENT'
          ? { status: 'SENT', sentDate: now, updatedDate: now }
          : { status: 'FAILED', failureReason: outcome.reason, failureMessage: outcome.message, updatedDate: now },
      )
      .where(and(eq(reviewRequests.id, id), eq(reviewRequests.status, 'SCHEDULED')))
      .returning({ id: reviewRequests.id });
    if (done.length) {
      const body = { previous: 'SCHEDULED', status: outcome.status };
      await emitEvent(tx, { type: 'reviews.review_request.status_changed', entityId: id, body });
    }
  });
}

/** Whether this e-mail already reviewed the entity: as a contact, or as the member who signs in with it. */
async function alreadyReviewed(ctx: Ctx, r: Row): Promise<boolean> {
  const email = r.contactEmail.toLowerCase();
  const [hit] = await ctx.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.namespace, r.namespace),
        eq(reviews.entityId, r.entityId),
        or(eq(reviews.authorKey, `c:${email}`), inArray(reviews.authorMemberId, memberIdsWithLoginEmail(ctx, email))),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/**
 * REVIEW_REQUEST_SEND, run by the job worker at the request's sendDate: mails the contact a link to the review form
 * (the request's link with `reviewRequestId`), then marks the request SENT, or FAILED with SEND_FAILED (the mail
 * server refused; its message kept) or ALREADY_REVIEWED. A request that is no longer SCHEDULED (canceled) is skipped.
 * Mail failures are outcomes, not job errors, so the job is not retried into a second e-mail.
 */
async function sendReviewRequest(run: JobRun): Promise<void> {
  const { ctx } = run;
  const id = String(run.payload.reviewRequestId);
  const [r] = await ctx.db.select().from(reviewRequests).where(eq(reviewRequests.id, id)).limit(1);
  if (!r || r.status !== 'SCHEDULED') return;
  if (await alreadyReviewed(ctx, r)) {
    await finish(ctx, id, {
      status: 'FAILED',
      reason: 'ALREADY_REVIEWED',
      message: `${r.contactEmail} has already reviewed ${r.entityName}`,
    });
    return;
  }
  const { name: siteName } = await getSite(ctx);
  const link = new URL(r.link);
  link.searchParams.set('reviewRequestId', r.id);
  const mail = await sendMail(ctx, {
    to: r.contactEmail,
    template: 'REVIEW_REQUEST',
    data: { siteName, link: link.toString(), itemName: r.entityName },
  });
  if (mail.status === 'FAILED') {
    const error = await mailError(ctx, mail.id);
    await finish(ctx, id, {
      status: 'FAILED',
      reason: 'SEND_FAILED',
      message: error ?? 'The mail server did not accept the message',
    });
    return;
  }
  await finish(ctx, id, { status: 'SENT' });
}

/** The reviews domain's job handlers, registered with the worker in job-handlers.ts (the composition root). */
export const reviewJobHandlers: JobHandlers = { REVIEW_REQUEST_SEND: sendReviewRequest };
