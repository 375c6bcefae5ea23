import { and, eq, sql } from 'drizzle-orm';
import type { RatingSummary, RatingSummaryQuery } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { reviewSummaries } from './tables.js';

/** A review as the summary counts it: only APPROVED ones count, by their rating. */
export interface Counted {
  namespace: string;
  entityId: string;
  moderationStatus: string;
  rating: number;
}

/** A review's state before and after a change (undefined: it did not exist / no longer exists). */
export interface SummaryChange {
  before?: Counted | undefined;
  after?: Counted | undefined;
}

interface Delta {
  namespace: string;
  entityId: string;
  total: number;
  ratingSum: number;
  stars: [number, number, number, number, number];
}

const STAR_COLUMNS = ['one_star', 'two_stars', 'three_stars', 'four_stars', 'five_stars'] as const;

/** Net effect of the changes on each entity's summary; entities whose counts do not move are left out. */
export function summaryDeltas(changes: readonly SummaryChange[]): Delta[] {
  const byEntity = new Map<string, Delta>();
  const add = (c: Counted | undefined, sign: 1 | -1) => {
    if (!c || c.moderationStatus !== 'APPROVED') return;
    const key = JSON.stringify([c.namespace, c.entityId]);
    let d = byEntity.get(key);
    if (!d) {
      d = { namespace: c.namespace, entityId: c.entityId, total: 0, ratingSum: 0, stars: [0, 0, 0, 0, 0] };
      byEntity.set(key, d);
    }
    d.total += sign;
    d.ratingSum += sign * c.rating;
    d.stars[c.rating - 1]! += sign;
  };
  for (const ch of changes) {
    add(ch.before, -1);
    add(ch.after, 1);
  }
  return [...byEntity.entries()]
    .filter(([, d]) => d.total !== 0 || d.ratingSum !== 0 || d.stars.some((s) => s !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}

/**
 * Applies the changes to the summaries, inside the caller's transaction. Each entity is one atomic UPSERT that adds
 * to the stored counts (`total = review_summaries.total + excluded.total`), so concurrent writers never lose an
 * update; entities are touched in a fixed order, so two multi-entity writers cannot deadlock.
 */
export async function adjustSummaries(ctx: Ctx, changes: readonly SummaryChange[]): Promise<void> {
  for (const d of summaryDeltas(changes)) {
    await ctx.db
      .insert(reviewSummaries)
      .values({
        namespace: d.namespace,
        entityId: d.entityId,
        total: d.total,
        ratingSum: d.ratingSum,
        oneStar: d.stars[0],
        twoStars: d.stars[1],
        threeStars: d.stars[2],
        fourStars: d.stars[3],
        fiveStars: d.stars[4],
      })
      .onConflictDoUpdate({
        target: [reviewSummaries.namespace, reviewSummaries.entityId],
        set: {
          total: sql.raw('review_summaries.total + excluded.total'),
          ratingSum: sql.raw('review_summaries.rating_sum + excluded.rating_sum'),
          ...Object.fromEntries(
            (['oneStar', 'twoStars', 'threeStars', 'fourStars', 'fiveStars'] as const).map((k, i) => [
              k,
              sql.raw(`review_summaries.${STAR_COLUMNS[i]} + excluded.${STAR_COLUMNS[i]}`),
            ]),
          ),
        },
      });
  }
}

/** GET /reviews/v1/rating-summary: one primary-key read. An entity without approved reviews has zeros. */
export async function getRatingSummary(ctx: Ctx, q: RatingSummaryQuery): Promise<RatingSummary> {
  const [row] = await ctx.db
    .select()
    .from(reviewSummaries)
    .where(and(eq(reviewSummaries.namespace, q.namespace), eq(reviewSummaries.entityId, q.entityId)))
    .limit(1);
  const total = row?.total ?? 0;
  return {
    namespace: q.namespace,
    entityId: q.entityId,
    averageRating: total > 0 ? Math.round((row!.ratingSum / total) * 100) / 100 : 0,
    totalReviews: total,
    ratingDistribution: {
      oneStar: row?.oneStar ?? 0,
      twoStars: row?.twoStars ?? 0,
      threeStars: row?.threeStars ?? 0,
      fourStars: row?.fourStars ?? 0,
      fiveStars: row?.fiveStars ?? 0,
    },
  };
}
