import net from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportItemsBackInStockResponse } from '@plaza/contracts';
import { call } from '../../../test/http.js';
import { cast, type Cast } from '../../test/community.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { jobs } from '../../platform/jobs/tables.js';
import { startJobWorker } from '../../platform/jobs/worker.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { backInStockNotifier } from './notify.jobs.js';
import { backInStockRequests } from './tables.js';
import { ask, BASE, getRequest, itemDetails, jobDone, refOf, shopperEmail, soldOutProduct } from './testing.js';

const REPORT = `${BASE}/report-items-back-in-stock`;

/** Mails stored for these addresses, by address. */
async function mailsTo(srv: TestServer, emails: string[]): Promise<Map<string, number>> {
  const rows = await srv
    .ctx()
    .db.select({ to: mailMessages.to })
    .from(mailMessages)
    .where(inArray(mailMessages.to, emails));
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.to, (out.get(r.to) ?? 0) + 1);
  return out;
}

async function waitingFor(srv: TestServer, owner: string, n: number, tag: string) {
  const p = await soldOutProduct(srv, owner);
  const emails = Array.from({ length: n }, (_, i) => shopperEmail(`${tag}${i}`));
  const visitor = `Bearer ${await srv.visitorToken()}`;
  for (const e of emails) await ask(srv, visitor, p, e);
  return { p, emails };
}

describe('a worker dying mid-batch (own workers; the app worker is off)', () => {
  let srv: TestServer;
  let people: Cast;
  beforeAll(async () => {
    srv = await startTestServer({ env: { PLAZA_JOB_WORKER: 'off' } });
    people = await cast(srv);
  }, 120_000);
  afterAll(() => srv?.close());

  /** Runs one worker for one run of the job (claimed, then finished, failed or put back for a retry), then stops it. */
  async function runOnce(handler: ReturnType<typeof backInStockNotifier>, jobId: string) {
    // A failed run is retried after a back-off: make it due now, as if the time had passed.
    const [before] = await srv
      .ctx()
      .db.update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, jobId))
      .returning();
    const worker = startJobWorker(srv.ctx(), { BACK_IN_STOCK_NOTIFY: handler }, 10);
    const end = Date.now() + 15_000;
    for (;;) {
      const [job] = await srv.ctx().db.select().from(jobs).where(eq(jobs.id, jobId));
      if (job!.attempts > before!.attempts && job!.status !== 'RUNNING') break;
      if (Date.now() > end) throw new Error(`job still ${job!.status}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await worker.stop();
  }

  it('mails every request exactly once across a rolled-back batch, a lost progress report and a restart', async () => {
    const { p, emails } = await waitingFor(srv, people.owner, 10, 'crash');
    const res = await call<ReportItemsBackInStockResponse>(srv.url, 'POST', REPORT, {
      auth: people.owner,
      body: { catalogReference: refOf(p), itemDetails: itemDetails() },
    });
    expect(res.body.requestCount).toBe(10);
    const jobId = res.body.jobId;

    // Run 1 dies inside its second batch, after queuing that batch's first mail: the batch rolls back, mail included.
    let items = 0;
    await runOnce(
      backInStockNotifier({
        batchSize: 3,
        onItem: () => {
          if (++items === 4) throw new Error('worker killed');
        },
      }),
      jobId,
    );
    let counts = await mailsTo(srv, emails);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(3);

    // Run 2 dies right after committing a batch, before it could report progress.
    await runOnce(
      backInStockNotifier({
        batchSize: 3,
        afterBatch: () => {
          throw new Error('worker killed after commit');
        },
      }),
      jobId,
    );
    counts = await mailsTo(srv, emails);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(6);

    // Run 3 is healthy: it finishes the rest, and the progress counts every request once.
    await runOnce(backInStockNotifier({ batchSize: 3 }), jobId);
    const job = await jobDone(srv, people.owner, jobId);
    expect(job.status).toBe('COMPLETED');
    expect(job.progress).toEqual({ total: 10, processed: 10, succeeded: 10, failed: 0 });
    counts = await mailsTo(srv, emails);
    for (const e of emails) expect(counts.get(e), e).toBe(1);
    const rows = await srv.ctx().db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, p.id));
    expect(rows.every((r) => r.status === 'NOTIFICATION_SENT' && r.mailId && r.jobId === jobId)).toBe(true);
  });

  it('two reports of one item at once share the requests: each is mailed once', async () => {
    const { p, emails } = await waitingFor(srv, people.owner, 12, 'twice');
    const body = { catalogReference: refOf(p), itemDetails: itemDetails() };
    const [a, b] = await Promise.all(
      [people.owner, await srv.createApiKey(['ecom'])].map((auth) =>
        call<ReportItemsBackInStockResponse>(srv.url, 'POST', REPORT, { auth, body }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body.requestCount + b!.body.requestCount).toBe(12);
    const worker = startJobWorker(srv.ctx(), { BACK_IN_STOCK_NOTIFY: backInStockNotifier({ batchSize: 5 }) }, 10);
    const [ja, jb] = [await jobDone(srv, people.owner, a!.body.jobId), await jobDone(srv, people.owner, b!.body.jobId)];
    await worker.stop();
    expect(ja.progress.succeeded + jb.progress.succeeded).toBe(12);
    const counts = await mailsTo(srv, emails);
    for (const e of emails) expect(counts.get(e), e).toBe(1);
  });
});

/** A real SMTP server on a random local port that keeps what it receives. */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData: (stream, session, cb) => {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let up: TestServer;
  let down: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    [up, down] = await Promise.all([
      startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } }),
      startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([up?.close(), down?.close()]);
    await smtp?.close();
  });

  it('delivers each notice once and records it SENT', async () => {
    const { p, emails } = await waitingFor(up, await ownerOf(up), 4, 'smtp');
    const owner = await ownerOf(up);
    const res = await call<ReportItemsBackInStockResponse>(up.url, 'POST', REPORT, {
      auth: owner,
      body: { catalogReference: refOf(p), itemDetails: itemDetails() },
    });
    const job = await jobDone(up, owner, res.body.jobId);
    expect(job.progress).toEqual({ total: 4, processed: 4, succeeded: 4, failed: 0 });
    for (const e of emails) expect(smtp.received.filter((r) => r === e)).toHaveLength(1);
    const rows = await up.ctx().db.select().from(mailMessages).where(inArray(mailMessages.to, emails));
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
  });

  it('marks a request FAILED (with the reason) when the mail server refuses, and a retry by requestIds tries again', async () => {
    const owner = await ownerOf(down);
    const { p, emails } = await waitingFor(down, owner, 2, 'down');
    const res = await call<ReportItemsBackInStockResponse>(down.url, 'POST', REPORT, {
      auth: owner,
      body: { catalogReference: refOf(p), itemDetails: itemDetails() },
    });
    const job = await jobDone(down, owner, res.body.jobId);
    expect(job.status).toBe('COMPLETED');
    expect(job.progress).toEqual({ total: 2, processed: 2, succeeded: 0, failed: 2 });
    expect(job.failures.map((f) => f.code)).toEqual(['MAIL_NOT_DELIVERED', 'MAIL_NOT_DELIVERED']);
    const rows = await down.ctx().db.select().from(backInStockRequests).where(eq(backInStockRequests.productId, p.id));
    for (const r of rows) {
      const got = await getRequest(down, owner, r.id);
      expect(got.body.request.status).toBe('FAILED');
      expect(got.body.request.failureMessage).toMatch(/ECONNREFUSED|connect/i);
    }
    const retry = await call<ReportItemsBackInStockResponse>(down.url, 'POST', REPORT, {
      auth: owner,
      body: { requestIds: rows.map((r) => r.id), itemDetails: itemDetails() },
    });
    expect(retry.body.requestCount).toBe(2);
    expect((await jobDone(down, owner, retry.body.jobId)).progress.failed).toBe(2);
    expect((await mailsTo(down, emails)).get(emails[0]!)).toBe(2);
  });
});

const owners = new Map<TestServer, string>();
async function ownerOf(srv: TestServer): Promise<string> {
  if (!owners.has(srv)) owners.set(srv, (await cast(srv)).owner);
  return owners.get(srv)!;
}
