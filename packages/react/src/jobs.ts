import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job, JobResponse } from '@plaza/sdk/jobs';
import { moduleOf, usePlaza } from './context.js';

/** The part of an SDK client these queries need: a client created with `modules: { jobs }`. */
export interface JobsClient {
  jobs: { getJob(jobId: string): Promise<JobResponse> };
}

/** How often a running job is polled. */
export const JOB_POLL_INTERVAL_MS = 500;

const running = (job: Job | undefined) => job?.status === 'QUEUED' || job?.status === 'RUNNING';

export const jobQueries = {
  all: () => ['plaza', 'jobs'] as const,
  /** With `poll`, refetches every 500 ms while the job is QUEUED or RUNNING (and before the first answer). */
  job: (client: JobsClient, jobId: string, options: { poll?: boolean } = {}) =>
    queryOptions({
      queryKey: [...jobQueries.all(), jobId] as const,
      queryFn: () =>
        moduleOf(client, 'jobs')
          .getJob(jobId)
          .then((r) => r.job),
      refetchInterval: (query) =>
        options.poll && (query.state.data === undefined || running(query.state.data)) ? JOB_POLL_INTERVAL_MS : false,
      // A running job changes under us: never serve it from the cache as fresh.
      staleTime: (query) => (running(query.state.data) ? 0 : Infinity),
    }),
};

/**
 * A background job (bulk members actions). With `{ poll: true }` it follows the job until it finishes, for a progress
 * bar: `job.progress.processed / job.progress.total`.
 *
 * @example
 * const { data: job } = useJob(jobId, { poll: true });
 */
export function useJob(jobId: string, options: { poll?: boolean } = {}) {
  return useQuery({ ...jobQueries.job(usePlaza<JobsClient>(), jobId, options), enabled: !!jobId });
}
