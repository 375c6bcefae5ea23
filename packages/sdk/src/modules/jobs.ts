import type { Job, JobResponse, JobStatus } from '@plaza/contracts';
import { defineMethod, seg } from '../core/method.js';

export type { Job, JobResponse, JobStatus };
export type { JobItemFailure, JobKind, StartJobResponse } from '@plaza/contracts';

/**
 * A background job (a bulk members action, a review-request e-mail): its status, progress and the first 100 item
 * failures. For owners, contributors and API keys. Poll it every half second or so until the status is COMPLETED,
 * FAILED or CANCELED.
 *
 * @example
 * const { jobId } = await admin.members.bulkBlockMembersByFilter({ id: { $in: ids } });
 * let { job } = await admin.jobs.getJob(jobId);
 * while (job.status === 'QUEUED' || job.status === 'RUNNING') {
 *   await new Promise((r) => setTimeout(r, 500));
 *   ({ job } = await admin.jobs.getJob(jobId));
 * }
 */
export const getJob = defineMethod<[jobId: string], JobResponse>({
  argumentNames: ['jobId'],
  request: (jobId) => ({ method: 'GET', path: `/jobs/v1/jobs/${seg(jobId)}` }),
});

/**
 * True while a job may still change (QUEUED or RUNNING).
 *
 * @example
 * if (isJobRunning(job)) setTimeout(poll, 500);
 */
export function isJobRunning(job: Pick<Job, 'status'>): boolean {
  return job.status === 'QUEUED' || job.status === 'RUNNING';
}

/**
 * The jobs module: `import { jobs } from '@plaza/sdk/jobs'`, then `createClient({ ..., modules: { jobs } })`.
 *
 * @example
 * const admin = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { members, jobs } });
 */
export const jobs = { getJob };
