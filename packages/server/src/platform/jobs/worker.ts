import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { JobItemFailure, JobKind } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { jobActor } from '../events/index.js';
import { onNudge } from './nudge.js';
import { jobs } from './tables.js';
import { JobCanceledError, type JobHandler, type JobRun } from './types.js';

/** A running job holds its lease this long; every progress report renews it. A dead node's job is retaken after. */
export const LEASE_MS = 60_000;
/** A job that throws is retried this many times (resuming from its saved state) before it is FAILED. */
export const MAX_ATTEMPTS = 3;
const MAX_FAILURES_KEPT = 100;

type Row = typeof jobs.$inferSelect;
export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

/** The run's lease was taken over by another node (this one was too slow): stop quietly, the other carries on. */
class LeaseLostError extends Error {}

/**
 * Claims the next due job: QUEUED and due, or RUNNING with an expired lease (its node died). SKIP LOCKED lets every
 * node poll at once without two of them claiming one job; `attempts` doubles as the fencing token of the run.
 */
async function claim(ctx: Ctx): Promise<Row | undefined> {
  const now = ctx.clock();
  const [row] = await ctx.db
    .update(jobs)
    .set({
      status: 'RUNNING',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + LEASE_MS),
      startedDate: sql`coalesce(${jobs.startedDate}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      eq(
        jobs.id,
        sql`(SELECT id FROM jobs WHERE (status = 'QUEUED' AND run_at <= ${now.toISOString()}::timestamptz)
          OR (status = 'RUNNING' AND locked_until < ${now.toISOString()}::timestamptz)
          ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      ),
    )
    .returning();
  return row;
}

/** Updates the job only while this run still owns it; tells canceled from taken over when it doesn't. */
async function ownedUpdate(ctx: Ctx, row: Row, set: PgUpdateSetSource<typeof jobs>): Promise<void> {
  const updated = await ctx.db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, row.id), eq(jobs.status, 'RUNNING'), eq(jobs.attempts, row.attempts)))
    .returning({ id: jobs.id });
  if (updated.length) return;
  const [now] = await ctx.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, row.id));
  if (now?.status === 'CANCELED') throw new JobCanceledError(row.id);
  throw new LeaseLostError(`Job ${row.id} was taken over by another worker`);
}

function runOf(ctx: Ctx, row: Row): JobRun {
  let kept = row.failures.length;
  const lease = () => new Date(ctx.clock().getTime() + LEASE_MS);
  const actor = jobActor(row.createdBy);
  return {
    // Events of the job's work name whoever started it, not the worker.
    ctx: actor ? { ...ctx, actor } : ctx,
    id: row.id,
    kind: row.kind as JobKind,
    payload: row.payload,
    state: row.state,
    total: row.total,
    processed: row.processed,
    setTotal: (total) => ownedUpdate(ctx, row, { total, lockedUntil: lease() }),
    progress: async ({ succeeded, failures = [], state }) => {
      const add: JobItemFailure[] = failures.slice(0, Math.max(0, MAX_FAILURES_KEPT - kept));
      kept += add.length;
      await ownedUpdate(ctx, row, {
        processed: sql`${jobs.processed} + ${succeeded + failures.length}`,
        succeeded: sql`${jobs.succeeded} + ${succeeded}`,
        failed: sql`${jobs.failed} + ${failures.length}`,
        ...(add.length ? { failures: sql`${jobs.failures} || ${JSON.stringify(add)}::jsonb` } : {}),
        state,
        lockedUntil: lease(),
      });
    },
  };
}

/** Runs one claimed job to its end: COMPLETED, retried later (QUEUED again with a back-off), or FAILED. */
async function execute(ctx: Ctx, row: Row, handlers: JobHandlers): Promise<void> {
  const handler = handlers[row.kind as JobKind];
  try {
    if (!handler) throw new Error(`No handler for job kind ${row.kind}`);
    await handler(runOf(ctx, row));
    await ownedUpdate(ctx, row, { status: 'COMPLETED', finishedDate: ctx.clock(), lockedUntil: null });
  } catch (err) {
    if (err instanceof JobCanceledError || err instanceof LeaseLostError) return;
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.error({ err, jobId: row.id, kind: row.kind, attempt: row.attempts }, 'job failed');
    const retry = handler !== undefined && row.attempts < MAX_ATTEMPTS;
    await ownedUpdate(
      ctx,
      row,
      retry
        ? { status: 'QUEUED', runAt: new Date(ctx.clock().getTime() + 1000 * 2 ** row.attempts), lockedUntil: null }
        : { status: 'FAILED', error: message, finishedDate: ctx.clock(), lockedUntil: null },
    ).catch(() => undefined);
  }
}

export interface JobWorker {
  /** Stops claiming; resolves once the job in hand (if any) has finished its current run. */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs every `pollMs` (and at once when this process queues one) and runs them one at a time. Every
 * node may run a worker; the claim query shares the work between them.
 */
export function startJobWorker(ctx: Ctx, handlers: JobHandlers, pollMs: number): JobWorker {
  let stopped = false;
  let wake: (() => void) | undefined;
  let pending = false;
  const off = onNudge(() => {
    pending = true;
    wake?.();
  });
  const idle = () =>
    new Promise<void>((resolve) => {
      if (pending) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        // The job may be queued inside a transaction that has not committed yet: look again very soon.
        setTimeout(resolve, 10);
      };
    });
  const loop = (async () => {
    while (!stopped) {
      pending = false;
      let row: Row | undefined;
      try {
        row = await claim(ctx);
      } catch (err) {
        if (stopped) break;
        ctx.log.error({ err }, 'job claim failed');
      }
      if (row) {
        await execute(ctx, row, handlers);
        // PGlite runs queries on this thread: let waiting HTTP requests in between jobs.
        await new Promise((resolve) => setImmediate(resolve));
      } else await idle();
      wake = undefined;
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      off();
      wake?.();
      await loop;
    },
  };
}
