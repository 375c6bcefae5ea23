import type { ReactNode } from 'react';
import { cx } from '../../ui/cx.js';

/** A row's name as a button: the row opens when it is clicked, and the name reads as the way in. */
export function RowOpenButton({ children }: { children: ReactNode }) {
  return (
    <button type="button" className="block truncate text-left font-medium text-neutral-900 hover:underline">
      {children}
    </button>
  );
}

/**
 * A list's first column: the row's name with a grey line of detail under it (left out when there is none), both
 * cut to the column's width. Codes and addresses read best in `mono`.
 */
export function NameCell({
  name,
  detail,
  opens,
  mono,
}: {
  name: ReactNode;
  detail?: ReactNode;
  /** The name is the button that opens the row. */
  opens?: boolean;
  mono?: 'name' | 'detail';
}) {
  return (
    <span className="block min-w-0">
      {opens ? (
        <RowOpenButton>{name}</RowOpenButton>
      ) : (
        <span className={cx('block truncate font-medium text-neutral-900', mono === 'name' && 'font-mono')}>
          {name}
        </span>
      )}
      {detail && (
        <span className={cx('block truncate text-xs text-neutral-500', mono === 'detail' && 'font-mono')}>
          {detail}
        </span>
      )}
    </span>
  );
}
