import { cx } from './cx.js';

/** A grey placeholder block; screen readers hear the surrounding `aria-busy` region instead. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded-md bg-neutral-200', className)} />;
}

/**
 * A loading region of placeholder bars, one under the other: `label` is what screen readers hear is loading, and
 * each of `bars` is one bar's size classes.
 */
export function SkeletonStack({ label, className, bars }: { label: string; className: string; bars: string[] }) {
  return (
    <div aria-busy="true" aria-label={label} className={className}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}
