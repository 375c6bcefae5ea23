import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_DECISIONS, MODERATION_STATUSES, type Review } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { assertTransition, canTransition, initialStatus, statusAfterEdit } from './moderation.js';
import { reviews } from './tables.js';
import { moderate, newEntity, setModeration, summary, writeReview } from './testing.js';

describe('moderation transition table', () => {
  const allowed: Record<string, string[]> = {
    UNKNOWN: ['APPROVED', 'REJECTED'],
    SUBMITTED: ['APPROVED', 'REJECTED'],
    IN_MODERATION: ['APPROVED', 'REJECTED'],
    APPROVED: ['REJECTED'],
    REJECTED: ['APPROVED'],
  };
  for (const from of MODERATION_STATUSES) {
    for (const to of MODERATION_DECISIONS) {
      const ok = allowed[from]!.includes(to);
      it(`${from} → ${to} is ${ok ? 'allowed' : 'a 409'}`, () => {
        expect(canTransition(from, to)).toBe(ok);
        if (ok) expect(() => assertTransition(from, to)).not.toThrow();
        else expect(() => assertTransition(from, to)).toThrow(`A review cannot go from ${from} to ${to}`);
      });
    }
  }

  it('new and edited reviews follow the site setting', () => {
    expect(initialStatus('MANUAL')).toBe('IN_MODERATION');
    expect(initialStatus('AUTO_APPROVE')).toBe('APPROVED');
    expect(statusAfterEdit('APPROVED', 'MANUAL')).toBe('IN_MODERATION');
    expect(statusAfterEdit('REJECTED', 'MANUAL')).toBe('IN_MODERATION');
    expect(statusAfterEdit('APPROVED', 'AUTO_APPROVE')).toBe('APPROVED');
    expect(statusAfterEdit('REJECTED', 'AUTO_APPROVE')).toBe('REJECTED');
  });
});

const { srv, c } = serverSuite({ cast: true });
beforeAll(async () => {
  await setModeration(srv, c.owner, 'MANUAL');
});

const statusOf = async (id: string) =>
  (await srv.ctx().db.select({ s: reviews.moderationStatus }).from(reviews).where(eq(reviews.id, id)))[0]?.s;

describe('POST /reviews/v1/reviews/{id}/update-moderation-status', () => {
  it('approves, rejects and re-approves, moving the summary each time', async () => {
    const entityId = newEntity();
    const r = await writeReview(srv, c.memberA.auth, entityId, { rating: 5 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const approved = await moderate(srv, c.owner, r.id, 'APPROVED');
    expect(approved.status).toBe(200);
    const body = approved.body as { review: Review };
    expect(body.review.moderation.moderationStatus).toBe('APPROVED');
    // A decision is not an edit: the dashboard shows "edited" only when the author changed the review.
    expect(body.review.updatedDate).toBe(r.updatedDate);
    expect(body.review.updatedDate).toBe(body.review.createdDate);
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(1);
    expect((await moderate(srv, c.apiKey, r.id, 'REJECTED')).status).toBe(200);
    expect((await summary(srv, c.visitor, entityId)).totalReviews).toBe(0);
    expect((await moderate(srv, c.owner, r.id, 'APPROVED')).status).toBe(200);
    expect(await summary(srv, c.visitor, entityId)).toMatchObject({ totalReviews: 1, averageRating: 5 });
  });

  it('deciding what the review already is: 409 naming both states', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity());
    await moderate(srv, c.owner, r.id, 'REJECTED');
    const res = await moderate(srv, c.owner, r.id, 'REJECTED');
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('MODERATION_TRANSITION_NOT_ALLOWED');
    expect((res.body as { message: string }).message).toBe('A review cannot go from REJECTED to REJECTED');
    expect(await statusOf(r.id)).toBe('REJECTED');
  });

  it('accepts only APPROVED or REJECTED', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity());
    for (const s of ['IN_MODERATION', 'SUBMITTED', 'UNKNOWN', 'approved']) {
      const res = await moderate(srv, c.owner, r.id, s);
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual(['moderationStatus:INVALID_ENUM_VALUE']);
    }
    const missing = await call(srv.url, 'POST', `/reviews/v1/reviews/${r.id}/update-moderation-status`, {
      auth: c.owner,
      body: {},
    });
    expect(violations(missing.body)).toEqual(['moderationStatus:REQUIRED_FIELD']);
    expect(await statusOf(r.id)).toBe('IN_MODERATION');
    expect((await moderate(srv, c.owner, '01890000-0000-7000-8000-000000000000', 'APPROVED')).status).toBe(404);
  });

  it('is for the owner and API keys with `reviews` only', async () => {
    const r = await writeReview(srv, c.memberB.auth, newEntity());
    for (const auth of [
      c.memberA.auth,
      c.memberB.auth,
      c.contributor.auth,
      c.visitor,
      await srv.createApiKey(['members']),
    ]) {
      const res = await moderate(srv, auth, r.id, 'APPROVED');
      expect(res.status).toBe(403);
      expect(res.body).not.toHaveProperty('review');
    }
    expect((await moderate(srv, '', r.id, 'APPROVED')).status).toBe(401);
    expect(await statusOf(r.id)).toBe('IN_MODERATION');
  });
});

const reply = (auth: string, id: string, message?: unknown) =>
  call<{ review: Review }>(srv.url, message === undefined ? 'DELETE' : 'PATCH', `/reviews/v1/reviews/${id}/reply`, {
    auth,
    ...(message === undefined ? {} : { body: { message } }),
  });

describe('PATCH and DELETE /reviews/v1/reviews/{id}/reply', () => {
  it('sets a reply, edits it keeping its createdDate, and removes it', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity());
    const first = await reply(c.owner, r.id, '  Thank you! <b>really</b> ');
    expect(first.status).toBe(200);
    const set = first.body.review.reply!;
    expect(set.message).toBe('Thank you! <b>really</b>');
    expect(set.createdDate).toBe(set.updatedDate);
    // The review itself did not change.
    expect(first.body.review.updatedDate).toBe(r.updatedDate);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await reply(c.apiKey, r.id, 'Thanks again');
    expect(edited.body.review.reply).toEqual({
      message: 'Thanks again',
      createdDate: set.createdDate,
      updatedDate: expect.not.stringMatching(set.updatedDate),
    });
    expect(edited.body.review.reply!.updatedDate > set.updatedDate).toBe(true);
    const removed = await reply(c.owner, r.id);
    expect(removed.status).toBe(200);
    expect(removed.body.review).not.toHaveProperty('reply');
    expect((await reply(c.owner, r.id)).status).toBe(200);
  });

  it('checks the message', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity());
    expect(violations((await reply(c.owner, r.id, '')).body)).toEqual(['message:MIN_LENGTH']);
    expect(violations((await reply(c.owner, r.id, 'x'.repeat(3001))).body)).toEqual(['message:MAX_LENGTH']);
    expect(violations((await reply(c.owner, r.id, '   ')).body)).toEqual(['message:REQUIRED_FIELD']);
    const [row] = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row!.replyMessage).toBeNull();
    expect((await reply(c.owner, '01890000-0000-7000-8000-000000000000', 'hi')).status).toBe(404);
  });

  it('is for the owner and API keys with `reviews` only; the author cannot reply', async () => {
    const r = await writeReview(srv, c.memberA.auth, newEntity());
    await reply(c.owner, r.id, 'Owner says hi');
    for (const auth of [c.memberA.auth, c.memberB.auth, c.contributor.auth, c.visitor]) {
      expect((await reply(auth, r.id, 'Me too')).status).toBe(403);
      expect((await reply(auth, r.id)).status).toBe(403);
    }
    const [row] = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row!.replyMessage).toBe('Owner says hi');
  });
});
