import { useEffect, useRef, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Pagination } from '../../ui/Pagination.js';
import { ListSkeleton } from '../ListSkeleton.js';

export type SortOrder = 'ASC' | 'DESC';
export interface TableSortState<K extends string = string> {
  key: K;
  order: SortOrder;
}

export interface Column<T, K extends string = string> {
  /** The header, in words. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the header sort by this key; `firstOrder` is the order of its first click (names A→Z, dates newest). */
  sortKey?: K;
  firstOrder?: SortOrder;
  /** Width and alignment classes of the column's cells, such as "w-32" (the table is fixed-layout). */
  className?: string;
  /** The card's title on phones (one column); the others show as "Header: value" lines. */
  primary?: boolean;
}

export interface RowAction<T> {
  label: string | ((row: T) => string);
  /** Offered only when true for the row: an action that can't apply is not shown at all. */
  when?: (row: T) => boolean;
  onSelect: (row: T) => void;
  danger?: boolean;
}

export interface Noun {
  one: string;
  other: string;
}

export interface ResourceTableProps<T, K extends string = string> {
  /** What the rows are, for the total ("1,234 members") and labels. */
  noun: Noun;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Accessible name of a row (for its checkbox and actions). */
  rowLabel: (row: T) => string;
  columns: Array<Column<T, K>>;
  /** Every row matching, across pages; shown as the total. */
  total?: number;
  sort?: TableSortState<K>;
  onSort?: (sort: TableSortState<K>) => void;
  selection?: {
    selected: ReadonlySet<string>;
    onSelect: (key: string, on: boolean) => void;
    onSelectPage: (on: boolean) => void;
  };
  actions?: Array<RowAction<T>>;
  /** Width class of the actions column (default "w-28"), for labels longer than a word. */
  actionsClassName?: string;
  onOpen?: (row: T) => void;
  paging?: { offset: number; pageSize: number; onOffsetChange: (offset: number) => void };
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  /** True while the shown rows are the last page's and the next loads. */
  stale?: boolean;
  empty: { title: string; body?: ReactNode; action?: ReactNode };
}

/** What a list's query says about its state (a TanStack Query result has all of it). */
export interface ListQueryState {
  isPending: boolean;
  isFetching: boolean;
  /** True while the last page's rows stand in for the next (only queries that keep them say so). */
  isPlaceholderData?: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A table's loading, error (with Retry) and stale states, read from its list's query. */
export const tableStates = (query: ListQueryState) => ({
  loading: query.isPending,
  error: query.error,
  onRetry: () => void query.refetch(),
  retrying: query.isFetching,
  stale: query.isPlaceholderData,
});

const number = new Intl.NumberFormat();
const plural = new Intl.PluralRules('en');

/** "1 member", "1,234 members". */
export const countOf = (n: number, noun: Noun) =>
  `${number.format(n)} ${plural.select(n) === 'one' ? noun.one : noun.other}`;

const checkboxClass = 'h-4 w-4 shrink-0 accent-accent';

/**
 * The dashboard's list: a fixed-layout table that fits its column from 768 px up (cells truncate, nothing scrolls
 * sideways) and a list of cards on phones. It owns the list's states: loading, error, empty, and the stale page.
 */
export function ResourceTable<T, K extends string = string>(props: ResourceTableProps<T, K>) {
  const { noun, rows, loading, error, onRetry, retrying, stale, empty, total, paging } = props;
  if (loading || (!rows && !error)) return <ListSkeleton label={`Loading ${noun.other}`} rows={6} />;
  if (error) return <ErrorMessage error={error} onRetry={onRetry} retrying={retrying} />;
  if (!rows || rows.length === 0) {
    return (
      <EmptyState title={empty.title} action={empty.action}>
        {empty.body}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      {total !== undefined && (
        <p className="text-sm text-neutral-600" aria-live="polite" data-testid="table-total">
          {countOf(total, noun)}
        </p>
      )}
      <div aria-busy={stale || undefined} className={cx(stale && 'opacity-60')}>
        <div className="hidden md:block">
          <Table {...props} rows={rows} />
        </div>
        <ul className="space-y-3 md:hidden" data-testid="table-cards" aria-label={noun.other}>
          {rows.map((row) => (
            <Card key={props.rowKey(row)} {...props} row={row} />
          ))}
        </ul>
      </div>
      {paging && total !== undefined && (
        <Pagination
          offset={paging.offset}
          count={rows.length}
          total={total}
          pageSize={paging.pageSize}
          onOffsetChange={paging.onOffsetChange}
          busy={stale}
          noun={noun.other}
        />
      )}
    </div>
  );
}

function Table<T, K extends string>({
  rows,
  rowKey,
  rowLabel,
  columns,
  sort,
  onSort,
  selection,
  actions,
  actionsClassName,
  onOpen,
  noun,
}: ResourceTableProps<T, K> & { rows: readonly T[] }) {
  const onPage = selection ? rows.filter((r) => selection.selected.has(rowKey(r))).length : 0;
  // The actions column only when some row on the page has an action that applies.
  const withActions = actions && rows.some((r) => offeredActions(actions, r).length > 0);
  return (
    <div className="rounded-lg border border-neutral-200 bg-white">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium text-neutral-600">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-3 py-2">
                <PageCheckbox
                  label={`Select every ${noun.one} on this page`}
                  all={onPage === rows.length}
                  some={onPage > 0}
                  onChange={selection.onSelectPage}
                />
              </th>
            )}
            {columns.map((c) => (
              <HeaderCell key={c.header} column={c} sort={sort} onSort={onSort} />
            ))}
            {withActions && (
              <th scope="col" className={cx('px-3 py-2 text-right', actionsClassName ?? 'w-28')}>
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((row) => {
            const key = rowKey(row);
            const checked = selection?.selected.has(key) ?? false;
            return (
              <tr
                key={key}
                onClick={onOpen && (() => onOpen(row))}
                className={cx(onOpen && 'cursor-pointer hover:bg-neutral-50', checked && 'bg-accent-soft/60')}
              >
                {selection && (
                  <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
                    <input
                      type="checkbox"
                      className={checkboxClass}
                      aria-label={`Select ${rowLabel(row)}`}
                      checked={checked}
                      onChange={(e) => selection.onSelect(key, e.target.checked)}
                    />
                  </td>
                )}
                {columns.map((c) => (
                  <td key={c.header} className={cx('truncate px-3 py-2 text-neutral-700', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
                {withActions && (
                  <td className="px-3 py-2 text-right" onClick={(e) => e.stopPropagation()}>
                    <RowActions row={row} actions={actions} rowLabel={rowLabel} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Card<T, K extends string>({
  row,
  rowKey,
  rowLabel,
  columns,
  selection,
  actions,
  onOpen,
}: ResourceTableProps<T, K> & { row: T }) {
  const key = rowKey(row);
  const primary = columns.find((c) => c.primary) ?? columns[0]!;
  const rest = columns.filter((c) => c !== primary);
  return (
    <li
      className={cx(
        'rounded-lg border border-neutral-200 bg-white p-4',
        selection?.selected.has(key) && 'border-accent bg-accent-soft/40',
      )}
      onClick={onOpen && (() => onOpen(row))}
    >
      <div className="flex items-start gap-3">
        {selection && (
          <input
            type="checkbox"
            className={cx(checkboxClass, 'mt-1')}
            aria-label={`Select ${rowLabel(row)}`}
            checked={selection.selected.has(key)}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => selection.onSelect(key, e.target.checked)}
          />
        )}
        <div className="min-w-0 flex-1">{primary.cell(row)}</div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rest.map((c) => (
          <div key={c.header} className="contents">
            <dt className="text-neutral-500">{c.header}</dt>
            <dd className="min-w-0 truncate text-neutral-800">{c.cell(row)}</dd>
          </div>
        ))}
      </dl>
      {actions && offeredActions(actions, row).length > 0 && (
        <div className="mt-3" onClick={(e) => e.stopPropagation()}>
          <RowActions row={row} actions={actions} rowLabel={rowLabel} />
        </div>
      )}
    </li>
  );
}

const offeredActions = <T,>(actions: Array<RowAction<T>>, row: T) => actions.filter((a) => !a.when || a.when(row));

/** The actions that apply to the row; those that don't are left out, not disabled. */
function RowActions<T>({
  row,
  actions,
  rowLabel,
}: {
  row: T;
  actions: Array<RowAction<T>>;
  rowLabel: (row: T) => string;
}) {
  const offered = offeredActions(actions, row);
  if (!offered.length) return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {offered.map((a) => {
        const label = typeof a.label === 'function' ? a.label(row) : a.label;
        return (
          <Button
            key={label}
            variant={a.danger ? 'danger' : 'secondary'}
            className="h-8 px-3 text-xs"
            aria-label={`${label} ${rowLabel(row)}`}
            onClick={() => a.onSelect(row)}
          >
            {label}
          </Button>
        );
      })}
    </div>
  );
}

/** A header cell; sortable columns are a button with the order shown as an arrow and announced in aria-sort. */
function HeaderCell<T, K extends string>({
  column,
  sort,
  onSort,
}: {
  column: Column<T, K>;
  sort?: TableSortState<K>;
  onSort?: (sort: TableSortState<K>) => void;
}) {
  const { header, sortKey, className } = column;
  if (!sortKey || !onSort) {
    return (
      <th scope="col" className={cx('truncate px-3 py-2', className)}>
        {header}
      </th>
    );
  }
  const active = sort?.key === sortKey;
  const next: SortOrder = active ? (sort.order === 'ASC' ? 'DESC' : 'ASC') : (column.firstOrder ?? 'ASC');
  const Arrow = !active ? ArrowUpDown : sort.order === 'ASC' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={cx('px-3 py-2', className)}
      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => onSort({ key: sortKey, order: next })}
        className={cx(
          '-mx-1 inline-flex max-w-full items-center gap-1 rounded px-1 py-0.5 font-medium hover:text-neutral-900',
          active && 'text-neutral-900',
        )}
      >
        <span className="truncate">{header}</span>
        <Arrow
          aria-hidden
          data-sort={active ? sort.order : 'none'}
          className={cx('h-3.5 w-3.5 shrink-0', !active && 'text-neutral-300')}
        />
        <span className="sr-only">, sort {next === 'ASC' ? 'ascending' : 'descending'}</span>
      </button>
    </th>
  );
}

/** A checkbox for "all of these": checked, unchecked, or the indeterminate state for "some" (exported for pickers). */
export function PageCheckbox({
  label,
  all,
  some,
  onChange,
}: {
  label: string;
  all: boolean;
  some: boolean;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={checkboxClass}
      aria-label={label}
      checked={all}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
