import { and, eq, inArray } from 'drizzle-orm';
import type { Job, JobKind, JobStatus } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type { Caller } from '../../kernel/caller.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { nudgeWorkers } from './nudge.js';
import { jobs } from './tables.js';

type Row = typeof jobs.$inferSelect;

export function toJob(r: Row): Job {
  return {
    id: r.id,
    kind: r.kind as JobKind,
    status: r.status as JobStatus,
    progress: { total: r.total, processed: r.processed, succeeded: r.succeeded, failed: r.failed },
    failures: r.failures,
    ...(r.error ? { error: r.error } : {}),
    createdDate: r.createdDate.toISOString(),
    ...(r.startedDate ? { startedDate: r.startedDate.toISOString() } : {}),
    ...(r.finishedDate ? { finishedDate: r.finishedDate.toISOString() } : {}),
  };
}

const who = (c: Caller): string | null =>
  c.type === 'MEMBER' ? `member:${c.memberId}` : c.type === 'APP' ? `app:${c.apiKeyId}` : null;

/**
 * Queues a job; call it inside the transaction that decides the work, so the job exists exactly when the change
 * does. Workers on every node pick it up at `runAt` (default: now).
 */
export async function enqueueJob(
  ctx: Ctx,
  job: { kind: JobKind; payload: Record<string, unknown>; runAt?: Date },
): Promise<string> {
  const now = ctx.clock();
  const id = uuidv7(now.getTime());
  await ctx.db.insert(jobs).values({
    id,
    kind: job.kind,
    payload: job.payload,
    runAt: job.runAt ?? now,
    createdBy: who(ctx.caller),
    createdDate: now,
  });
  nudgeWorkers();
  return id;
}

/** The API-key scope that may read a job of each kind. */
const SCOPE_OF: Record<JobKind, 'members' | 'reviews' | 'ecom' | 'media'> = {
  MEMBERS_BULK_DELETE: 'members',
  MEMBERS_BULK_DELETE_BY_FILTER: 'members',
  MEMBERS_BULK_APPROVE_BY_FILTER: 'members',
  MEMBERS_BULK_BLOCK_BY_FILTER: 'members',
  REVIEW_REQUEST_SEND: 'reviews',
  BACK_IN_STOCK_NOTIFY: 'ecom',
  ABANDONED_CHECKOUT_REMINDER: 'ecom',
  PAYMENT_SCHEDULED_ACTION: 'ecom',
  PAYMENT_AUTHORIZATION_SWEEP: 'ecom',
  PAYMENT_OPERATION: 'ecom',
  STRIPE_SESSION_CHECK: 'ecom',
  ORDER_DOWNLOAD_LINKS: 'ecom',
  SUBSCRIPTION_RENEWAL: 'ecom',
  MEDIA_PROCESS: 'media',
  MEDIA_IMPORT: 'media',
};

/** GET /jobs/v1/jobs/{jobId}: owners and contributors see every job, an API key those of its scopes. */
export async function getJob(ctx: Ctx, id: string): Promise<Job> {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  const c = ctx.caller;
  const visible =
    row &&
    (c.type === 'MEMBER' ||
      (c.type === 'APP' && (c.scopes.includes('*') || c.scopes.includes(SCOPE_OF[row.kind as JobKind]))));
  if (!visible) throw notFound('Job');
  return toJob(row);
}

/** Cancels a job that has not finished; a running job stops at its next batch. Returns false if it had finished. */
export async function cancelJob(ctx: Ctx, id: string): Promise<boolean> {
  const updated = await ctx.db
    .update(jobs)
    .set({ status: 'CANCELED', finishedDate: ctx.clock(), lockedUntil: null })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/** What a job has reported so far: its handler reconciles it with the items themselves after a crash. */
export async function jobCounts(
  ctx: Ctx,
  id: string,
): Promise<Pick<Row, 'succeeded' | 'failed' | 'failures'> | undefined> {
  const [job] = await ctx.db
    .select({ succeeded: jobs.succeeded, failed: jobs.failed, failures: jobs.failures })
    .from(jobs)
    .where(eq(jobs.id, id));
  return job;
}

export function assertJobKind(kind: string): asserts kind is JobKind {
  if (!(kind in SCOPE_OF)) throw new AppError('INTERNAL', `Unknown job kind ${kind}`);
}
