import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '@plaza/contracts';
import { newMember, type TestMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { summaryDeltas } from './summary.js';
import { reviews, reviewSummaries } from './tables.js';
import { moderate, newEntity, setModeration, summary, writeReview } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let crowd: TestMember[];

beforeAll(async () => {
  crowd = [];
  for (let i = 0; i < 5; i++) crowd.push(...(await Promise.all(Array.from({ length: 10 }, () => newMember(srv)))));
}, 120_000);

/** The summary recomputed from the reviews themselves. */
async function truth(entityId: string) {
  const rows = await srv
    .ctx()
    .db.select({ rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.entityId, entityId), eq(reviews.moderationStatus, 'APPROVED')));
  const stars = [1, 2, 3, 4, 5].map((s) => rows.filter((r) => r.rating === s).length);
  const sum = rows.reduce((a, r) => a + r.rating, 0);
  return {
    totalReviews: rows.length,
    averageRating: rows.length ? Math.round((sum / rows.length) * 100) / 100 : 0,
    ratingDistribution: {
      oneStar: stars[0],
      twoStars: stars[1],
      threeStars: stars[2],
      fourStars: stars[3],
      fiveStars: stars[4],
    },
  };
}

describe('rating summary under concurrent writes', () => {
  it('50 members reviewing one entity at once (AUTO_APPROVE) leave it exact', async () => {
    await setModeration(srv, c.owner, 'AUTO_APPROVE');
    const entityId = newEntity('crowd');
    const results = await Promise.all(
      crowd.map((m, i) =>
        call(srv.url, 'POST', '/reviews/v1/reviews', {
          auth: m.auth,
          body: { review: { namespace: 'stores', entityId, content: { rating: (i % 5) + 1 } } },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const got = await summary(srv, c.visitor, entityId);
    expect(got).toEqual({ namespace: 'stores', entityId, ...(await truth(entityId)) });
    expect(got).toMatchObject({
      totalReviews: 50,
      averageRating: 3,
      ratingDistribution: { oneStar: 10, twoStars: 10, threeStars: 10, fourStars: 10, fiveStars: 10 },
    });
  });

  it('50 approvals at once (MANUAL) leave it exact, and racing decisions on one review count it once', async () => {
    await setModeration(srv, c.owner, 'MANUAL');
    const entityId = newEntity('approve');
    const written: Review[] = await Promise.all(
      crowd.map((m, i) => writeReview(srv, m.auth, entityId, { rating: i < 20 ? 5 : 4 })),
    );
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(0);
    const decided = await Promise.all(
      written.map((r, i) => moderate(srv, i % 2 ? c.owner : c.apiKey, r.id, 'APPROVED')),
    );
    expect(decided.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await summary(srv, c.visitor, entityId)).toMatchObject({
      totalReviews: 50,
      averageRating: 4.4,
      ratingDistribution: { oneStar: 0, twoStars: 0, threeStars: 0, fourStars: 30, fiveStars: 20 },
    });

    // The same review rejected five times at once: one wins, the others see REJECTED → REJECTED (409).
    const target = written[0]!;
    const racing = await Promise.all(Array.from({ length: 5 }, () => moderate(srv, c.owner, target.id, 'REJECTED')));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    // Edits, deletions and decisions racing each other.
    await setModeration(srv, c.owner, 'AUTO_APPROVE');
    await Promise.all([
      ...written
        .slice(1, 10)
        .map((r, i) => call(srv.url, 'DELETE', `/reviews/v1/reviews/${r.id}`, { auth: crowd[i + 1]!.auth })),
      ...written.slice(10, 20).map((r) => moderate(srv, c.owner, r.id, 'REJECTED')),
      ...written.slice(20, 30).map((r, i) =>
        call(srv.url, 'PATCH', `/reviews/v1/reviews/${r.id}`, {
          auth: crowd[i + 20]!.auth,
          body: { review: { content: { rating: 1 } }, fieldMask: { paths: ['content.rating'] } },
        }),
      ),
      ...written.slice(1, 10).map((r) => moderate(srv, c.owner, r.id, 'REJECTED')),
    ]);
    expect(await summary(srv, c.visitor, entityId)).toEqual({
      namespace: 'stores',
      entityId,
      ...(await truth(entityId)),
    });
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(30);
  });
});

describe('GET /reviews/v1/rating-summary', () => {
  it('rounds the average to 2 decimals and counts approved reviews only', async () => {
    await setModeration(srv, c.owner, 'AUTO_APPROVE');
    const entityId = newEntity('avg');
    await writeReview(srv, crowd[0]!.auth, entityId, { rating: 5 });
    await writeReview(srv, crowd[1]!.auth, entityId, { rating: 4 });
    await writeReview(srv, crowd[2]!.auth, entityId, { rating: 4 });
    await setModeration(srv, c.owner, 'MANUAL');
    await writeReview(srv, crowd[3]!.auth, entityId, { rating: 1 });
    for (const auth of [c.visitor, c.memberA.auth, c.owner, c.apiKey, await srv.createApiKey(['site.manage'])]) {
      expect(await summary(srv, auth, entityId)).toEqual({
        namespace: 'stores',
        entityId,
        averageRating: 4.33,
        totalReviews: 3,
        ratingDistribution: { oneStar: 0, twoStars: 0, threeStars: 0, fourStars: 2, fiveStars: 1 },
      });
    }
  });

  it('is zeros for an entity without reviews', async () => {
    expect(await summary(srv, c.visitor, 'never-reviewed')).toMatchObject({ averageRating: 0, totalReviews: 0 });
    const [row] = await srv
      .ctx()
      .db.select()
      .from(reviewSummaries)
      .where(eq(reviewSummaries.entityId, 'never-reviewed'));
    expect(row).toBeUndefined();
  });

  it('checks its query and needs a token', async () => {
    const missing = await call(srv.url, 'GET', '/reviews/v1/rating-summary?namespace=stores', { auth: c.visitor });
    expect(missing.status).toBe(400);
    expect(violations(missing.body)).toEqual(['entityId:REQUIRED_FIELD']);
    const bad = await call(srv.url, 'GET', '/reviews/v1/rating-summary?namespace=NO!&entityId=x&extra=1', {
      auth: c.visitor,
    });
    expect(violations(bad.body).sort()).toEqual(['extra:FIELD_NOT_ALLOWED', 'namespace:FORMAT']);
    expect((await call(srv.url, 'GET', '/reviews/v1/rating-summary?namespace=stores&entityId=x')).status).toBe(401);
  });
});

describe('summaryDeltas', () => {
  const r = (moderationStatus: string, rating: number, entityId = 'e') => ({
    namespace: 'stores',
    entityId,
    moderationStatus,
    rating,
  });
  it('counts approved states only and nets changes per entity', () => {
    expect(summaryDeltas([{ after: r('IN_MODERATION', 5) }])).toEqual([]);
    expect(summaryDeltas([{ before: r('APPROVED', 5), after: r('APPROVED', 5) }])).toEqual([]);
    expect(summaryDeltas([{ before: r('APPROVED', 5), after: r('APPROVED', 2) }])).toEqual([
      { namespace: 'stores', entityId: 'e', total: 0, ratingSum: -3, stars: [0, 1, 0, 0, -1] },
    ]);
    expect(
      summaryDeltas([{ before: r('APPROVED', 3, 'b') }, { after: r('APPROVED', 4, 'a') }]).map((d) => d.entityId),
    ).toEqual(['a', 'b']);
  });
});
