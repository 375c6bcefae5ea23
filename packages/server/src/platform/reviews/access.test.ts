import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryReviewsResponse, Review, ReviewRequest } from '@plaza/contracts';
import { CALLERS, callerAuth, type Caller } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { reviews } from './tables.js';
import { moderate, newEntity, setSitePolicy, writeContactReview, writeReview } from './testing.js';

/**
 * The access matrix: every reviews route against the six callers (and no token). Besides the status, each read
 * checks that nobody sees another's private review or a contact's e-mail unless they moderate.
 */
type Who = Caller;
const MODERATORS: Who[] = ['owner', 'apiKey'];
const SECRET = 'hidden.contact@example.com';

const { srv, c } = serverSuite({ cast: true });
const entityId = newEntity('matrix');
let privA: Review;
let privB: Review;
let pubA: Review;
let pubContact: Review;
let privContact: Review;

const auth = (who: Who): string => callerAuth(c, who);

beforeAll(async () => {
  await setSitePolicy(srv, c.owner, { community: { reviewModeration: 'MANUAL' }, signIn: { captchaMode: 'NEVER' } });
  privA = await writeReview(srv, c.memberA.auth, entityId, { body: 'A private' });
  privB = await writeReview(srv, c.memberB.auth, entityId, { body: 'B private' });
  pubA = await writeReview(srv, c.memberA.auth, newEntity('other'), { body: 'A public' });
  await moderate(srv, c.owner, pubA.id, 'APPROVED');
  pubContact = await writeContactReview(srv, c.visitor, entityId, { email: SECRET });
  await moderate(srv, c.owner, pubContact.id, 'APPROVED');
  privContact = await writeContactReview(srv, c.visitor, entityId, { email: 'other.hidden@example.com' });
}, 60_000);

const ids = (body: unknown) => ((body as QueryReviewsResponse).reviews ?? []).map((r) => r.id).sort();
const noLeaks = (who: Who, body: unknown) => {
  const text = JSON.stringify(body);
  if (!MODERATORS.includes(who)) {
    expect(text).not.toContain('hidden@example.com');
    expect(text).not.toContain(SECRET);
    if (who !== 'memberA') expect(text).not.toContain('A private');
    if (who !== 'memberB') expect(text).not.toContain('B private');
  }
};

describe('reads', () => {
  it.each(CALLERS)('GET a private review: only its author and moderators (%s)', async (who) => {
    for (const r of [privA, privB, privContact]) {
      const res = await call(srv.url, 'GET', `/reviews/v1/reviews/${r.id}?returnPrivateReviews=true`, {
        auth: auth(who),
      });
      const mayAuthor = (who === 'memberA' && r === privA) || (who === 'memberB' && r === privB);
      expect(res.status).toBe(MODERATORS.includes(who) || mayAuthor ? 200 : 404);
      noLeaks(who, res.body);
    }
    const pub = await call<{ review: Review }>(srv.url, 'GET', `/reviews/v1/reviews/${pubContact.id}`, {
      auth: auth(who),
    });
    expect(pub.status).toBe(200);
    expect(pub.body.review.author.email).toBe(MODERATORS.includes(who) ? SECRET : undefined);
  });

  it.each(CALLERS)(
    'query and count with private reviews: own and approved, or all for moderators (%s)',
    async (who) => {
      const body = { returnPrivateReviews: true, query: { filter: { entityId } } };
      const res = await call(srv.url, 'POST', '/reviews/v1/reviews/query', { auth: auth(who), body });
      expect(res.status).toBe(200);
      const visible = [pubContact.id];
      if (MODERATORS.includes(who)) visible.push(privA.id, privB.id, privContact.id);
      if (who === 'memberA') visible.push(privA.id);
      if (who === 'memberB') visible.push(privB.id);
      expect(ids(res.body)).toEqual(visible.sort());
      noLeaks(who, res.body);
      // Filtering by someone else's id or by status does not open anything either.
      const probe = await call(srv.url, 'POST', '/reviews/v1/reviews/query', {
        auth: auth(who),
        body: { returnPrivateReviews: true, query: { filter: { 'author.memberId': c.memberB.id, entityId } } },
      });
      expect(ids(probe.body)).toEqual(MODERATORS.includes(who) || who === 'memberB' ? [privB.id] : []);
      const counted = await call<{ count: number }>(srv.url, 'POST', '/reviews/v1/reviews/count', {
        auth: auth(who),
        body: { filter: { entityId }, includePrivateReviews: true },
      });
      expect(counted.body).toEqual({ count: visible.length });
    },
  );

  it.each(CALLERS)('rating summary for anyone (%s)', async (who) => {
    const res = await call(srv.url, 'GET', `/reviews/v1/rating-summary?namespace=stores&entityId=${entityId}`, {
      auth: auth(who),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ summary: { totalReviews: 1 } });
  });

  it('every reviews route needs a token', async () => {
    const id = pubContact.id;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/reviews/v1/reviews/${id}`],
      [
        'POST',
        '/reviews/v1/reviews/contact',
        { namespace: 'stores', entityId, content: { rating: 1 }, name: 'N', email: 'n@example.com' },
      ],
      ['POST', '/reviews/v1/reviews', { review: { namespace: 'stores', entityId, content: { rating: 1 } } }],
      [
        'PATCH',
        `/reviews/v1/reviews/${id}`,
        { review: { content: { rating: 1 } }, fieldMask: { paths: ['content.rating'] } },
      ],
      ['DELETE', `/reviews/v1/reviews/${id}`],
      ['PATCH', `/reviews/v1/reviews/${id}/reply`, { message: 'hi' }],
      ['DELETE', `/reviews/v1/reviews/${id}/reply`],
      ['POST', '/reviews/v1/reviews/query', {}],
      ['POST', '/reviews/v1/reviews/count', {}],
      ['POST', `/reviews/v1/reviews/${id}/update-moderation-status`, { moderationStatus: 'REJECTED' }],
      ['GET', `/reviews/v1/rating-summary?namespace=stores&entityId=${entityId}`],
      ['POST', '/reviews/v1/review-requests', {}],
      ['GET', '/reviews/v1/review-requests'],
      ['POST', `/reviews/v1/review-requests/${id}/cancel`, {}],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(srv.url, method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const [row] = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, id));
    expect(row!.moderationStatus).toBe('APPROVED');
  });
});

describe('writes', () => {
  it.each(CALLERS)(
    'create: members (any role) through /reviews, everyone through /reviews/contact (%s)',
    async (who) => {
      const e = newEntity('create');
      const member = await call(srv.url, 'POST', '/reviews/v1/reviews', {
        auth: auth(who),
        body: { review: { namespace: 'stores', entityId: e, content: { rating: 3 } } },
      });
      expect(member.status).toBe(who === 'visitor' || who === 'apiKey' ? 403 : 200);
      const contact = await call(srv.url, 'POST', '/reviews/v1/reviews/contact', {
        auth: auth(who),
        body: { namespace: 'stores', entityId: e, content: { rating: 3 }, name: 'Who', email: `${who}@example.com` },
      });
      expect(contact.status).toBe(200);
    },
  );

  it.each(CALLERS)('edit: only the author; others get 403 when they may see the review, else 404 (%s)', async (who) => {
    const target = await writeReview(srv, c.memberA.auth, newEntity('edit'), { body: 'Before' });
    const res = await call(srv.url, 'PATCH', `/reviews/v1/reviews/${target.id}`, {
      auth: auth(who),
      body: { review: { content: { body: 'After' } }, fieldMask: { paths: ['content.body'] } },
    });
    const expected = { visitor: 403, apiKey: 403, memberA: 200, memberB: 404, contributor: 404, owner: 403 }[who];
    expect(res.status).toBe(expected);
    noLeaks(who, res.body);
    const [row] = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(row!.body).toBe(who === 'memberA' ? 'After' : 'Before');
  });

  it.each(CALLERS)('delete: the author and moderators (%s)', async (who) => {
    const target = await writeReview(srv, c.memberA.auth, newEntity('delete'));
    const res = await call(srv.url, 'DELETE', `/reviews/v1/reviews/${target.id}`, { auth: auth(who) });
    const expected = { visitor: 403, apiKey: 200, memberA: 200, memberB: 404, contributor: 404, owner: 200 }[who];
    expect(res.status).toBe(expected);
    const rows = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(rows).toHaveLength(expected === 200 ? 0 : 1);
  });

  it.each(CALLERS)('reply, remove reply and moderation: moderators only (%s)', async (who) => {
    const target = await writeReview(srv, c.memberB.auth, newEntity('moderate'));
    const want = MODERATORS.includes(who) ? 200 : 403;
    const set = await call(srv.url, 'PATCH', `/reviews/v1/reviews/${target.id}/reply`, {
      auth: auth(who),
      body: { message: 'Reply' },
    });
    expect(set.status).toBe(want);
    const removed = await call(srv.url, 'DELETE', `/reviews/v1/reviews/${target.id}/reply`, { auth: auth(who) });
    expect(removed.status).toBe(want);
    const decided = await moderate(srv, auth(who), target.id, 'APPROVED');
    expect(decided.status).toBe(want);
    noLeaks(who, decided.body);
    const [row] = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(row!.moderationStatus).toBe(want === 200 ? 'APPROVED' : 'IN_MODERATION');
  });

  it.each(CALLERS)('review requests: moderators only (%s)', async (who) => {
    const want = MODERATORS.includes(who) ? 200 : 403;
    const created = await call<{ reviewRequest: ReviewRequest }>(srv.url, 'POST', '/reviews/v1/review-requests', {
      auth: auth(who),
      body: {
        reviewRequest: {
          namespace: 'stores',
          entityId,
          entityName: 'Thing',
          link: 'https://shop.example/thing',
          contact: { email: `${who}.request@example.com` },
          sendDate: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
    });
    expect(created.status).toBe(want);
    const list = await call(srv.url, 'GET', '/reviews/v1/review-requests', { auth: auth(who) });
    expect(list.status).toBe(want);
    if (want === 403) expect(JSON.stringify(list.body)).not.toContain('.request@example.com');
    const anyId = created.body.reviewRequest?.id ?? '01890000-0000-7000-8000-000000000000';
    const cancel = await call(srv.url, 'POST', `/reviews/v1/review-requests/${anyId}/cancel`, {
      auth: auth(who),
      body: {},
    });
    expect(cancel.status).toBe(want);
  });
});
