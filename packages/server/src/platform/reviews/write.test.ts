import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '@plaza/contracts';
import { newMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { members } from '../members/tables.js';
import { relevanceScore } from './relevance.js';
import { reviews } from './tables.js';
import { moderate, newEntity, setModeration, summary, writeReview } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
beforeEach(() => setModeration(srv, c.owner, 'MANUAL'));

const reviewCount = async () => (await srv.ctx().db.select({ n: count() }).from(reviews))[0]!.n;
const rowOf = async (id: string) => (await srv.ctx().db.select().from(reviews).where(eq(reviews.id, id)))[0];
const create = (auth: string | undefined, review: Record<string, unknown>) =>
  call<{ review: Review }>(srv.url, 'POST', '/reviews/v1/reviews', { ...(auth ? { auth } : {}), body: { review } });
const setMuted = (memberId: string, muted: boolean) =>
  srv
    .ctx()
    .db.update(members)
    .set({ activityStatus: muted ? 'MUTED' : 'ACTIVE' })
    .where(eq(members.id, memberId));

describe('POST /reviews/v1/reviews', () => {
  it('stores a member review waiting for moderation, keyed to the member', async () => {
    const entityId = newEntity();
    const content = {
      title: '  Great mug ',
      body: ' Holds heat well.\n',
      rating: 5,
      media: [{ image: 'https://img.example/1.jpg' }],
    };
    const res = await create(c.memberA.auth, { namespace: 'stores', entityId, content });
    expect(res.status).toBe(200);
    const r = res.body.review;
    expect(r).toMatchObject({
      namespace: 'stores',
      entityId,
      content: {
        title: 'Great mug',
        body: 'Holds heat well.',
        rating: 5,
        media: [{ image: 'https://img.example/1.jpg' }],
      },
      author: { authorType: 'MEMBER', memberId: c.memberA.id, name: 'Alice Anders' },
      origin: { type: 'ORGANIC' },
      source: { type: 'WEBSITE' },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    expect(r.author).not.toHaveProperty('email');
    expect(r.relevanceScore).toBe(
      relevanceScore({ body: 'Holds heat well.', media: content.media, rating: 5, reviewDate: new Date(r.reviewDate) }),
    );
    expect(r.reviewDate).toBe(r.createdDate);
    const row = await rowOf(r.id);
    expect(row).toMatchObject({ authorKey: `m:${c.memberA.id}`, authorMemberId: c.memberA.id, authorEmail: null });
    // Waiting for moderation: not in the summary yet.
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(0);
  });

  it('approves at once under AUTO_APPROVE and counts it in the summary', async () => {
    await setModeration(srv, c.owner, 'AUTO_APPROVE');
    const entityId = newEntity();
    const r = await writeReview(srv, c.memberB.auth, entityId, { rating: 3 });
    expect(r.moderation.moderationStatus).toBe('APPROVED');
    expect(await summary(srv, c.visitor, entityId)).toMatchObject({ totalReviews: 1, averageRating: 3 });
  });

  it('allows one review per member and entity: the second is a 409, also when both arrive at once', async () => {
    const entityId = newEntity();
    await writeReview(srv, c.memberA.auth, entityId);
    const again = await create(c.memberA.auth, { namespace: 'stores', entityId, content: { rating: 1 } });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('REVIEW_ALREADY_EXISTS');
    // Another namespace is another entity.
    await writeReview(srv, c.memberA.auth, entityId, {}, 'members');

    const racing = newEntity();
    const both = await Promise.all(
      [1, 2].map(() => create(c.memberB.auth, { namespace: 'stores', entityId: racing, content: { rating: 2 } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await srv.ctx().db.select().from(reviews).where(eq(reviews.entityId, racing));
    expect(rows).toHaveLength(1);
  });

  it('refuses muted members with MEMBER_MUTED', async () => {
    const muted = await newMember(srv);
    await setMuted(muted.id, true);
    const before = await reviewCount();
    const res = await create(muted.auth, { namespace: 'stores', entityId: newEntity(), content: { rating: 4 } });
    expect(res.status).toBe(403);
    expect(appCode(res.body)).toBe('MEMBER_MUTED');
    expect(await reviewCount()).toBe(before);
  });

  it('keeps text exactly as written (no HTML processing) and answers JSON', async () => {
    const body = '<script>alert("x")</script> & <b>bold</b>';
    const res = await create(c.memberA.auth, {
      namespace: 'stores',
      entityId: newEntity(),
      content: { title: '<img src=x onerror=alert(1)>', body, rating: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.review.content.body).toBe(body);
    const got = await call<{ review: Review }>(
      srv.url,
      'GET',
      `/reviews/v1/reviews/${res.body.review.id}?returnPrivateReviews=true`,
      {
        auth: c.memberA.auth,
      },
    );
    expect(got.headers.get('content-type')).toMatch(/^application\/json/);
    expect(got.body.review.content).toMatchObject({ title: '<img src=x onerror=alert(1)>', body });
  });

  it.each([
    ['body over 5000 characters', { rating: 3, body: 'x'.repeat(5001) }, 'review.content.body:MAX_LENGTH'],
    ['title over 200 characters', { rating: 3, title: 't'.repeat(201) }, 'review.content.title:MAX_LENGTH'],
    ['rating 6', { rating: 6 }, 'review.content.rating:MAX'],
    ['rating 0', { rating: 0 }, 'review.content.rating:MIN'],
    ['rating 2.5', { rating: 2.5 }, 'review.content.rating:FORMAT'],
    ['no rating', { body: 'hi' }, 'review.content.rating:REQUIRED_FIELD'],
    [
      'a javascript: image',
      { rating: 3, media: [{ image: 'javascript:alert(1)' }] },
      'review.content.media[0].image:FORMAT',
    ],
    [
      'an ftp video second',
      { rating: 3, media: [{ image: 'https://a.example/x.png' }, { video: 'ftp://a.example/v.mp4' }] },
      'review.content.media[1].video:FORMAT',
    ],
    [
      '11 media items',
      { rating: 3, media: Array(11).fill({ image: 'https://a.example/x.png' }) },
      'review.content.media:MAX_SIZE',
    ],
    [
      'a media item with both kinds',
      { rating: 3, media: [{ image: 'https://a.example/x', video: 'https://a.example/v' }] },
      'review.content.media[0]:MAX_SIZE',
    ],
    [
      'a media URL over 2000 characters',
      { rating: 3, media: [{ image: `https://a.example/${'x'.repeat(2000)}` }] },
      'review.content.media[0].image:MAX_LENGTH',
    ],
    ['an unknown content field', { rating: 3, html: '<p>' }, 'review.content.html:FIELD_NOT_ALLOWED'],
  ])('rejects %s, naming the field and rule, and stores nothing', async (_, content, expected) => {
    const before = await reviewCount();
    const res = await create(c.memberA.auth, { namespace: 'stores', entityId: newEntity(), content });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(await reviewCount()).toBe(before);
  });

  it('checks namespace and entityId', async () => {
    const res = await create(c.memberA.auth, {
      namespace: 'Bad Space',
      entityId: 'e'.repeat(201),
      content: { rating: 3 },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body).sort()).toEqual(['review.entityId:MAX_LENGTH', 'review.namespace:FORMAT']);
  });

  it('is for members only: 401 without a token, 403 for visitors and API keys', async () => {
    const before = await reviewCount();
    const review = { namespace: 'stores', entityId: newEntity(), content: { rating: 5 } };
    expect((await create(undefined, review)).status).toBe(401);
    const visitor = await create(c.visitor, review);
    expect(visitor.status).toBe(403);
    expect(visitor.body).not.toHaveProperty('review');
    expect((await create(c.apiKey, review)).status).toBe(403);
    expect(await reviewCount()).toBe(before);
  });
});

const patch = (auth: string | undefined, id: string, content: Record<string, unknown>, paths: string[]) =>
  call<{ review: Review }>(srv.url, 'PATCH', `/reviews/v1/reviews/${id}`, {
    ...(auth ? { auth } : {}),
    body: { review: { content }, fieldMask: { paths } },
  });

describe('PATCH /reviews/v1/reviews/{id}', () => {
  it('changes only the masked paths; under MANUAL the edited review waits again and leaves the summary', async () => {
    const entityId = newEntity();
    const r = await writeReview(srv, c.memberA.auth, entityId, { title: 'Keep me', body: 'Short', rating: 4 });
    expect((await moderate(srv, c.owner, r.id, 'APPROVED')).status).toBe(200);
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(1);

    const longer = 'A much longer body that explains what was good and what was not. '.repeat(5).trim();
    const res = await patch(c.memberA.auth, r.id, { body: longer, title: 'ignored: not in the mask' }, [
      'content.body',
    ]);
    expect(res.status).toBe(200);
    const u = res.body.review;
    expect(u.content).toEqual({ title: 'Keep me', body: longer, rating: 4 });
    expect(u.moderation.moderationStatus).toBe('IN_MODERATION');
    expect(u.relevanceScore).toBeGreaterThan(r.relevanceScore);
    expect(u.reviewDate).toBe(r.reviewDate);
    expect(new Date(u.updatedDate).getTime()).toBeGreaterThanOrEqual(new Date(r.updatedDate).getTime());
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(0);
  });

  it('under AUTO_APPROVE an approved review stays approved and the summary follows its new rating', async () => {
    await setModeration(srv, c.owner, 'AUTO_APPROVE');
    const entityId = newEntity();
    const r = await writeReview(srv, c.memberB.auth, entityId, {
      rating: 5,
      media: [{ image: 'https://a.example/1.png' }],
    });
    const res = await patch(c.memberB.auth, r.id, { rating: 2, media: [] }, ['content.rating', 'content.media']);
    expect(res.status).toBe(200);
    expect(res.body.review.moderation.moderationStatus).toBe('APPROVED');
    expect(res.body.review.content).toEqual({ rating: 2 });
    expect(await summary(srv, c.visitor, entityId)).toMatchObject({
      totalReviews: 1,
      averageRating: 2,
      ratingDistribution: { oneStar: 0, twoStars: 1, threeStars: 0, fourStars: 0, fiveStars: 0 },
    });
  });

  it('a bare `content` path replaces the whole content', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity(), { title: 'T', body: 'B', rating: 3 });
    const res = await patch(c.memberA.auth, r.id, { rating: 1 }, ['content']);
    expect(res.status).toBe(200);
    expect(res.body.review.content).toEqual({ rating: 1 });
  });

  it('rejects unknown paths, missing values and too-long text, changing nothing', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity(), { body: 'Original', rating: 4 });
    const before = await rowOf(r.id);
    const unknown = await patch(c.memberA.auth, r.id, { body: 'x' }, ['content.body', 'moderation.moderationStatus']);
    expect(unknown.status).toBe(400);
    expect(violations(unknown.body)).toEqual(['fieldMask.paths[1]:FIELD_NOT_ALLOWED']);
    const missing = await patch(c.memberA.auth, r.id, {}, ['content.title']);
    expect(violations(missing.body)).toEqual(['review.content.title:REQUIRED_FIELD']);
    const long = await patch(c.memberA.auth, r.id, { body: 'y'.repeat(5001) }, ['content.body']);
    expect(violations(long.body)).toEqual(['review.content.body:MAX_LENGTH']);
    const media = await patch(c.memberA.auth, r.id, { media: [{ image: 'data:image/png;base64,AAA' }] }, [
      'content.media',
    ]);
    expect(violations(media.body)).toEqual(['review.content.media[0].image:FORMAT']);
    expect(await rowOf(r.id)).toEqual(before);
  });

  it('is for the author only: others get 403 on an approved review and 404 on a private one', async () => {
    const approved = await writeReview(srv, c.memberA.auth, newEntity(), { body: 'Mine' });
    await moderate(srv, c.owner, approved.id, 'APPROVED');
    const pending = await writeReview(srv, c.memberA.auth, newEntity(), { body: 'Mine too' });
    const beforeA = await rowOf(approved.id);
    const beforeP = await rowOf(pending.id);
    const edit = (auth: string | undefined, id: string) => patch(auth, id, { body: 'Hijacked' }, ['content.body']);
    expect((await edit(c.memberB.auth, approved.id)).status).toBe(403);
    const hidden = await edit(c.memberB.auth, pending.id);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('Mine too');
    expect((await edit(c.owner, approved.id)).status).toBe(403);
    expect((await edit(c.visitor, approved.id)).status).toBe(403);
    expect((await edit(c.apiKey, approved.id)).status).toBe(403);
    expect((await edit(undefined, approved.id)).status).toBe(401);
    expect(await rowOf(approved.id)).toEqual(beforeA);
    expect(await rowOf(pending.id)).toEqual(beforeP);
  });

  it('refuses a muted author', async () => {
    const author = await newMember(srv);
    const r = await writeReview(srv, author.auth, newEntity(), { body: 'Before' });
    await setMuted(author.id, true);
    const res = await patch(author.auth, r.id, { body: 'After' }, ['content.body']);
    expect(res.status).toBe(403);
    expect(appCode(res.body)).toBe('MEMBER_MUTED');
    expect((await rowOf(r.id))!.body).toBe('Before');
  });
});

const del = (auth: string | undefined, id: string) =>
  call(srv.url, 'DELETE', `/reviews/v1/reviews/${id}`, auth ? { auth } : {});

describe('DELETE /reviews/v1/reviews/{id}', () => {
  it('the author deletes their review and the summary forgets it', async () => {
    await setModeration(srv, c.owner, 'AUTO_APPROVE');
    const entityId = newEntity();
    const mine = await writeReview(srv, c.memberA.auth, entityId, { rating: 5 });
    await writeReview(srv, c.memberB.auth, entityId, { rating: 1 });
    expect((await summary(srv, c.visitor, entityId)).averageRating).toBe(3);
    const res = await del(c.memberA.auth, mine.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await rowOf(mine.id)).toBeUndefined();
    expect(await summary(srv, c.visitor, entityId)).toMatchObject({ totalReviews: 1, averageRating: 1 });
  });

  it('the owner and an API key delete anyone’s review', async () => {
    const a = await writeReview(srv, c.memberA.auth, newEntity());
    const b = await writeReview(srv, c.memberB.auth, newEntity());
    expect((await del(c.owner, a.id)).status).toBe(200);
    expect((await del(c.apiKey, b.id)).status).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
    expect(await rowOf(b.id)).toBeUndefined();
    expect((await del(c.owner, a.id)).status).toBe(404);
  });

  it('others cannot: 403 on an approved review, 404 on a private one, 401 without a token', async () => {
    const approved = await writeReview(srv, c.memberA.auth, newEntity());
    await moderate(srv, c.owner, approved.id, 'APPROVED');
    const pending = await writeReview(srv, c.memberA.auth, newEntity());
    expect((await del(c.memberB.auth, approved.id)).status).toBe(403);
    expect((await del(c.contributor.auth, approved.id)).status).toBe(403);
    expect((await del(c.memberB.auth, pending.id)).status).toBe(404);
    expect((await del(c.visitor, approved.id)).status).toBe(403);
    expect((await del(undefined, approved.id)).status).toBe(401);
    expect(await rowOf(approved.id)).toBeDefined();
    expect(await rowOf(pending.id)).toBeDefined();
  });

  it('checks the id', async () => {
    const res = await del(c.owner, 'not-a-uuid');
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['reviewId:FORMAT']);
  });
});
