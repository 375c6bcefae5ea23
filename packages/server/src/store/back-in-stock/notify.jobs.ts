import { and, count, eq, notInArray } from 'drizzle-orm';
import type { BackInStockStatus, JobItemFailure } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { productSlug } from '../catalog/index.js';
import { jobCounts, type JobHandler, type JobHandlers, type JobRun } from '../../platform/jobs/index.js';
import { deliverQueued, queueMail } from '../../platform/mail/index.js';
import { getSite } from '../../platform/site/index.js';
import { moveTo } from './service.js';
import { sitePathOf } from './model.js';
import type { NotifyPayload } from './report.service.js';
import { backInStockRequests as t, type BackInStockRow } from './tables.js';

export const BATCH_SIZE = 25;

/**
 * Brings the job's progress in line with the requests themselves: every request of the job that left PROCESSING is
 * processed (FAILED ones as failures). Run first (a run that died after committing a batch but before reporting it
 * left the progress behind) and after every batch, so progress is exact whatever happened to earlier runs.
 */
async function syncProgress(run: JobRun): Promise<void> {
  const { ctx } = run;
  const job = await jobCounts(ctx, run.id);
  const counts = await ctx.db
    .select({ status: t.status, n: count() })
    .from(t)
    .where(eq(t.jobId, run.id))
    .groupBy(t.status);
  const of = (s: BackInStockStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const failedNow = of('FAILED');
  const dSent = of('NOTIFICATION_SENT') - (job?.succeeded ?? 0);
  const dFailed = failedNow - (job?.failed ?? 0);
  if (dSent <= 0 && dFailed <= 0) return;
  const kept = (job?.failures ?? []).map((f) => f.itemId);
  const failed =
    dFailed > 0
      ? await ctx.db
          .select({ id: t.id, message: t.failureMessage })
          .from(t)
          .where(and(eq(t.jobId, run.id), eq(t.status, 'FAILED'), kept.length ? notInArray(t.id, kept) : undefined))
          .limit(dFailed)
      : [];
  const failures: JobItemFailure[] = failed.map((f) => ({
    itemId: f.id,
    code: 'MAIL_NOT_DELIVERED',
    message: f.message ?? 'The mail server did not accept the message',
  }));
  await run.progress({ succeeded: Math.max(0, dSent), failures, state: {} });
}

/** Where the mail sends the shopper: the request's item URL, else the product page. */
async function linkOf(ctx: Ctx, r: BackInStockRow, slugs: Map<string, string | null>): Promise<string> {
  if (r.itemUrl) return new URL(sitePathOf(r.itemUrl), ctx.config.publicUrl).toString();
  if (!slugs.has(r.productId)) {
    slugs.set(r.productId, (await productSlug(ctx, r.productId)) ?? null);
  }
  const slug = slugs.get(r.productId);
  return new URL(slug ? `/products/${slug}` : '/', ctx.config.publicUrl).toString();
}

/** Test hooks that play a worker dying: inside a batch's transaction (rolled back) or right after its commit. */
export interface NotifyHooks {
  batchSize?: number;
  /** Called inside the transaction after each item's mail is queued; throwing rolls the whole batch back. */
  onItem?: (requestId: string) => void;
  /** Called after a batch committed, before its progress is reported. */
  afterBatch?: (requestIds: string[]) => void;
}

/**
 * BACK_IN_STOCK_NOTIFY: mails every request the report put in PROCESSING under this job, in batches. Each batch is one
 * transaction that locks its requests (SKIP LOCKED), queues each mail in the mail outbox and marks the request
 * NOTIFICATION_SENT: the mail exists exactly when the mark does, so a worker dying anywhere never mails a request
 * twice (a rolled-back batch queued nothing; a committed one is no longer PROCESSING). With SMTP the queued mails are
 * sent after the commit, and a refused one turns its request FAILED.
 */
export function backInStockNotifier(hooks: NotifyHooks = {}): JobHandler {
  const size = hooks.batchSize ?? BATCH_SIZE;
  return async (run) => {
    const { ctx } = run;
    const payload = run.payload as unknown as NotifyPayload;
    const extra = Object.entries(payload.extra ?? {});
    if (run.total === 0) {
      const [all] = await ctx.db.select({ n: count() }).from(t).where(eq(t.jobId, run.id));
      await run.setTotal(Number(all?.n ?? 0));
    }
    await syncProgress(run);
    const { name: siteName } = await getSite(ctx);
    const slugs = new Map<string, string | null>();
    for (;;) {
      const batch = await withTx(ctx, async (tx) => {
        const rows = await tx.db
          .select()
          .from(t)
          .where(and(eq(t.jobId, run.id), eq(t.status, 'PROCESSING')))
          .orderBy(t.id)
          .limit(size)
          .for('update', { skipLocked: true });
        const out: Array<{ row: BackInStockRow; mailId: string; queued: boolean }> = [];
        for (const row of rows) {
          const d = payload.itemDetails;
          const mail = await queueMail(tx, {
            to: row.email,
            template: 'BACK_IN_STOCK',
            data: {
              siteName,
              itemName: d.name,
              link: await linkOf(tx, row, slugs),
              ...(d.price ? { price: d.price } : {}),
              ...(d.image ? { imageUrl: new URL(d.image.url, ctx.config.publicUrl).toString() } : {}),
              extra,
            },
          });
          await moveTo(tx, row, 'NOTIFICATION_SENT', { autoNotified: true, mailId: mail.id });
          hooks.onItem?.(row.id);
          out.push({ row, mailId: mail.id, queued: mail.status === 'QUEUED' });
        }
        return out;
      });
      if (!batch.length) break;
      hooks.afterBatch?.(batch.map((b) => b.row.id));
      for (const b of batch.filter((x) => x.queued)) {
        const sent = await deliverQueued(ctx, b.mailId);
        if (sent?.status !== 'FAILED') continue;
        await withTx(ctx, async (tx) => {
          const [row] = await tx.db
            .select()
            .from(t)
            .where(and(eq(t.id, b.row.id), eq(t.mailId, b.mailId), eq(t.status, 'NOTIFICATION_SENT')))
            .for('update');
          if (row) {
            await moveTo(tx, row, 'FAILED', { failureMessage: sent.error ?? 'The mail server refused the message' });
          }
        });
      }
      await syncProgress(run);
    }
  };
}

/** The back-in-stock domain's job handlers, registered with the worker in job-handlers.ts (the composition root). */
export const backInStockJobHandlers: JobHandlers = { BACK_IN_STOCK_NOTIFY: backInStockNotifier() };
