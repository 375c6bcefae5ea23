import type net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReviewRequestsResponse, ReviewRequest } from '@plaza/contracts';
import { cast, newMember, type Cast } from '../../test/community.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { appCode, call, violations } from '../../../test/http.js';
import { mailbox } from '../identity/testing.js';
import { jobs } from '../jobs/tables.js';
import { reviewJobHandlers } from './requests.jobs.js';
import { reviewRequests } from './tables.js';
import { newEntity, setSitePolicy, writeContactReview, writeReview } from './testing.js';

let seq = 0;
const email = () => `buyer.${Date.now().toString(36)}.${++seq}@example.com`;
const request = (over: Record<string, unknown> = {}, contact: Record<string, unknown> = {}) => ({
  reviewRequest: {
    namespace: 'stores',
    entityId: newEntity(),
    entityName: 'Blue Mug',
    link: 'https://shop.example/products/blue-mug?ref=mail#reviews',
    contact: { name: 'Buyer', email: email(), ...contact },
    sendDate: new Date().toISOString(),
    ...over,
  },
});

const create = (srv: TestServer, auth: string, body: unknown) =>
  call<{ reviewRequest: ReviewRequest }>(srv.url, 'POST', '/reviews/v1/review-requests', { auth, body });
const rowOf = async (srv: TestServer, id: string) =>
  (await srv.ctx().db.select().from(reviewRequests).where(eq(reviewRequests.id, id)))[0]!;
const statusOf = async (srv: TestServer, id: string) => (await rowOf(srv, id)).status;
const jobOf = async (srv: TestServer, id: string) =>
  (
    await srv
      .ctx()
      .db.select()
      .from(jobs)
      .where(eq(jobs.id, (await rowOf(srv, id)).jobId!))
  )[0]!;

describe('review requests', () => {
  let srv: TestServer;
  let c: Cast;
  let mailKey: string;
  beforeAll(async () => {
    srv = await startTestServer();
    c = await cast(srv);
    mailKey = await srv.createApiKey(['mailbox.read']);
    await setSitePolicy(srv, c.owner, { signIn: { captchaMode: 'NEVER' } });
  });
  afterAll(() => srv?.close());

  it('schedules the e-mail with a job; the worker sends it with a link carrying the request id', async () => {
    const body = request();
    const res = await create(srv, c.owner, body);
    expect(res.status).toBe(200);
    const rr = res.body.reviewRequest;
    expect(rr).toMatchObject({
      namespace: 'stores',
      entityName: 'Blue Mug',
      contact: body.reviewRequest.contact,
      channel: 'EMAIL',
      status: 'SCHEDULED',
      sendDate: body.reviewRequest.sendDate,
    });
    expect(rr).not.toHaveProperty('sentDate');
    const job = await jobOf(srv, rr.id);
    expect(job).toMatchObject({ kind: 'REVIEW_REQUEST_SEND', payload: { reviewRequestId: rr.id } });
    expect(job.runAt.toISOString()).toBe(rr.sendDate);

    await expect.poll(() => statusOf(srv, rr.id), { timeout: 10_000 }).toBe('SENT');
    const [mail] = await mailbox(srv, mailKey, rr.contact.email);
    expect(mail).toMatchObject({ template: 'REVIEW_REQUEST', subject: 'How was Blue Mug?' });
    expect(mail!.text).toContain(`https://shop.example/products/blue-mug?ref=mail&reviewRequestId=${rr.id}#reviews`);
    const sent = await rowOf(srv, rr.id);
    expect(sent.sentDate).toBeInstanceOf(Date);
    await expect.poll(async () => (await jobOf(srv, rr.id)).status).toBe('COMPLETED');

    // A review written from the link counts as answering the request; another e-mail's does not.
    const answered = await writeContactReview(srv, c.visitor, rr.entityId, {
      email: rr.contact.email.toUpperCase(),
      reviewRequestId: rr.id,
    });
    expect(answered.origin.type).toBe('REVIEW_REQUEST');
    const stranger = await writeContactReview(srv, c.visitor, rr.entityId, { reviewRequestId: rr.id });
    expect(stranger.origin.type).toBe('ORGANIC');
  });

  it('fails with ALREADY_REVIEWED when the contact (or the member with that e-mail) reviewed first', async () => {
    const entityId = newEntity();
    const contact = email();
    await writeContactReview(srv, c.visitor, entityId, { email: contact });
    const byContact = (await create(srv, c.apiKey, request({ entityId }, { email: contact }))).body.reviewRequest;
    const member = await newMember(srv);
    await writeReview(srv, member.auth, entityId);
    const byMember = (await create(srv, c.owner, request({ entityId }, { email: member.email }))).body.reviewRequest;
    for (const id of [byContact.id, byMember.id]) {
      await expect.poll(() => statusOf(srv, id), { timeout: 10_000 }).toBe('FAILED');
      expect(await rowOf(srv, id)).toMatchObject({ failureReason: 'ALREADY_REVIEWED', sentDate: null });
    }
    expect(await mailbox(srv, mailKey, contact)).toEqual([]);
    const listed = await call<ListReviewRequestsResponse>(
      srv.url,
      'GET',
      `/reviews/v1/review-requests?entityId=${entityId}`,
      {
        auth: c.owner,
      },
    );
    expect(listed.body.reviewRequests.map((r) => [r.failureReason, r.failureMessage])).toEqual([
      ['ALREADY_REVIEWED', `${member.email} has already reviewed Blue Mug`],
      ['ALREADY_REVIEWED', `${contact} has already reviewed Blue Mug`],
    ]);
  });

  it('cancels only SCHEDULED requests, with their job; a canceled request is never sent', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const rr = (await create(srv, c.owner, request({ sendDate: later }))).body.reviewRequest;
    const res = await call<{ reviewRequest: ReviewRequest }>(
      srv.url,
      'POST',
      `/reviews/v1/review-requests/${rr.id}/cancel`,
      {
        auth: c.apiKey,
        body: {},
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.reviewRequest.status).toBe('CANCELED');
    expect((await jobOf(srv, rr.id)).status).toBe('CANCELED');
    const again = await call(srv.url, 'POST', `/reviews/v1/review-requests/${rr.id}/cancel`, {
      auth: c.owner,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('REVIEW_REQUEST_NOT_CANCELABLE');
    expect((again.body as { message: string }).message).toContain('CANCELED');
    // Even if its job ran anyway, the handler skips it.
    await reviewJobHandlers.REVIEW_REQUEST_SEND!({ ctx: srv.ctx(), payload: { reviewRequestId: rr.id } } as never);
    expect(await statusOf(srv, rr.id)).toBe('CANCELED');
    expect(await mailbox(srv, mailKey, rr.contact.email)).toEqual([]);

    const sent = (await create(srv, c.owner, request())).body.reviewRequest;
    await expect.poll(() => statusOf(srv, sent.id), { timeout: 10_000 }).toBe('SENT');
    const tooLate = await call(srv.url, 'POST', `/reviews/v1/review-requests/${sent.id}/cancel`, {
      auth: c.owner,
      body: {},
    });
    expect(tooLate.status).toBe(409);
    expect(
      (tooLate.body as { details: { applicationError: { data: unknown } } }).details.applicationError.data,
    ).toEqual({
      from: 'SENT',
      to: 'CANCELED',
    });
    const missing = await call(
      srv.url,
      'POST',
      '/reviews/v1/review-requests/01890000-0000-7000-8000-000000000000/cancel',
      {
        auth: c.owner,
        body: {},
      },
    );
    expect(missing.status).toBe(404);
  });

  it('lists newest first with filters and offset paging', async () => {
    const entityId = newEntity('listed');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const made: ReviewRequest[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await create(srv, c.owner, request({ entityId, sendDate: later }))).body.reviewRequest);
    await call(srv.url, 'POST', `/reviews/v1/review-requests/${made[0]!.id}/cancel`, { auth: c.owner, body: {} });
    const list = (q: string, auth = c.owner) =>
      call<ListReviewRequestsResponse>(srv.url, 'GET', `/reviews/v1/review-requests?${q}`, { auth });
    const all = await list(`entityId=${entityId}`);
    expect(all.body.reviewRequests.map((r) => r.id)).toEqual(made.map((r) => r.id).reverse());
    expect(all.body.metadata).toEqual({ count: 3, offset: 0, total: 3 });
    const page = await list(
      `entityId=${entityId}&namespace=stores&status=SCHEDULED&paging.limit=1&paging.offset=1`,
      c.apiKey,
    );
    expect(page.body.reviewRequests.map((r) => r.id)).toEqual([made[1]!.id]);
    expect(page.body.metadata).toEqual({ count: 1, offset: 1, total: 2 });
    const bad = await list('status=DONE&paging.limit=500');
    expect(violations(bad.body).sort()).toEqual(['paging.limit:MAX', 'status:INVALID_ENUM_VALUE']);
  });

  it.each([
    [
      'a sendDate in the past',
      { sendDate: new Date(Date.now() - 10 * 60_000).toISOString() },
      {},
      'reviewRequest.sendDate:MIN',
    ],
    [
      'a sendDate over a year ahead',
      { sendDate: new Date(Date.now() + 367 * 86_400_000).toISOString() },
      {},
      'reviewRequest.sendDate:MAX',
    ],
    ['a sendDate that is no date', { sendDate: 'tomorrow' }, {}, 'reviewRequest.sendDate:FORMAT'],
    ['a javascript: link', { link: 'javascript:alert(1)' }, {}, 'reviewRequest.link:FORMAT'],
    ['a bad e-mail', {}, { email: 'nobody' }, 'reviewRequest.contact.email:FORMAT'],
    ['an SMS channel', { channel: 'SMS' }, {}, 'reviewRequest.channel:INVALID_ENUM_VALUE'],
    ['no entity name', { entityName: '' }, {}, 'reviewRequest.entityName:MIN_LENGTH'],
  ])('rejects %s and schedules nothing', async (_, over, contact, violation) => {
    const before = (await srv.ctx().db.select({ n: count() }).from(reviewRequests))[0]!.n;
    const jobsBefore = (await srv.ctx().db.select({ n: count() }).from(jobs))[0]!.n;
    const res = await create(srv, c.owner, request(over, contact));
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual([violation]);
    expect((await srv.ctx().db.select({ n: count() }).from(reviewRequests))[0]!.n).toBe(before);
    expect((await srv.ctx().db.select({ n: count() }).from(jobs))[0]!.n).toBe(jobsBefore);
  });

  it('is for the owner and API keys with `reviews` only', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const rr = (await create(srv, c.owner, request({ sendDate: later }))).body.reviewRequest;
    const before = (await srv.ctx().db.select({ n: count() }).from(reviewRequests))[0]!.n;
    const membersKey = await srv.createApiKey(['members']);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, membersKey, '']) {
      const want = auth ? 403 : 401;
      expect((await create(srv, auth, request())).status).toBe(want);
      const list = await call(srv.url, 'GET', '/reviews/v1/review-requests', { auth });
      expect(list.status).toBe(want);
      expect(JSON.stringify(list.body)).not.toContain('@example.com');
      const cancel = await call(srv.url, 'POST', `/reviews/v1/review-requests/${rr.id}/cancel`, { auth, body: {} });
      expect(cancel.status).toBe(want);
    }
    expect((await srv.ctx().db.select({ n: count() }).from(reviewRequests))[0]!.n).toBe(before);
    expect(await statusOf(srv, rr.id)).toBe('SCHEDULED');
  });
});

describe('a request scheduled ahead', () => {
  let offset = 0;
  let srv: TestServer;
  let c: Cast;
  beforeAll(async () => {
    srv = await startTestServer({ clock: () => new Date(Date.now() + offset) });
    c = await cast(srv);
  });
  afterAll(() => srv?.close());

  it('is sent when the clock reaches its sendDate, not before', async () => {
    const sendDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const rr = (await create(srv, c.owner, request({ sendDate }))).body.reviewRequest;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await statusOf(srv, rr.id)).toBe('SCHEDULED');
    offset = 3 * 86_400_000 + 1000;
    await expect.poll(() => statusOf(srv, rr.id), { timeout: 10_000 }).toBe('SENT');
    expect((await rowOf(srv, rr.id)).sentDate!.getTime()).toBeGreaterThanOrEqual(new Date(sendDate).getTime());
    offset = 0;
  });
});

describe('when the mail server refuses the message', () => {
  let smtp: SMTPServer;
  let srv: TestServer;
  let c: Cast;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo: (_address, _session, cb) =>
        cb(Object.assign(new Error('Mailbox unavailable: no such user'), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as net.AddressInfo).port;
    srv = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    c = await cast(srv);
  });
  afterAll(async () => {
    await srv?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('marks the request FAILED with SEND_FAILED and the server’s message', async () => {
    const rr = (await create(srv, c.owner, request())).body.reviewRequest;
    await expect.poll(() => statusOf(srv, rr.id), { timeout: 15_000 }).toBe('FAILED');
    const row = await rowOf(srv, rr.id);
    expect(row.failureReason).toBe('SEND_FAILED');
    expect(row.failureMessage).toMatch(/Mailbox unavailable/);
    expect(row.sentDate).toBeNull();
    // Recorded as an outcome, not a job error: no retry, no second e-mail.
    expect((await jobOf(srv, rr.id)).status).toBe('COMPLETED');
  });
});
