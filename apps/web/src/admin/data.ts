import { useEffect, useRef } from 'react';
import type { Job } from '@plaza/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { memberQueries, reviewQueries, useJob, useMember, usePlaza } from '@plaza/react';
import type { ListReportsOptions } from '@plaza/sdk/members';
import type { ListReviewRequestsOptions } from '@plaza/sdk/reviews';

/** A member with every field (FULL), for the drawer; idle without an id. */
export const useMemberFull = (id: string | null) => useMember(id ?? '', ['FULL']);

/** A page of the reports queue; the last page stays shown while the next loads. */
export function useReportsList(query: ListReportsOptions) {
  return useQuery({ ...memberQueries.reports(usePlaza(), query), placeholderData: keepPreviousData });
}

/** A page of review requests; the last page stays shown while the next loads. */
export function useReviewRequestsList(query: ListReviewRequestsOptions) {
  return useQuery({ ...reviewQueries.requests(usePlaza(), query), placeholderData: keepPreviousData });
}

const finished = (job: Job | undefined) => Boolean(job && job.status !== 'QUEUED' && job.status !== 'RUNNING');

/** A bulk job, polled every 500 ms until it finishes; `onFinished` runs once when it does. */
export function useJobPoll(jobId: string, onFinished?: () => void) {
  const { data: job, error } = useJob(jobId, { poll: true });
  const done = finished(job);
  const reported = useRef(false);
  useEffect(() => {
    if (done && !reported.current) {
      reported.current = true;
      onFinished?.();
    }
  }, [done, onFinished]);
  return { job, error, done };
}

/**
 * A mutation that marks the queries under `key` stale (those on screen refetch) when it ends: after success, and
 * after a refusal too, since a 409 usually means the screen showed an outdated state.
 */
function useInvalidatingMutation<V, R>(
  key: QueryKey,
  mutationFn: (vars: V) => Promise<R>,
  onSuccess?: (r: R, v: V) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (r, v) => onSuccess?.(r, v),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Member changes refresh every members query: the table, the drawer, the reports queue. */
export const useMembersMutation = <V, R>(fn: (vars: V) => Promise<R>, onSuccess?: (r: R, v: V) => void) =>
  useInvalidatingMutation(memberQueries.all(), fn, onSuccess);

/** Review changes refresh every reviews query: lists, counts, summaries, requests. */
export const useReviewsMutation = <V, R>(fn: (vars: V) => Promise<R>, onSuccess?: (r: R, v: V) => void) =>
  useInvalidatingMutation(reviewQueries.all(), fn, onSuccess);
