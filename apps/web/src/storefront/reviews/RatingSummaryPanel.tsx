import type { RatingSummary } from '@plaza/contracts';
import { StarRating } from '../../ui/StarRating.js';

const ROWS = [
  [5, 'fiveStars'],
  [4, 'fourStars'],
  [3, 'threeStars'],
  [2, 'twoStars'],
  [1, 'oneStar'],
] as const;

/** The average with stars, the number of reviews and how they spread over 5 to 1 stars (approved reviews only). */
export function RatingSummaryPanel({ summary }: { summary: RatingSummary }) {
  const total = summary.totalReviews;
  const fmt = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <div data-testid="rating-summary">
      <div className="flex items-end gap-3">
        <p className="text-4xl font-bold tracking-tight text-neutral-900" data-testid="rating-average">
          {total > 0 ? fmt.format(summary.averageRating) : '–'}
        </p>
        <div className="pb-1">
          <StarRating value={summary.averageRating} />
          <p className="mt-0.5 text-sm text-neutral-600" data-testid="rating-total">
            {total === 1 ? '1 review' : `${new Intl.NumberFormat().format(total)} reviews`}
          </p>
        </div>
      </div>
      <ul className="mt-4 space-y-1.5" aria-label="Ratings by stars">
        {ROWS.map(([stars, key]) => {
          const count = summary.ratingDistribution[key];
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="w-12 shrink-0 text-neutral-700">
                {stars} <span className="sr-only">{stars === 1 ? 'star' : 'stars'}</span>
                <span aria-hidden="true">★</span>
              </span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-neutral-200">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-16 shrink-0 text-right text-neutral-600 tabular-nums">
                {count}
                <span className="sr-only">
                  {' '}
                  {count === 1 ? 'review' : 'reviews'}, {share}%
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
