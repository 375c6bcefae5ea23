import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QueryReviewsResponse, Review } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import type { SortField } from './cursor.js';
import { reviews } from './tables.js';
import { moderate, newEntity, queryIds, setSitePolicy, writeContactReview, writeReview } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
const entityId = newEntity('walk');
type Row = typeof reviews.$inferSelect;
let rows: Row[];
let pendingA: Review;
let approvedB: Review;

beforeAll(async () => {
  await setSitePolicy(srv, c.owner, { community: { reviewModeration: 'MANUAL' } });
  // 40 contact reviews (imported with the API key) of varied rating, length and media: 30 approved, 5 rejected,
  // 5 left waiting; then member A's waiting review and member B's approved one.
  for (let i = 0; i < 40; i++) {
    const r = await writeContactReview(srv, c.apiKey, entityId, {
      content: {
        rating: (i % 5) + 1,
        body: 'word '.repeat((i * 7) % 40),
        ...(i % 4 === 0 ? { media: [{ image: `https://img.example/${i}.png` }] } : {}),
      },
      email: `walker${i}@example.com`,
    });
    if (i < 30) await moderate(srv, c.owner, r.id, 'APPROVED');
    else if (i < 35) await moderate(srv, c.owner, r.id, 'REJECTED');
  }
  pendingA = await writeReview(srv, c.memberA.auth, entityId, { rating: 2, body: 'A waits' });
  approvedB = await writeReview(srv, c.memberB.auth, entityId, { rating: 5, body: 'B is public' });
  await moderate(srv, c.owner, approvedB.id, 'APPROVED');
  const reply = await call(srv.url, 'PATCH', `/reviews/v1/reviews/${approvedB.id}/reply`, {
    auth: c.owner,
    body: { message: 'Thanks!' },
  });
  expect(reply.status).toBe(200);
  rows = await srv.ctx().db.select().from(reviews).where(eq(reviews.entityId, entityId));
}, 120_000);

const keyOf = (r: Row, f: SortField): number =>
  f === 'relevanceScore'
    ? r.relevanceScore
    : f === 'content.rating'
      ? r.rating
      : f === 'reviewDate'
        ? r.reviewDate.getTime()
        : r.createdDate.getTime();

function expected(f: SortField, order: 'ASC' | 'DESC', keep: (r: Row) => boolean): string[] {
  const sign = order === 'ASC' ? 1 : -1;
  return rows
    .filter(keep)
    .sort((a, b) => sign * (keyOf(a, f) - keyOf(b, f) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    .map((r) => r.id);
}

/** Every page of a query, following the cursors; fails on a page that breaks the paging contract. */
async function walk(auth: string, first: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const ids: string[] = [];
  let body: Record<string, unknown> = { ...extra, query: first };
  for (let page = 0; page < 100; page++) {
    const res = await call<QueryReviewsResponse>(srv.url, 'POST', '/reviews/v1/reviews/query', { auth, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { reviews: got, pagingMetadata: m } = res.body;
    expect(m.count).toBe(got.length);
    ids.push(...got.map((r) => r.id));
    if (!m.hasNext) {
      expect(m.cursors.next).toBeUndefined();
      return ids;
    }
    const limit = (first.cursorPaging as { limit?: number } | undefined)?.limit;
    body = { ...extra, query: { cursorPaging: { cursor: m.cursors.next, ...(limit ? { limit } : {}) } } };
  }
  throw new Error('too many pages');
}

const isApproved = (r: Row) => r.moderationStatus === 'APPROVED';

describe('POST /reviews/v1/reviews/query', () => {
  it('gives approved reviews by relevance, 20 to a page, with a next cursor', async () => {
    const res = await call<QueryReviewsResponse>(srv.url, 'POST', '/reviews/v1/reviews/query', {
      auth: c.visitor,
      body: { query: { filter: { namespace: 'stores', entityId } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.reviews.map((r) => r.id)).toEqual(expected('relevanceScore', 'DESC', isApproved).slice(0, 20));
    expect(res.body.pagingMetadata).toMatchObject({ count: 20, hasNext: true });
    expect(res.body.pagingMetadata.cursors.next).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // Contacts' e-mails are for moderators only.
    expect(JSON.stringify(res.body)).not.toMatch(/walker\d+@example\.com/);
  });

  for (const field of ['relevanceScore', 'reviewDate', 'createdDate', 'content.rating'] as const) {
    for (const order of ['ASC', 'DESC'] as const) {
      it(`walks every page by ${field} ${order} without duplicates or gaps`, async () => {
        const ids = await walk(c.visitor, {
          filter: { entityId },
          sort: [{ fieldName: field, order }],
          cursorPaging: { limit: 7 },
        });
        expect(ids).toEqual(expected(field, order, isApproved));
      });
    }
  }

  it('walks the owner’s view of every state, merged in order', async () => {
    const ids = await walk(
      c.owner,
      { filter: { entityId }, cursorPaging: { limit: 6 } },
      { returnPrivateReviews: true },
    );
    expect(ids).toEqual(expected('relevanceScore', 'DESC', () => true));
    expect(ids).toHaveLength(42);
  });

  it('walks a member’s view: approved reviews and their own waiting one', async () => {
    const ids = await walk(
      c.memberA.auth,
      { filter: { entityId }, sort: [{ fieldName: 'content.rating', order: 'ASC' }], cursorPaging: { limit: 9 } },
      { returnPrivateReviews: true },
    );
    expect(ids).toEqual(expected('content.rating', 'ASC', (r) => isApproved(r) || r.id === pendingA.id));
  });

  it('filters with $eq $ne $in $nin $gt $gte $lt $lte, author, type and reply', async () => {
    const q = async (filter: Record<string, unknown>, auth = c.visitor, extra = {}) =>
      (
        await queryIds(srv, auth, {
          ...extra,
          query: { filter: { entityId, ...filter }, cursorPaging: { limit: 100 } },
        })
      ).ids.sort();
    const want = (keep: (r: Row) => boolean, all = false) =>
      rows
        .filter((r) => (all || isApproved(r)) && keep(r))
        .map((r) => r.id)
        .sort();
    expect(await q({ 'content.rating': 5 })).toEqual(want((r) => r.rating === 5));
    expect(await q({ 'content.rating': { $ne: 5 } })).toEqual(want((r) => r.rating !== 5));
    expect(await q({ 'content.rating': { $in: [1, 2] } })).toEqual(want((r) => r.rating <= 2));
    expect(await q({ 'content.rating': { $nin: [1, 2] } })).toEqual(want((r) => r.rating > 2));
    expect(await q({ 'content.rating': { $gt: 3 } })).toEqual(want((r) => r.rating > 3));
    expect(await q({ 'content.rating': { $gte: 2, $lt: 4 } })).toEqual(want((r) => r.rating >= 2 && r.rating < 4));
    expect(await q({ 'content.rating': { $lte: 1 } })).toEqual(want((r) => r.rating <= 1));
    expect(await q({ 'author.memberId': c.memberB.id })).toEqual([approvedB.id]);
    expect(await q({ 'author.memberId': { $ne: c.memberB.id } })).toEqual(want((r) => r.id !== approvedB.id));
    expect(await q({ 'author.memberId': { $nin: [c.memberB.id] } })).toEqual(want((r) => r.id !== approvedB.id));
    expect(await q({ 'author.authorType': 'MEMBER' })).toEqual([approvedB.id]);
    expect(await q({ reply: { $exists: true } })).toEqual([approvedB.id]);
    expect(await q({ reply: { $exists: false } })).toEqual(want((r) => r.id !== approvedB.id));
    expect(await q({ namespace: 'members' })).toEqual([]);
    // Status filters apply within what the caller may see.
    expect(await q({ 'moderation.moderationStatus': 'REJECTED' })).toEqual([]);
    expect(await q({ 'moderation.moderationStatus': 'REJECTED' }, c.owner, { returnPrivateReviews: true })).toEqual(
      want((r) => r.moderationStatus === 'REJECTED', true),
    );
  });

  it.each([
    [{ body: 'x' }, 'query.filter.body:FIELD_NOT_ALLOWED'],
    [{ 'content.rating': { $regex: '5' } }, 'query.filter.content.rating.$regex:FIELD_NOT_ALLOWED'],
    [{ 'content.rating': 'five' }, 'query.filter.content.rating:FORMAT'],
    [{ 'content.rating': { $in: 5 } }, 'query.filter.content.rating.$in:FORMAT'],
    [{ 'content.rating': { $in: [1, 9] } }, 'query.filter.content.rating.$in[1]:FORMAT'],
    [{ 'moderation.moderationStatus': 'PUBLISHED' }, 'query.filter.moderation.moderationStatus:INVALID_ENUM_VALUE'],
    [{ 'author.memberId': 'me' }, 'query.filter.author.memberId:FORMAT'],
    [{ 'author.authorType': { $eq: 'BOT' } }, 'query.filter.author.authorType.$eq:INVALID_ENUM_VALUE'],
    [{ reply: true }, 'query.filter.reply:FORMAT'],
    [{ entityId: { $gt: 7 } }, 'query.filter.entityId.$gt:FORMAT'],
  ])('rejects the filter %j', async (filter, violation) => {
    const res = await queryIds(srv, c.visitor, { query: { filter } });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual([violation]);
  });

  it('pages through a large filter: its cursor carries it', async () => {
    const others = Array.from({ length: 99 }, (_, i) => `01890000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const filter = { entityId, 'author.memberId': { $nin: others } };
    const ids = await walk(c.visitor, { filter, cursorPaging: { limit: 4 } });
    expect(ids).toEqual(expected('relevanceScore', 'DESC', isApproved));
    const huge = await queryIds(srv, c.visitor, {
      query: { filter: { entityId: { $in: Array(30).fill('e'.repeat(150)) } } },
    });
    expect(violations(huge.body)).toEqual(['query.filter:MAX_SIZE']);
  });

  it('checks sort and paging', async () => {
    const sort = await queryIds(srv, c.visitor, { query: { sort: [{ fieldName: 'author.name' }] } });
    expect(violations(sort.body)).toEqual(['query.sort[0].fieldName:INVALID_ENUM_VALUE']);
    const limit = await queryIds(srv, c.visitor, { query: { cursorPaging: { limit: 101 } } });
    expect(violations(limit.body)).toEqual(['query.cursorPaging.limit:MAX']);
  });

  it('refuses cursors that are forged, edited, or replayed with another filter, sort or caller', async () => {
    const first = await call<QueryReviewsResponse>(srv.url, 'POST', '/reviews/v1/reviews/query', {
      auth: c.owner,
      body: { returnPrivateReviews: true, query: { filter: { entityId }, cursorPaging: { limit: 5 } } },
    });
    const cursor = first.body.pagingMetadata.cursors.next!;
    const [body64, mac] = cursor.split('.');
    const forged = Buffer.from(Buffer.from(body64!, 'base64url').toString().replace(entityId, 'other')).toString(
      'base64url',
    );
    const bad = async (auth: string, body: Record<string, unknown>) => {
      const res = await queryIds(srv, auth, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body)).toEqual(['query.cursorPaging.cursor:FORMAT']);
      expect(res.ids).toEqual([]);
    };
    await bad(c.owner, { returnPrivateReviews: true, query: { cursorPaging: { cursor: 'garbage' } } });
    await bad(c.owner, { returnPrivateReviews: true, query: { cursorPaging: { cursor: `${forged}.${mac}` } } });
    await bad(c.owner, {
      returnPrivateReviews: true,
      query: { filter: { entityId: 'other' }, cursorPaging: { cursor } },
    });
    await bad(c.owner, {
      returnPrivateReviews: true,
      query: { sort: [{ fieldName: 'reviewDate' }], cursorPaging: { cursor } },
    });
    // A cursor of the owner's private view opens nothing for a visitor or a member, nor without the flag.
    await bad(c.visitor, { returnPrivateReviews: true, query: { cursorPaging: { cursor } } });
    await bad(c.memberA.auth, { returnPrivateReviews: true, query: { cursorPaging: { cursor } } });
    await bad(c.owner, { query: { cursorPaging: { cursor } } });
    // The same filter sent again is fine.
    const same = await queryIds(srv, c.owner, {
      returnPrivateReviews: true,
      query: { filter: { entityId }, cursorPaging: { cursor, limit: 5 } },
    });
    expect(same.status).toBe(200);
    expect(same.ids).toEqual(expected('relevanceScore', 'DESC', () => true).slice(5, 10));
  });

  it('needs a token', async () => {
    expect((await queryIds(srv, '', {})).status).toBe(401);
  });
});

describe('POST /reviews/v1/reviews/count', () => {
  const countFor = async (auth: string, body: Record<string, unknown>) =>
    call<{ count: number }>(srv.url, 'POST', '/reviews/v1/reviews/count', { auth, body });

  it('counts what the caller may see', async () => {
    const filter = { entityId };
    const approved = rows.filter(isApproved).length;
    expect((await countFor(c.visitor, { filter })).body).toEqual({ count: approved });
    expect((await countFor(c.visitor, { filter, includePrivateReviews: true })).body).toEqual({ count: approved });
    // One entity's public count is read from its summary: the same number.
    expect((await countFor(c.visitor, { filter: { namespace: 'stores', entityId } })).body).toEqual({
      count: approved,
    });
    expect((await countFor(c.visitor, { filter: { namespace: 'members', entityId } })).body).toEqual({ count: 0 });
    expect((await countFor(c.memberA.auth, { filter, includePrivateReviews: true })).body).toEqual({
      count: approved + 1,
    });
    expect((await countFor(c.memberB.auth, { filter, includePrivateReviews: true })).body).toEqual({ count: approved });
    expect((await countFor(c.owner, { filter, includePrivateReviews: true })).body).toEqual({ count: rows.length });
    expect((await countFor(c.apiKey, { filter, includePrivateReviews: true })).body).toEqual({ count: rows.length });
    expect((await countFor(c.owner, { filter: { ...filter, 'content.rating': { $gte: 4 } } })).body).toEqual({
      count: rows.filter((r) => isApproved(r) && r.rating >= 4).length,
    });
  });

  it('checks the filter, and needs a token', async () => {
    const res = await countFor(c.visitor, { filter: { title: 'x' } });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['filter.title:FIELD_NOT_ALLOWED']);
    expect((await call(srv.url, 'POST', '/reviews/v1/reviews/count', { body: {} })).status).toBe(401);
  });
});

describe('GET /reviews/v1/reviews/{id}', () => {
  const get = (auth: string | undefined, id: string, q = '') =>
    call<{ review: Review }>(srv.url, 'GET', `/reviews/v1/reviews/${id}${q}`, auth ? { auth } : {});

  it('gives an approved review to anyone, with the reply', async () => {
    const res = await get(c.visitor, approvedB.id);
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({
      id: approvedB.id,
      author: { authorType: 'MEMBER', memberId: c.memberB.id, name: 'Bob Brown' },
      reply: { message: 'Thanks!' },
    });
  });

  it('gives a private review to its author and the owner only, with the flag', async () => {
    expect((await get(c.memberA.auth, pendingA.id)).status).toBe(404);
    expect((await get(c.memberA.auth, pendingA.id, '?returnPrivateReviews=true')).status).toBe(200);
    expect((await get(c.owner, pendingA.id, '?returnPrivateReviews=true')).status).toBe(200);
    expect((await get(c.apiKey, pendingA.id, '?returnPrivateReviews=true')).status).toBe(200);
    for (const auth of [c.memberB.auth, c.visitor, c.contributor.auth]) {
      const res = await get(auth, pendingA.id, '?returnPrivateReviews=true');
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('A waits');
    }
  });

  it('checks the id and the query, and needs a token', async () => {
    expect(violations((await get(c.visitor, 'nope')).body)).toEqual(['reviewId:FORMAT']);
    expect(violations((await get(c.visitor, approvedB.id, '?returnPrivateReviews=maybe')).body)).toEqual([
      'returnPrivateReviews:FORMAT',
    ]);
    expect((await get(c.visitor, '01890000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await get(undefined, approvedB.id)).status).toBe(401);
  });
});
