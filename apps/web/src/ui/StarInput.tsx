import { useId, useState } from 'react';
import { cx } from './cx.js';
import { sizes, Star } from './StarRating.js';

// Its own module: only the review form picks a rating, and the product page's first load shows ratings only.
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
