import { cx } from '../../ui/cx.js';

/** A labelled determinate progress bar; indeterminate (a pulsing bar) while `max` is still unknown (0). */
export function ProgressBar({
  label,
  value,
  max,
  tone = 'accent',
}: {
  label: string;
  value: number;
  max: number;
  tone?: 'accent' | 'green' | 'red';
}) {
  const known = max > 0;
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? value : undefined}
      className="h-2.5 w-full overflow-hidden rounded-full bg-neutral-200"
    >
      <div
        className={cx(
          'h-full rounded-full transition-[width] duration-300',
          tone === 'green' ? 'bg-emerald-600' : tone === 'red' ? 'bg-red-600' : 'bg-accent',
          !known && 'animate-pulse',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
