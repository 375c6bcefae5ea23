import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { environmentManager, QueryObserver } from '@tanstack/react-query';
import type { Job, JobStatus } from '@plaza/contracts';
import {
  createPlazaQueryClient,
  JOB_POLL_INTERVAL_MS,
  jobQueries,
  PlazaProvider,
  useJob,
  type JobsClient,
} from '../src/index.js';

const JOB_ID = '0190a1b2-0000-7000-8000-0000000000aa';
const job = (status: JobStatus, processed: number): Job => ({
  id: JOB_ID,
  kind: 'MEMBERS_BULK_BLOCK_BY_FILTER',
  status,
  progress: { total: 3, processed, succeeded: processed, failed: 0 },
  failures: [],
  createdDate: '2025-01-01T00:00:00.000Z',
});

/** A job that is QUEUED, then RUNNING one item a call, then COMPLETED. */
function fakeClient() {
  const answers = [job('QUEUED', 0), job('RUNNING', 1), job('RUNNING', 2), job('COMPLETED', 3)];
  const getJob = vi.fn(async () => ({ job: answers.shift() ?? job('COMPLETED', 3) }));
  return { jobs: { getJob } } satisfies JobsClient;
}

// TanStack runs no refetch timers where there is no `window`; these tests stand for the browser.
const nodeIsServer = environmentManager.isServer();
afterEach(() => {
  vi.useRealTimers();
  environmentManager.setIsServer(() => nodeIsServer);
});

describe('jobQueries.job', () => {
  it('keys a job under plaza/jobs and unwraps { job }', async () => {
    const c = fakeClient();
    expect(jobQueries.job(c, JOB_ID).queryKey).toEqual(['plaza', 'jobs', JOB_ID]);
    await expect(createPlazaQueryClient().fetchQuery(jobQueries.job(c, JOB_ID))).resolves.toMatchObject({
      status: 'QUEUED',
    });
    expect(c.jobs.getJob).toHaveBeenCalledWith(JOB_ID);
  });

  it('with poll, refetches every 500 ms while QUEUED or RUNNING and stops once finished', async () => {
    vi.useFakeTimers();
    environmentManager.setIsServer(() => false);
    const c = fakeClient();
    const observer = new QueryObserver(createPlazaQueryClient(), jobQueries.job(c, JOB_ID, { poll: true }));
    const seen: string[] = [];
    const stop = observer.subscribe((r) => {
      if (r.data && seen.at(-1) !== `${r.data.status}:${r.data.progress.processed}`)
        seen.push(`${r.data.status}:${r.data.progress.processed}`);
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.jobs.getJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS - 1);
    expect(c.jobs.getJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.jobs.getJob).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * 2);
    expect(seen).toEqual(['QUEUED:0', 'RUNNING:1', 'RUNNING:2', 'COMPLETED:3']);
    // Finished: no more requests however long the page stays open.
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * 10);
    expect(c.jobs.getJob).toHaveBeenCalledTimes(4);
    stop();
  });

  it('without poll, fetches once', async () => {
    vi.useFakeTimers();
    environmentManager.setIsServer(() => false);
    const c = fakeClient();
    const observer = new QueryObserver(createPlazaQueryClient(), jobQueries.job(c, JOB_ID));
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * 5);
    expect(c.jobs.getJob).toHaveBeenCalledTimes(1);
    stop();
  });

  it('names the missing module instead of a TypeError', async () => {
    await expect(
      createPlazaQueryClient().fetchQuery({ ...jobQueries.job({} as JobsClient, JOB_ID), retry: false }),
    ).rejects.toThrow(/no jobs module/);
  });
});

describe('useJob', () => {
  function Progress({ jobId }: { jobId: string }) {
    const { data, fetchStatus } = useJob(jobId, { poll: true });
    return <p>{data ? `${data.progress.processed}/${data.progress.total}` : fetchStatus}</p>;
  }

  it('renders the progress of a cached job, and stays idle without a job id', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    qc.setQueryData(jobQueries.job(c, JOB_ID).queryKey, job('RUNNING', 2));
    const html = renderToString(
      <PlazaProvider client={c} queryClient={qc}>
        <Progress jobId={JOB_ID} />
        <Progress jobId="" />
      </PlazaProvider>,
    );
    expect(html).toBe('<p>2/3</p><p>idle</p>');
    expect(c.jobs.getJob).not.toHaveBeenCalled();
  });
});
