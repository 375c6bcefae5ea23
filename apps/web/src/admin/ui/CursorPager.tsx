import { useState } from 'react';
import { ResourceTable, tableStates, type ListQueryState, type ResourceTableProps } from './ResourceTable.js';
import { Button } from '../../ui/Button.js';

/**
 * Previous / Next for lists paged by cursor (no total is known): the cursors of the pages seen are kept, so
 * Previous goes back exactly. Reset it by giving it a new `key` when the filters change.
 */
export function useCursorPages() {
  const [stack, setStack] = useState<string[]>([]);
  return {
    /** The cursor of the page to show (undefined: the first). */
    cursor: stack.at(-1),
    page: stack.length + 1,
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => s.slice(0, -1)),
    reset: () => setStack([]),
  };
}

/** A list paged by cursor under its filters: its query is the filters plus the cursor of the page shown. */
export function useCursorPage<F extends object>(filters: F) {
  const pages = useCursorPages();
  return { pages, query: { ...filters, ...(pages.cursor ? { cursor: pages.cursor } : {}) } };
}

/** What a filtered list is given: its filters, whether any is set (the empty state's words), and what opens a row. */
export interface FilteredListProps<F, T> {
  filters: F;
  filtered: boolean;
  onOpen: (row: T) => void;
}

export function CursorPager({
  page,
  nextCursor,
  busy,
  onNext,
  onPrevious,
}: {
  page: number;
  nextCursor: string | undefined;
  busy?: boolean;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}) {
  if (page === 1 && !nextCursor) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page === 1 || busy} onClick={onPrevious}>
        Previous
      </Button>
      <span className="text-sm text-neutral-600" aria-live="polite">
        Page {page}
      </span>
      <Button variant="secondary" disabled={!nextCursor || busy} onClick={() => nextCursor && onNext(nextCursor)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * A resource table paged by cursor: the table's loading, error and stale states come from the list's query, and
 * Previous / Next under it walk the pages seen.
 */
export function CursorTable<T, K extends string = string>({
  pages,
  query,
  nextCursor,
  ...table
}: {
  pages: ReturnType<typeof useCursorPages>;
  query: ListQueryState;
  nextCursor: string | undefined;
} & Omit<ResourceTableProps<T, K>, 'loading' | 'error' | 'onRetry' | 'retrying' | 'stale'>) {
  return (
    <div className="space-y-4">
      <ResourceTable<T, K> {...table} {...tableStates(query)} />
      <CursorPager
        page={pages.page}
        nextCursor={nextCursor}
        busy={query.isFetching}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </div>
  );
}
