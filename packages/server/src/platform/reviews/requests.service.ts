import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type {
  CreateReviewRequestRequest,
  ListReviewRequestsQuery,
  ListReviewRequestsResponse,
  ReviewRequest,
  ReviewRequestFailureReason,
  ReviewRequestStatus,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../events/index.js';
import { normalizeEmail } from '../identity/index.js';
import { cancelJob, enqueueJob } from '../jobs/index.js';
import { reviewRequests } from './tables.js';

/** A sendDate may be up to a year ahead, and up to 5 minutes in the past (a "now" from a client's slow clock). */
export const MAX_SEND_DATE_PAST_MS = 5 * 60_000;
const oneYearAfter = (d: Date) => {
  const out = new Date(d);
  out.setUTCFullYear(out.getUTCFullYear() + 1);
  return out;
};

type Row = typeof reviewRequests.$inferSelect;

export function toReviewRequest(r: Row): ReviewRequest {
  return {
    id: r.id,
    namespace: r.namespace,
    entityId: r.entityId,
    entityName: r.entityName,
    link: r.link,
    contact: { ...(r.contactName ? { name: r.contactName } : {}), email: r.contactEmail },
    channel: 'EMAIL',
    sendDate: r.sendDate.toISOString(),
    status: r.status as ReviewRequestStatus,
    ...(r.failureReason ? { failureReason: r.failureReason as ReviewRequestFailureReason } : {}),
    ...(r.failureMessage ? { failureMessage: r.failureMessage } : {}),
    ...(r.sentDate ? { sentDate: r.sentDate.toISOString() } : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}

const isHttpUrl = (s: string) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol);

/**
 * POST /reviews/v1/review-requests: schedules the e-mail. The request and its REVIEW_REQUEST_SEND job are written in
 * one transaction, so neither exists without the other; the job worker sends it at `sendDate`.
 */
export async function createReviewRequest(ctx: Ctx, req: CreateReviewRequestRequest): Promise<ReviewRequest> {
  const r = req.reviewRequest;
  const email = normalizeEmail(r.contact.email, 'reviewRequest.contact.email');
  const link = r.link.trim();
  if (!isHttpUrl(link)) {
    throw violation('reviewRequest.link', 'FORMAT', 'reviewRequest.link must be an http(s) URL');
  }
  const now = ctx.clock();
  const sendDate = new Date(r.sendDate);
  if (sendDate.getTime() < now.getTime() - MAX_SEND_DATE_PAST_MS) {
    throw violation('reviewRequest.sendDate', 'MIN', 'reviewRequest.sendDate must not be in the past');
  }
  if (sendDate.getTime() > oneYearAfter(now).getTime()) {
    throw violation('reviewRequest.sendDate', 'MAX', 'reviewRequest.sendDate must be at most a year ahead');
  }
  const id = uuidv7(now.getTime());
  return withTx(ctx, async (tx) => {
    const jobId = await enqueueJob(tx, {
      kind: 'REVIEW_REQUEST_SEND',
      payload: { reviewRequestId: id },
      runAt: sendDate,
    });
    const [row] = await tx.db
      .insert(reviewRequests)
      .values({
        id,
        namespace: r.namespace,
        entityId: r.entityId,
        entityName: r.entityName.trim(),
        link,
        contactName: r.contact.name?.trim() || null,
        contactEmail: email,
        channel: r.channel ?? 'EMAIL',
        sendDate,
        status: 'SCHEDULED',
        jobId,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    const entity = toReviewRequest(row!);
    await emitEvent(tx, { type: 'reviews.review_request.created', entityId: id, entity });
    return entity;
  });
}

/** GET /reviews/v1/review-requests: newest first, offset paging. */
export async function listReviewRequests(ctx: Ctx, q: ListReviewRequestsQuery): Promise<ListReviewRequestsResponse> {
  const limit = q['paging.limit'] ?? 50;
  const offset = q['paging.offset'] ?? 0;
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(reviewRequests.status, q.status));
  if (q.namespace) conditions.push(eq(reviewRequests.namespace, q.namespace));
  if (q.entityId) conditions.push(eq(reviewRequests.entityId, q.entityId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(reviewRequests)
      .where(where)
      .orderBy(desc(reviewRequests.createdDate), desc(reviewRequests.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ n: count() }).from(reviewRequests).where(where),
  ]);
  return {
    reviewRequests: rows.map(toReviewRequest),
    metadata: { count: rows.length, offset, total: total?.n ?? 0 },
  };
}

/** POST /reviews/v1/review-requests/{id}/cancel: only a SCHEDULED request; its job is canceled with it. */
export async function cancelReviewRequest(ctx: Ctx, id: string): Promise<ReviewRequest> {
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db
      .update(reviewRequests)
      .set({ status: 'CANCELED', updatedDate: tx.clock() })
      .where(and(eq(reviewRequests.id, id), eq(reviewRequests.status, 'SCHEDULED')))
      .returning();
    if (!row) {
      const [current] = await tx.db
        .select({ status: reviewRequests.status })
        .from(reviewRequests)
        .where(eq(reviewRequests.id, id));
      if (!current) throw notFound('Review request');
      throw new AppError(
        'CONFLICT',
        `A ${current.status} review request cannot be canceled (only SCHEDULED → CANCELED)`,
        {
          applicationCode: 'REVIEW_REQUEST_NOT_CANCELABLE',
          data: { from: current.status, to: 'CANCELED' },
        },
      );
    }
    if (row.jobId) await cancelJob(tx, row.jobId);
    const body = { previous: 'SCHEDULED', status: 'CANCELED' };
    await emitEvent(tx, { type: 'reviews.review_request.status_changed', entityId: id, body });
    return toReviewRequest(row);
  });
}
