/**
 * The reviews module against the real server (fresh database for this file, manual moderation by default): a member
 * writes a review, the owner approves and replies, a visitor reads the summary and the list; edits, cursor paging,
 * counts, contact reviews, deletes and review requests. Nothing on the server is mocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, newMember, type Cast } from '../../../server/src/test/community.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import { castSdks, failure, sdk, violationsOf, type Sdk } from './community-clients.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let people: Cast;
let visitor: Sdk, alice: Sdk, bob: Sdk, owner: Sdk, app: Sdk;

beforeAll(async () => {
  srv = await startTestServer();
  people = await cast(srv);
  ({ visitor, alice, bob, owner, app } = castSdks(srv.url, people));
});
afterAll(async () => {
  await srv?.close();
});

const mug = { namespace: 'stores', entityId: 'blue-mug' };
const ofMug = { filter: { namespace: 'stores', entityId: 'blue-mug' } };

describe('a review from writing to the storefront', () => {
  let reviewId: string;

  it('a member writes a review; under manual moderation only they (and the owner) see it', async () => {
    const { review } = await alice.reviews.createReview({
      ...mug,
      content: { rating: 4, title: 'Good mug', body: 'Keeps tea warm. <b>Really</b>.' },
    });
    reviewId = review.id;
    expect(review).toMatchObject({
      ...mug,
      content: { rating: 4, body: 'Keeps tea warm. <b>Really</b>.' },
      author: { authorType: 'MEMBER', memberId: people.memberA.id },
    });
    expect(review.moderation.moderationStatus).not.toBe('APPROVED');

    expect((await visitor.reviews.getRatingSummary('stores', 'blue-mug')).summary.totalReviews).toBe(0);
    expect((await visitor.reviews.queryReviews({ query: ofMug })).reviews).toEqual([]);
    expect((await failure(bob.reviews.getReview(reviewId, { returnPrivateReviews: true }))).status).toBe(404);
    const own = await alice.reviews.queryReviews({ query: ofMug, returnPrivateReviews: true });
    expect(own.reviews.map((r) => r.id)).toEqual([reviewId]);
    expect((await owner.reviews.countReviews({ ...ofMug, includePrivateReviews: true })).count).toBe(1);
    expect((await visitor.reviews.countReviews({ ...ofMug, includePrivateReviews: true })).count).toBe(0);
  });

  it('one review per author and entity: a second is a 409', async () => {
    const again = await failure(alice.reviews.createReview({ ...mug, content: { rating: 5 } }));
    expect(again.status).toBe(409);
  });

  it('bad content is a 400 naming the field and rule', async () => {
    const e = await failure(bob.reviews.createReview({ ...mug, content: { rating: 6, title: 'x'.repeat(201) } }));
    expect(e.status).toBe(400);
    expect(violationsOf(e)).toEqual(
      expect.arrayContaining(['review.content.rating:MAX', 'review.content.title:MAX_LENGTH']),
    );
  });

  it('the owner approves and replies; members may not moderate', async () => {
    expect((await failure(bob.reviews.updateModerationStatus(reviewId, 'APPROVED'))).status).toBe(403);
    expect((await failure(alice.reviews.setReply(reviewId, 'Thanks me'))).status).toBe(403);
    const approved = await owner.reviews.updateModerationStatus(reviewId, 'APPROVED');
    expect(approved.review.moderation.moderationStatus).toBe('APPROVED');
    const replied = await owner.reviews.setReply(reviewId, 'Thank you, Alice!');
    expect(replied.review.reply).toMatchObject({ message: 'Thank you, Alice!', createdDate: expect.any(String) });
  });

  it('the visitor sees the review with the reply and the new summary', async () => {
    const { summary } = await visitor.reviews.getRatingSummary('stores', 'blue-mug');
    expect(summary).toMatchObject({ averageRating: 4, totalReviews: 1, ratingDistribution: { fourStars: 1 } });
    const { reviews } = await visitor.reviews.queryReviews({ query: ofMug });
    expect(reviews).toEqual([
      expect.objectContaining({ id: reviewId, reply: expect.objectContaining({ message: 'Thank you, Alice!' }) }),
    ]);
    expect((await visitor.reviews.getReview(reviewId)).review.content.title).toBe('Good mug');
  });

  it('an edit by the author changes only the masked fields and goes back to moderation', async () => {
    expect(
      (await failure(bob.reviews.updateReview(reviewId, { content: { rating: 1 } }, ['content.rating']))).status,
    ).toBeGreaterThanOrEqual(403);
    const { review } = await alice.reviews.updateReview(reviewId, { content: { rating: 2, title: 'ignored' } }, [
      'content.rating',
    ]);
    expect(review.content).toMatchObject({ rating: 2, title: 'Good mug' });
    expect(review.moderation.moderationStatus).not.toBe('APPROVED');
    expect((await visitor.reviews.getRatingSummary('stores', 'blue-mug')).summary.totalReviews).toBe(0);
    await owner.reviews.updateModerationStatus(reviewId, 'APPROVED');
    expect((await visitor.reviews.getRatingSummary('stores', 'blue-mug')).summary.averageRating).toBe(2);
  });

  it('the owner removes the reply', async () => {
    const { review } = await owner.reviews.removeReply(reviewId);
    expect(review.reply).toBeUndefined();
  });
});

describe('lists, counts and contact reviews', () => {
  const lamp = { namespace: 'stores', entityId: 'desk-lamp' };

  it('pages through approved reviews with the cursor', async () => {
    const writers = await Promise.all([1, 2, 3, 4, 5].map(() => newMember(srv)));
    for (const [i, w] of writers.entries()) {
      const { review } = await sdk(srv.url, w.auth).reviews.createReview({ ...lamp, content: { rating: i + 1 } });
      await app.reviews.updateModerationStatus(review.id, 'APPROVED');
    }
    const sort = [{ fieldName: 'content.rating' as const, order: 'DESC' as const }];
    const first = await visitor.reviews.queryReviews({ query: { filter: lamp, sort, cursorPaging: { limit: 2 } } });
    const ratings = first.reviews.map((r) => r.content.rating);
    let cursor = first.pagingMetadata.cursors.next;
    expect(first.pagingMetadata.hasNext).toBe(true);
    while (cursor) {
      const page = await visitor.reviews.queryReviews({ query: { cursorPaging: { limit: 2, cursor } } });
      ratings.push(...page.reviews.map((r) => r.content.rating));
      cursor = page.pagingMetadata.hasNext ? page.pagingMetadata.cursors.next : undefined;
    }
    expect(ratings).toEqual([5, 4, 3, 2, 1]);
    const { summary } = await visitor.reviews.getRatingSummary('stores', 'desk-lamp');
    expect(summary).toMatchObject({
      averageRating: 3,
      totalReviews: 5,
      ratingDistribution: { oneStar: 1, twoStars: 1, threeStars: 1, fourStars: 1, fiveStars: 1 },
    });
    const high = await visitor.reviews.countReviews({ filter: { ...lamp, 'content.rating': { $gte: 4 } } });
    expect(high.count).toBe(2);
  });

  it('a visitor writes a contact review; the owner sees its e-mail, visitors do not', async () => {
    const { review } = await visitor.reviews.createContactReview({
      ...lamp,
      name: 'Dana',
      email: 'dana@example.com',
      content: { rating: 5, body: 'Bright.', media: [{ image: 'https://img.example/lamp.jpg' }] },
    });
    expect(review.author).toMatchObject({ authorType: 'CONTACT', name: 'Dana' });
    const seen = await owner.reviews.getReview(review.id, { returnPrivateReviews: true });
    expect(seen.review.author.email).toBe('dana@example.com');
    await owner.reviews.updateModerationStatus(review.id, 'APPROVED');
    expect((await visitor.reviews.getReview(review.id)).review.author.email).toBeUndefined();

    const badMedia = await failure(
      visitor.reviews.createContactReview({
        ...lamp,
        name: 'Eve',
        email: 'eve@example.com',
        content: { rating: 1, media: [{ image: 'javascript:alert(1)' }] },
      }),
    );
    expect(badMedia.status).toBe(400);
  });

  it('the author or the owner deletes; another member cannot', async () => {
    const { review } = await bob.reviews.createReview({
      namespace: 'members',
      entityId: people.memberA.id,
      content: { rating: 3 },
    });
    expect([403, 404]).toContain((await failure(alice.reviews.deleteReview(review.id))).status);
    expect(await bob.reviews.deleteReview(review.id)).toEqual({});
    expect((await failure(owner.reviews.getReview(review.id, { returnPrivateReviews: true }))).status).toBe(404);
  });
});

describe('review requests', () => {
  it('the owner schedules, lists and cancels a review request; members may not', async () => {
    const request = {
      namespace: 'stores',
      entityId: 'blue-mug',
      entityName: 'Blue mug',
      link: 'https://shop.example/products/blue-mug',
      contact: { name: 'Ann', email: 'ann@example.com' },
      sendDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const { reviewRequest } = await owner.reviews.createReviewRequest(request);
    expect(reviewRequest).toMatchObject({ status: 'SCHEDULED', channel: 'EMAIL', entityName: 'Blue mug' });
    expect((await failure(alice.reviews.createReviewRequest(request))).status).toBe(403);
    const { reviewRequests } = await app.reviews.listReviewRequests({ status: 'SCHEDULED', paging: { limit: 10 } });
    expect(reviewRequests.map((r) => r.id)).toContain(reviewRequest.id);
    const canceled = await owner.reviews.cancelReviewRequest(reviewRequest.id);
    expect(canceled.reviewRequest.status).toBe('CANCELED');
    expect((await failure(alice.reviews.listReviewRequests())).status).toBe(403);
  });
});
