import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../kernel/context.js';
import { newMember, type TestMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { domainEvents } from '../events/tables.js';
import { handOverReviews } from './authors.js';
import { reviews } from './tables.js';
import { moderate, newEntity, setModeration, summary, writeReview } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
beforeAll(async () => {
  await setModeration(srv, c.owner, 'MANUAL');
});

const byAuthor = async (memberId: string) =>
  (await srv.ctx().db.select().from(reviews).where(eq(reviews.authorMemberId, memberId))).map((r) => r.entityId).sort();

/** A member with approved reviews of e1 (5★) and e2 (3★) and a waiting one of e3; the assignee reviewed e2 (4★). */
async function scene() {
  const from = await newMember(srv);
  const to = await newMember(srv);
  const [e1, e2, e3] = [newEntity('e1'), newEntity('e2'), newEntity('e3')];
  const approve = async (m: TestMember, e: string, rating: number) =>
    moderate(srv, c.owner, (await writeReview(srv, m.auth, e, { rating })).id, 'APPROVED');
  await approve(from, e1, 5);
  await approve(from, e2, 3);
  await writeReview(srv, from.auth, e3, { rating: 1 });
  await approve(to, e2, 4);
  expect((await summary(srv, c.visitor, e2)).averageRating).toBe(3.5);
  return { from, to, e1, e2, e3 };
}

describe('handOverReviews', () => {
  it('gives the reviews to the assignee, dropping the ones of entities the assignee already reviewed', async () => {
    const { from, to, e1, e2, e3 } = await scene();
    const ids = await srv.ctx().db.select().from(reviews).where(eq(reviews.authorMemberId, from.id));
    await withTx(srv.ctx(), (tx) => handOverReviews(tx, from.id, to.id));
    expect(await byAuthor(from.id)).toEqual([]);
    // Webhooks hear of it: the moved reviews as updated (with their new author), the dropped one as deleted.
    const events = await srv.ctx().db.select().from(domainEvents);
    for (const r of ids) {
      const types = events.filter((e) => e.entityId === r.id).map((e) => e.eventType);
      if (r.entityId === e2) expect(types).toContain('reviews.review.deleted');
      else {
        expect(types).toContain('reviews.review.updated');
        const updated = events.find((e) => e.entityId === r.id && e.eventType === 'reviews.review.updated');
        expect(updated!.envelope).toMatchObject({ updatedEvent: { modifiedFields: ['author.memberId'] } });
      }
    }
    expect(await byAuthor(to.id)).toEqual([e1, e2, e3].sort());
    const [moved] = await srv.ctx().db.select().from(reviews).where(eq(reviews.entityId, e1));
    expect(moved).toMatchObject({ authorKey: `m:${to.id}`, authorMemberId: to.id, rating: 5 });
    expect(await summary(srv, c.visitor, e1)).toMatchObject({ totalReviews: 1, averageRating: 5 });
    expect(await summary(srv, c.visitor, e2)).toMatchObject({
      totalReviews: 1,
      averageRating: 4,
      ratingDistribution: { threeStars: 0, fourStars: 1 },
    });
    expect((await summary(srv, c.visitor, e3)).totalReviews).toBe(0);
  });

  it('removes them all without an assignee, and the summaries forget them', async () => {
    const { from, to, e1, e2 } = await scene();
    await handOverReviews(srv.ctx(), from.id, undefined);
    expect(await byAuthor(from.id)).toEqual([]);
    expect(await byAuthor(to.id)).toEqual([e2]);
    expect((await summary(srv, c.visitor, e1)).totalReviews).toBe(0);
    expect(await summary(srv, c.visitor, e2)).toMatchObject({ totalReviews: 1, averageRating: 4 });
  });

  it('runs when the owner deletes a member, with or without contentAssigneeId', async () => {
    const { from, to, e1, e2, e3 } = await scene();
    const res = await call(srv.url, 'DELETE', `/members/v1/members/${from.id}?contentAssigneeId=${to.id}`, {
      auth: c.owner,
    });
    expect(res.status).toBe(200);
    expect(await byAuthor(to.id)).toEqual([e1, e2, e3].sort());
    expect(await summary(srv, c.visitor, e2)).toMatchObject({ totalReviews: 1, averageRating: 4 });

    const gone = await newMember(srv);
    const e4 = newEntity('e4');
    await moderate(srv, c.owner, (await writeReview(srv, gone.auth, e4, { rating: 2 })).id, 'APPROVED');
    expect((await call(srv.url, 'DELETE', `/members/v1/members/${gone.id}`, { auth: c.owner })).status).toBe(200);
    expect(await byAuthor(gone.id)).toEqual([]);
    expect(await summary(srv, c.visitor, e4)).toMatchObject({ totalReviews: 0, averageRating: 0 });
  });
});
