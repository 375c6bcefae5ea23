import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job } from '@plaza/contracts';
import { call } from '../../../test/http.js';
import { serverSuite } from '../../test/suite.js';
import { enqueueJob, cancelJob, getJob } from './service.js';
import { jobs } from './tables.js';
import { JobCanceledError } from './types.js';
import { MAX_ATTEMPTS, startJobWorker, type JobHandlers } from './worker.js';

// The app's own worker is off here: these tests run workers with their own handlers.
const { srv, c: people } = serverSuite({ env: { PLAZA_JOB_WORKER: 'off' }, cast: true });

const ownerCtx = () => ({ ...srv.ctx(), caller: { type: 'APP' as const, apiKeyId: 'k', scopes: ['*' as const] } });

async function until(id: string, statuses: string[], timeoutMs = 10_000): Promise<Job> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(ownerCtx(), id);
    if (statuses.includes(job.status)) return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job worker', () => {
  it('runs a job in batches, reporting progress and keeping item failures', async () => {
    const handlers: JobHandlers = {
      MEMBERS_BULK_DELETE: async (run) => {
        await run.setTotal(5);
        await run.progress({ succeeded: 2, state: { lastId: 'b' } });
        await run.progress({
          succeeded: 2,
          failures: [{ itemId: 'e', code: 'OWNER', message: 'owners stay' }],
          state: { lastId: 'e' },
        });
      },
    };
    const worker = startJobWorker(srv.ctx(), handlers, 20);
    const id = await enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_DELETE', payload: { memberIds: [] } });
    const job = await until(id, ['COMPLETED', 'FAILED']);
    await worker.stop();
    expect(job.status).toBe('COMPLETED');
    expect(job.progress).toEqual({ total: 5, processed: 5, succeeded: 4, failed: 1 });
    expect(job.failures).toEqual([{ itemId: 'e', code: 'OWNER', message: 'owners stay' }]);
    const [row] = await srv.ctx().db.select().from(jobs).where(eq(jobs.id, id));
    expect(row!.state).toEqual({ lastId: 'e' });
    expect(job.startedDate).toBeDefined();
    expect(job.finishedDate).toBeDefined();
  });

  it('keeps only the first 100 failures but counts them all', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ itemId: String(i), code: 'X', message: 'no' }));
    const worker = startJobWorker(
      srv.ctx(),
      { MEMBERS_BULK_DELETE: (run) => run.progress({ succeeded: 0, failures: many, state: {} }) },
      20,
    );
    const id = await enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_DELETE', payload: {} });
    const job = await until(id, ['COMPLETED']);
    await worker.stop();
    expect(job.progress.failed).toBe(150);
    expect(job.failures).toHaveLength(100);
    expect(job.failures[99]!.itemId).toBe('99');
  });

  it('retries a throwing job from its saved state, then fails it after the last attempt', async () => {
    let now = Date.now();
    const clock = () => new Date(now);
    const seen: unknown[] = [];
    const worker = startJobWorker(
      { ...srv.ctx(), clock },
      {
        MEMBERS_BULK_DELETE: async (run) => {
          seen.push(run.state.step ?? 0);
          await run.progress({ succeeded: 1, state: { step: Number(run.state.step ?? 0) + 1 } });
          throw new Error('database went away');
        },
      },
      10,
    );
    const id = await enqueueJob({ ...srv.ctx(), clock }, { kind: 'MEMBERS_BULK_DELETE', payload: {} });
    // Each retry waits 2^attempt seconds: move the clock past it.
    const timer = setInterval(() => (now += 10_000), 15);
    const job = await until(id, ['FAILED']);
    clearInterval(timer);
    await worker.stop();
    expect(seen).toEqual([0, 1, 2].slice(0, MAX_ATTEMPTS));
    expect(job.error).toBe('database went away');
    expect(job.progress.succeeded).toBe(MAX_ATTEMPTS);
  });

  it('stops a canceled job at its next progress report and leaves it CANCELED', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let stoppedBy: unknown;
    const worker = startJobWorker(
      srv.ctx(),
      {
        MEMBERS_BULK_DELETE: async (run) => {
          await run.progress({ succeeded: 1, state: {} });
          await gate;
          try {
            await run.progress({ succeeded: 1, state: {} });
          } catch (err) {
            stoppedBy = err;
            throw err;
          }
        },
      },
      10,
    );
    const id = await enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_DELETE', payload: {} });
    await until(id, ['RUNNING']);
    expect(await cancelJob(srv.ctx(), id)).toBe(true);
    release();
    await worker.stop();
    expect(stoppedBy).toBeInstanceOf(JobCanceledError);
    const job = await getJob(ownerCtx(), id);
    expect(job.status).toBe('CANCELED');
    expect(job.progress.processed).toBe(1);
    expect(await cancelJob(srv.ctx(), id)).toBe(false);
  });

  it('shares jobs between two workers without running any twice', async () => {
    const runs: string[] = [];
    const handlers: JobHandlers = {
      MEMBERS_BULK_APPROVE_BY_FILTER: async (run) => {
        runs.push(run.id);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    const a = startJobWorker(srv.ctx(), handlers, 10);
    const b = startJobWorker(srv.ctx(), handlers, 10);
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_APPROVE_BY_FILTER', payload: {} })),
    );
    for (const id of ids) await until(id, ['COMPLETED']);
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs].sort()).toEqual([...ids].sort());
  });

  it('takes over a job whose worker died (lease expired) and resumes from its state', async () => {
    const id = await enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_BLOCK_BY_FILTER', payload: {} });
    // A node claimed it, saved some progress and died.
    await srv
      .ctx()
      .db.update(jobs)
      .set({
        status: 'RUNNING',
        attempts: 1,
        processed: 3,
        succeeded: 3,
        state: { lastId: 'c' },
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, id));
    let resumedFrom: unknown;
    const worker = startJobWorker(
      srv.ctx(),
      {
        MEMBERS_BULK_BLOCK_BY_FILTER: async (run) => {
          resumedFrom = run.state.lastId;
          await run.progress({ succeeded: 2, state: { lastId: 'e' } });
        },
      },
      10,
    );
    const job = await until(id, ['COMPLETED']);
    await worker.stop();
    expect(resumedFrom).toBe('c');
    expect(job.progress.processed).toBe(5);
  });

  it('does not start a job before its run time', async () => {
    let ran = false;
    const worker = startJobWorker(srv.ctx(), { REVIEW_REQUEST_SEND: async () => void (ran = true) }, 10);
    const id = await enqueueJob(srv.ctx(), {
      kind: 'REVIEW_REQUEST_SEND',
      payload: {},
      runAt: new Date(Date.now() + 3_600_000),
    });
    await new Promise((r) => setTimeout(r, 150));
    await worker.stop();
    expect(ran).toBe(false);
    expect((await getJob(ownerCtx(), id)).status).toBe('QUEUED');
  });
});

describe('GET /jobs/v1/jobs/{jobId}', () => {
  it('shows a job to owners, contributors and keys of its scope, and to no one else', async () => {
    const id = await enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_DELETE', payload: {} });
    const path = `/jobs/v1/jobs/${id}`;
    const get = (auth?: string) => call<{ job: Job }>(srv.url, 'GET', path, auth ? { auth } : {});
    const owner = await get(people.owner);
    expect(owner.status).toBe(200);
    expect(owner.body.job).toMatchObject({ id, kind: 'MEMBERS_BULK_DELETE', status: 'QUEUED' });
    expect((await get(people.contributor.auth)).status).toBe(200);
    expect((await get(people.apiKey)).status).toBe(200);
    expect((await get(await srv.createApiKey(['reviews']))).status).toBe(404);
    expect((await get(people.memberA.auth)).status).toBe(403);
    expect((await get(people.visitor)).status).toBe(403);
    expect((await get()).status).toBe(401);
  });

  it('answers a malformed id with 400 and an unknown one with 404', async () => {
    const bad = await call(srv.url, 'GET', '/jobs/v1/jobs/not-a-uuid', { auth: people.owner });
    expect(bad.status).toBe(400);
    const missing = await call(srv.url, 'GET', '/jobs/v1/jobs/0190a3b2-0000-7000-8000-000000000000', {
      auth: people.owner,
    });
    expect(missing.status).toBe(404);
  });
});
