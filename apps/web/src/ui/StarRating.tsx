import { useId, useState } from 'react';
import { cx } from './cx.js';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-7 w-7' } as const;
type Size = keyof typeof sizes;

function Star({ className }: { className: string }) {
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

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

export interface StarInputProps {
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (value: number) => void;
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Picks a rating of 1–5: five native radio buttons drawn as stars, so Tab reaches the group and the arrow keys move
 * within it, and each star is announced as "3 stars, Good".
 */
export function StarInput({ value, onChange, label = 'Rating', error, disabled }: StarInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-1 block text-sm font-medium text-neutral-800">{label}</legend>
      <div className="flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
              onMouseEnter={() => setHover(n)}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-invalid={error ? true : undefined}
              />
              <Star className={cx(sizes.lg, n <= shown ? 'text-amber-400' : 'text-neutral-300')} />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}, {WORDS[n]}
              </span>
            </label>
          ))}
        </div>
        {/* The prompt gives way to the error, which says the same thing: one message, not two. */}
        {(shown || !error) && (
          <span className="text-sm text-neutral-600" aria-hidden="true">
            {shown ? WORDS[shown] : 'Choose 1 to 5 stars'}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
