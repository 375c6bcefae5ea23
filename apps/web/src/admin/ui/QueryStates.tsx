import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { ListSkeleton } from '../ListSkeleton.js';

/**
 * A list the dashboard reads from one query, in its states: skeleton rows while it loads, the error with Retry, the
 * empty state when there is nothing, else the list itself.
 */
export function QueryStates<D>({
  query,
  loadingLabel,
  rows,
  empty,
  children,
}: {
  query: { data: D | undefined; error: unknown; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  /** "Loading OAuth clients": what a screen reader hears while it loads. */
  loadingLabel: string;
  /** How many skeleton rows stand in. */
  rows?: number;
  /** The empty state, shown when `is` says the data holds nothing. */
  empty?: { is: (data: D) => boolean; title: string; body: ReactNode };
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} rows={rows} />;
  if (query.error)
    return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  // Neither loading nor failed: the query has its data.
  const data = query.data as D;
  if (empty?.is(data)) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return children(data);
}
