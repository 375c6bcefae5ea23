import { cx } from './cx.js';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
export const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-7 w-7' } as const;
type Size = keyof typeof sizes;

export function Star({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cx('shrink-0', className)}>
      <path d={STAR} fill="currentColor" />
    </svg>
  );
}

/** "4.3 out of 5 stars", or "4 out of 5 stars" for whole numbers. */
export function ratingLabel(value: number): string {
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} out of 5 stars`;
}

/**
 * Five stars filled to `value` (0–5, fractions shown as a partly filled star). Read as one image with a text label,
 * so a screen reader hears "4.3 out of 5 stars" rather than five shapes.
 */
export function StarRating({ value, size = 'md', className }: { value: number; size?: Size; className?: string }) {
  const clamped = Math.max(0, Math.min(5, value));
  const row = (tone: string) => [1, 2, 3, 4, 5].map((n) => <Star key={n} className={cx(sizes[size], tone)} />);
  return (
    <span role="img" aria-label={ratingLabel(clamped)} className={cx('relative inline-flex', className)}>
      <span className="inline-flex">{row('text-neutral-300')}</span>
      <span className="absolute inset-y-0 left-0 inline-flex overflow-hidden" style={{ width: `${clamped * 20}%` }}>
        {row('text-amber-400')}
      </span>
    </span>
  );
}
