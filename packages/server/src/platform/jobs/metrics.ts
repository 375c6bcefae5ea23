import { inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { jobs } from './tables.js';

export interface JobMetrics {
  queued: number;
  running: number;
  failed: number;
}

/**
 * The queue's depth and its failed jobs, read when metrics are scraped. Each status is a range of `jobs_due_idx`
 * (status, run_at): completed and canceled jobs, the many, are never counted.
 */
export async function jobMetrics(ctx: Ctx): Promise<JobMetrics> {
  const rows = await ctx.db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ['QUEUED', 'RUNNING', 'FAILED']))
    .groupBy(jobs.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { queued: of('QUEUED'), running: of('RUNNING'), failed: of('FAILED') };
}
