import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ListReportsResponse, MemberReport } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { newMember, type TestMember } from '../../test/community.js';
import { appCode, call, violations } from '../../../test/http.js';
import { memberReports } from './tables.js';
import { BEYOND_PUBLIC, memberRow, setMember } from './testing.js';

const { srv, c } = serverSuite({ cast: true });

type Report = { report: MemberReport };
const report = (auth: string | undefined, body: unknown) =>
  call<Report>(srv.url, 'POST', '/members/v1/reports', { ...(auth ? { auth } : {}), body });
const list = (auth: string | undefined, query = '') =>
  call<ListReportsResponse>(srv.url, 'GET', `/members/v1/reports${query}`, auth ? { auth } : {});
const resolve = (auth: string | undefined, id: string, action: unknown) =>
  call<Report>(srv.url, 'POST', `/members/v1/reports/${id}/resolve`, { ...(auth ? { auth } : {}), body: { action } });
const reportCount = async () => (await srv.database.db.select().from(memberReports)).length;

describe('POST /members/v1/reports', () => {
  it('reports a member and sets their lastReportDate; one open report per reporter and member', async () => {
    const spammer = await newMember(srv, { nickname: 'Spammy' });
    const res = await report(c.memberA.auth, { memberId: spammer.id, reason: 'SPAM', text: '  buy my stuff  ' });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({
      reportedMemberId: spammer.id,
      reporterMemberId: c.memberA.id,
      reason: 'SPAM',
      text: 'buy my stuff',
      status: 'OPEN',
    });
    const row = await memberRow(srv, spammer.id);
    expect(row!.lastReportDate?.toISOString()).toBe(res.body.report.createdDate);
    const again = await report(c.memberA.auth, { memberId: spammer.id, reason: 'OTHER' });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('REPORT_ALREADY_EXISTS');
    // Someone else may report them too.
    expect((await report(c.memberB.auth, { memberId: spammer.id, reason: 'HARASSMENT' })).status).toBe(200);
  });

  it('rejects bad input and self-reports, and hides members the reporter cannot see', async () => {
    const before = await reportCount();
    const hidden = await newMember(srv, { privacyStatus: 'PRIVATE' });
    const cases: Array<[unknown, string[]]> = [
      [{ memberId: c.memberA.id, reason: 'SPAM' }, ['memberId:VALIDATION']],
      [{ memberId: c.memberB.id, reason: 'RUDE' }, ['reason:INVALID_ENUM_VALUE']],
      [{ memberId: c.memberB.id }, ['reason:REQUIRED_FIELD']],
      [{ memberId: 'x', reason: 'SPAM' }, ['memberId:FORMAT']],
      [{ memberId: c.memberB.id, reason: 'SPAM', text: 't'.repeat(1001) }, ['text:MAX_LENGTH']],
    ];
    for (const [body, expected] of cases) {
      const res = await report(c.memberA.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(violations(res.body)).toEqual(expected);
    }
    expect((await report(c.memberA.auth, { memberId: hidden.id, reason: 'SPAM' })).status).toBe(404);
    const ghost = '0190a3b2-0000-7000-8000-000000000000';
    expect((await report(c.memberA.auth, { memberId: ghost, reason: 'SPAM' })).status).toBe(404);
    expect((await report(undefined, { memberId: c.memberB.id, reason: 'SPAM' })).status).toBe(401);
    expect((await report(c.visitor, { memberId: c.memberB.id, reason: 'SPAM' })).status).toBe(403);
    expect((await report(c.apiKey, { memberId: c.memberB.id, reason: 'SPAM' })).status).toBe(403);
    expect(await reportCount()).toBe(before);
    expect((await memberRow(srv, hidden.id))!.lastReportDate).toBeNull();
  });
});

describe('GET /members/v1/reports', () => {
  it('lists newest first with the reported member’s PUBLIC profile, filtered and paged', async () => {
    const target = await newMember(srv, { nickname: 'Listed' });
    const r = await report(c.memberB.auth, { memberId: target.id, reason: 'IMPERSONATION' });
    for (const auth of [c.owner, c.contributor.auth, c.apiKey]) {
      const res = await list(auth, `?memberId=${target.id}`);
      expect(res.status).toBe(200);
      expect(res.body.metadata).toEqual({ count: 1, offset: 0, total: 1 });
      const [first] = res.body.reports;
      expect(first).toMatchObject({
        id: r.body.report.id,
        reportedMember: { id: target.id, profile: { nickname: 'Listed' } },
      });
      for (const k of BEYOND_PUBLIC) expect(first!.reportedMember).not.toHaveProperty(k);
    }
    const open = await list(c.owner, '?status=OPEN&paging.limit=1');
    expect(open.body.reports).toHaveLength(1);
    expect(open.body.reports[0]!.id).toBe(r.body.report.id);
    expect(open.body.metadata.total).toBeGreaterThan(1);
  });

  it('refuses members, visitors and bad queries', async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(c.memberA.auth)).status).toBe(403);
    expect((await list(c.visitor)).status).toBe(403);
    expect((await list(await srv.createApiKey(['reviews']))).status).toBe(403);
    expect(violations((await list(c.owner, '?status=NEW')).body)).toEqual(['status:INVALID_ENUM_VALUE']);
    expect(violations((await list(c.owner, '?memberId=1')).body)).toEqual(['memberId:FORMAT']);
  });
});

describe('POST /members/v1/reports/{reportId}/resolve', () => {
  async function openReport(): Promise<{ target: TestMember; id: string }> {
    const target = await newMember(srv);
    const r = await report(c.memberA.auth, { memberId: target.id, reason: 'SPAM' });
    return { target, id: r.body.report.id };
  }

  it('DISMISS closes it; MUTE and BLOCK act on the member', async () => {
    const a = await openReport();
    const dismissed = await resolve(c.owner, a.id, 'DISMISS');
    expect(dismissed.body.report).toMatchObject({ status: 'DISMISSED', action: 'DISMISS' });
    expect(dismissed.body.report.resolvedDate).toBeDefined();
    expect(await memberRow(srv, a.target.id)).toMatchObject({ status: 'APPROVED', activityStatus: 'ACTIVE' });
    // Once closed, the reporter may report again.
    expect((await report(c.memberA.auth, { memberId: a.target.id, reason: 'OTHER' })).status).toBe(200);

    const b = await openReport();
    expect((await resolve(c.apiKey, b.id, 'MUTE')).body.report).toMatchObject({ status: 'RESOLVED', action: 'MUTE' });
    expect((await memberRow(srv, b.target.id))!.activityStatus).toBe('MUTED');

    const d = await openReport();
    const second = await report(c.memberB.auth, { memberId: d.target.id, reason: 'HARASSMENT' });
    expect((await resolve(c.owner, d.id, 'BLOCK')).body.report.status).toBe('RESOLVED');
    expect((await memberRow(srv, d.target.id))!.status).toBe('BLOCKED');
    expect((await call(srv.url, 'GET', '/members/v1/members/my', { auth: d.target.auth })).status).toBe(401);
    // A second report on a member already blocked resolves too.
    expect((await resolve(c.owner, second.body.report.id, 'BLOCK')).status).toBe(200);
  });

  it('refuses closed reports, owners as targets, bad input and wrong callers', async () => {
    const a = await openReport();
    await resolve(c.owner, a.id, 'DISMISS');
    const twice = await resolve(c.owner, a.id, 'MUTE');
    expect(twice.status).toBe(409);
    expect(appCode(twice.body)).toBe('REPORT_ALREADY_RESOLVED');
    expect((await memberRow(srv, a.target.id))!.activityStatus).toBe('ACTIVE');

    await setMember(srv, c.ownerId, { privacyStatus: 'PUBLIC' });
    const onOwner = await report(c.memberA.auth, { memberId: c.ownerId, reason: 'OTHER' });
    const blockOwner = await resolve(c.owner, onOwner.body.report.id, 'BLOCK');
    expect(blockOwner.status).toBe(403);
    expect(appCode(blockOwner.body)).toBe('OWNER_PROTECTED');
    const [still] = await srv.database.db
      .select()
      .from(memberReports)
      .where(eq(memberReports.id, onOwner.body.report.id));
    expect(still!.status).toBe('OPEN');

    const b = await openReport();
    expect(violations((await resolve(c.owner, b.id, 'BAN')).body)).toEqual(['action:INVALID_ENUM_VALUE']);
    expect(violations((await resolve(c.owner, 'nope', 'DISMISS')).body)).toEqual(['reportId:FORMAT']);
    expect((await resolve(c.owner, '0190a3b2-0000-7000-8000-000000000000', 'DISMISS')).status).toBe(404);
    expect((await resolve(undefined, b.id, 'DISMISS')).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth]) {
      expect((await resolve(auth, b.id, 'BLOCK')).status).toBe(403);
    }
    expect((await memberRow(srv, b.target.id))!.status).toBe('APPROVED');
  });
});
