import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { ListSkeleton } from '../ListSkeleton.js';

export interface QueryStatesProps<D> {
  query: { data: D | undefined; error: unknown; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  /** What stands in while it loads, when skeleton list rows do not fit (a form, a chart). */
  loading?: ReactNode;
  /** "Loading OAuth clients": what a screen reader hears while the skeleton rows stand in. */
  loadingLabel?: string;
  /** How many skeleton rows stand in. */
  rows?: number;
  /** The empty state, shown when `is` says the data holds nothing (by default: when it is an empty list). */
  empty?: { is?: (data: D) => boolean; title: string; body: ReactNode };
  children: (data: D) => ReactNode;
}

/**
 * What the dashboard reads from one query, in its states: skeleton rows (or `loading`) while it loads, the error with
 * Retry, the empty state when there is nothing, else the content itself.
 */
export function QueryStates<D>({
  query,
  loading,
  loadingLabel = 'Loading',
  rows,
  empty,
  children,
}: QueryStatesProps<D>) {
  if (query.isPending) return loading ?? <ListSkeleton label={loadingLabel} rows={rows} />;
  if (query.error)
    return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  // Neither loading nor failed: the query has its data.
  const data = query.data as D;
  const isEmpty = empty?.is ?? ((d: D) => Array.isArray(d) && d.length === 0);
  if (empty && isEmpty(data)) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return children(data);
}

/** A titled part of a page that shows one query's data in its states (the keys, clients, connections…). */
export function QuerySection<D>({ id, title, ...states }: { id: string; title: ReactNode } & QueryStatesProps<D>) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      <QueryStates<D> {...states} />
    </section>
  );
}
