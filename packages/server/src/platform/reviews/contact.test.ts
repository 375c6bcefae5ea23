import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '@plaza/contracts';
import { newMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { members } from '../members/tables.js';
import { reviews } from './tables.js';
import { newEntity, setSitePolicy } from './testing.js';

// A tiny proof of work keeps the captcha tests fast; the protocol is the same.
const { srv, c } = serverSuite({ env: { PLAZA_CAPTCHA_COMPLEXITY: '4' }, cast: true });
beforeEach(() =>
  setSitePolicy(srv, c.owner, { community: { reviewModeration: 'MANUAL' }, signIn: { captchaMode: 'NEVER' } }),
);

let seq = 0;
/** Each test posts from its own client address (the test server trusts X-Forwarded-For from loopback). */
const address = () => `198.51.100.${++seq}`;
const post = (auth: string | undefined, body: Record<string, unknown>, ip = address()) =>
  call<{ review: Review }>(srv.url, 'POST', '/reviews/v1/reviews/contact', {
    ...(auth ? { auth } : {}),
    headers: { 'x-forwarded-for': ip },
    body: {
      namespace: 'stores',
      entityId: newEntity(),
      content: { rating: 4, body: 'Nice' },
      name: 'Dana Doe',
      email: `dana.${++seq}@example.com`,
      ...body,
    },
  });
const reviewCount = async () => (await srv.ctx().db.select({ n: count() }).from(reviews))[0]!.n;

async function solve(): Promise<string> {
  const res = await call<Challenge>(srv.url, 'GET', '/identity/v1/captcha/challenge');
  const solution = await solveChallenge({ challenge: res.body, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: res.body, solution })).toString('base64');
}

describe('POST /reviews/v1/reviews/contact', () => {
  it('stores a visitor’s review under a name; the e-mail is for moderators only', async () => {
    const res = await post(c.visitor, { name: '  Dana Doe ', email: ' Dana.Doe@Example.COM ' });
    expect(res.status).toBe(200);
    const r = res.body.review;
    expect(r).toMatchObject({
      author: { authorType: 'CONTACT', name: 'Dana Doe' },
      origin: { type: 'ORGANIC' },
      source: { type: 'WEBSITE' },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    expect(r.author).not.toHaveProperty('email');
    expect(r.author).not.toHaveProperty('memberId');
    const [row] = await srv.ctx().db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row).toMatchObject({ authorKey: 'c:dana.doe@example.com', authorEmail: 'dana.doe@example.com' });
    const asOwner = await call<{ review: Review }>(
      srv.url,
      'GET',
      `/reviews/v1/reviews/${r.id}?returnPrivateReviews=true`,
      {
        auth: c.owner,
      },
    );
    expect(asOwner.body.review.author).toEqual({
      authorType: 'CONTACT',
      name: 'Dana Doe',
      email: 'dana.doe@example.com',
    });
  });

  it('one review per e-mail and entity, whatever the case of the address', async () => {
    const entityId = newEntity();
    expect((await post(c.visitor, { entityId, email: 'same@example.com' })).status).toBe(200);
    const again = await post(c.memberA.auth, { entityId, email: 'SAME@example.com', name: 'Someone else' });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('REVIEW_ALREADY_EXISTS');
  });

  it('with an API key it is an import: source API, origin IMPORTED', async () => {
    const res = await post(c.apiKey, {});
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({ origin: { type: 'IMPORTED' }, source: { type: 'API' } });
    expect(res.body.review.author.email).toMatch(/^dana\.\d+@example\.com$/);
  });

  it('approves at once under AUTO_APPROVE', async () => {
    await setSitePolicy(srv, c.owner, { community: { reviewModeration: 'AUTO_APPROVE' } });
    expect((await post(c.visitor, {})).body.review.moderation.moderationStatus).toBe('APPROVED');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email:FORMAT'],
    [{ email: 'a b@example.com' }, 'email:FORMAT'],
    [{ name: '' }, 'name:MIN_LENGTH'],
    [{ name: '   ' }, 'name:REQUIRED_FIELD'],
    [{ name: 'n'.repeat(101) }, 'name:MAX_LENGTH'],
    [{ content: { rating: 4, body: 'b'.repeat(5001) } }, 'content.body:MAX_LENGTH'],
    [{ content: { rating: 4, media: [{ video: 'file:///etc/passwd' }] } }, 'content.media[0].video:FORMAT'],
    [{ reviewRequestId: 'nope' }, 'reviewRequestId:FORMAT'],
    [{ memberId: '01890000-0000-7000-8000-000000000000' }, 'memberId:FIELD_NOT_ALLOWED'],
  ])('rejects %j and stores nothing', async (body, violation) => {
    const before = await reviewCount();
    const res = await post(c.visitor, body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual([violation]);
    expect(await reviewCount()).toBe(before);
  });

  it('refuses a muted member here too', async () => {
    const muted = await newMember(srv);
    await srv.ctx().db.update(members).set({ activityStatus: 'MUTED' }).where(eq(members.id, muted.id));
    const res = await post(muted.auth, {});
    expect(res.status).toBe(403);
    expect(appCode(res.body)).toBe('MEMBER_MUTED');
  });

  it('needs a token', async () => {
    const before = await reviewCount();
    expect((await post(undefined, {})).status).toBe(401);
    expect((await post('Bearer not-a-token', {})).status).toBe(401);
    expect(await reviewCount()).toBe(before);
  });
});

describe('captcha on contact reviews (signInPolicy.captchaMode)', () => {
  it('ALWAYS: every post needs a solved proof, each proof works once', async () => {
    await setSitePolicy(srv, c.owner, { signIn: { captchaMode: 'ALWAYS' } });
    const before = await reviewCount();
    const none = await post(c.visitor, {});
    expect(none.status).toBe(400);
    expect(appCode(none.body)).toBe('-19971');
    expect((none.body as unknown as { message: string }).message).toContain('post a review');
    expect(appCode((await post(c.visitor, { captchaTokens: [{ Recaptcha: 'garbage' }] })).body)).toBe('-19970');
    expect(await reviewCount()).toBe(before);
    const proof = await solve();
    expect((await post(c.visitor, { captchaTokens: [{ Recaptcha: proof }] })).status).toBe(200);
    expect(appCode((await post(c.visitor, { captchaTokens: [{ Recaptcha: proof }] })).body)).toBe('-19970');
    // Back-office imports are not asked.
    expect((await post(c.apiKey, {})).status).toBe(200);
  });

  it('NEVER: no captcha however many posts', async () => {
    const ip = address();
    for (let i = 0; i < 7; i++) expect((await post(c.visitor, {}, ip)).status).toBe(200);
  });

  it('AFTER_FAILURES: an address that posted captchaAfterFailures reviews within the hour must solve one', async () => {
    await setSitePolicy(srv, c.owner, { signIn: { captchaMode: 'AFTER_FAILURES', captchaAfterFailures: 2 } });
    const ip = address();
    expect((await post(c.visitor, {}, ip)).status).toBe(200);
    expect((await post(c.memberB.auth, {}, ip)).status).toBe(200);
    const third = await post(c.visitor, {}, ip);
    expect(third.status).toBe(400);
    expect(appCode(third.body)).toBe('-19971');
    expect((await post(c.visitor, { captchaTokens: [{ Recaptcha: await solve() }] }, ip)).status).toBe(200);
    // Another address is not affected, and a failed post does not count.
    const other = address();
    expect((await post(c.visitor, { email: 'bad' }, other)).status).toBe(400);
    expect((await post(c.visitor, {}, other)).status).toBe(200);
    expect((await post(c.visitor, {}, other)).status).toBe(200);
    expect(appCode((await post(c.visitor, {}, other)).body)).toBe('-19971');
  });
});
