import { Button } from './Button.js';

export interface PaginationProps {
  /** Index of the first item shown (offset paging). */
  offset: number;
  /** Items on this page. */
  count: number;
  total: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
  /** Disables the buttons while a page loads. */
  busy?: boolean;
  /** What the items are, for the range line: "members" → "21–40 of 75 members". */
  noun?: string;
}

/** Previous / Next over an offset-paged list, with the shown range in words. */
export function Pagination({ offset, count, total, pageSize, onOffsetChange, busy, noun }: PaginationProps) {
  if (total <= pageSize && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = offset + count;
  const fmt = new Intl.NumberFormat();
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-neutral-600" aria-live="polite">
        {fmt.format(first)}–{fmt.format(last)} of {fmt.format(total)}
        {noun ? ` ${noun}` : ''}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={busy || offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          Previous
        </Button>
        <Button variant="secondary" disabled={busy || last >= total} onClick={() => onOffsetChange(offset + pageSize)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
