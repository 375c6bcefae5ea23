import { cx } from './cx.js';

/** A grey placeholder block; screen readers hear the surrounding `aria-busy` region instead. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded-md bg-neutral-200', className)} />;
}
