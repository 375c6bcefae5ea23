import type { ReviewMedia } from '@plaza/contracts';

/** Recency counts from here: a fixed origin keeps every stored score comparable with every other. */
export const RELEVANCE_EPOCH = Date.UTC(2020, 0, 1);
const DAY_MS = 86_400_000;

/** The weights of the relevance formula (see `relevanceScore`). */
export const RELEVANCE = {
  /** Points per 30 days of reviewDate after the epoch. */
  PER_30_DAYS: 1,
  /** Body characters counted at most. */
  MAX_BODY_CHARS: 2000,
  /** Characters per doubling step of the length term. */
  CHARS_UNIT: 50,
  /** Points per photo or video, for at most MAX_MEDIA items. */
  PER_MEDIA: 0.5,
  MAX_MEDIA: 5,
  /** Points per star: a small tie-breaker between otherwise equal reviews. */
  PER_STAR: 0.1,
} as const;

export interface RelevanceInput {
  body?: string | null | undefined;
  media?: readonly ReviewMedia[] | null | undefined;
  rating: number;
  reviewDate: Date;
}

/**
 * How useful a review is to readers, computed once when it is written or edited:
 *
 *     score = recency + length + media + rating
 *     recency = (reviewDate − 2020-01-01) / 30 days          one point per 30 days, like Reddit's "hot"
 *     length  = log2(1 + min(body chars, 2000) / 50)         0 empty, ≈1.6 at 100 chars, ≈3.5 at 500, ≈5.4 at 2000
 *     media   = 0.5 × min(media items, 5)                    0 … 2.5
 *     rating  = 0.1 × stars                                  0.1 … 0.5
 *
 * Recency only ever grows with reviewDate instead of decaying with age, so a stored score never goes stale and
 * never needs recomputing: newer reviews simply start higher. A long review with photos (≈ 8 points) outranks a
 * bare rating written up to about eight months later. The result is rounded to 6 decimals.
 */
export function relevanceScore(input: RelevanceInput): number {
  const recency = ((input.reviewDate.getTime() - RELEVANCE_EPOCH) / (30 * DAY_MS)) * RELEVANCE.PER_30_DAYS;
  const chars = Math.min([...(input.body ?? '')].length, RELEVANCE.MAX_BODY_CHARS);
  const length = Math.log2(1 + chars / RELEVANCE.CHARS_UNIT);
  const media = Math.min(input.media?.length ?? 0, RELEVANCE.MAX_MEDIA) * RELEVANCE.PER_MEDIA;
  const rating = input.rating * RELEVANCE.PER_STAR;
  return Math.round((recency + length + media + rating) * 1e6) / 1e6;
}
