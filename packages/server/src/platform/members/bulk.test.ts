import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Job, StartJobResponse } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { newMember } from '../../test/community.js';
import { call, violations } from '../../../test/http.js';
import { jobs } from '../jobs/tables.js';
import { members } from './tables.js';
import { memberRow, membersApi } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
const api = membersApi(srv);
const GHOST = '0190a3b2-0000-7000-8000-000000000000';

const start = (auth: string | undefined, path: string, body: unknown) =>
  api.post<StartJobResponse>(auth, `/members/bulk/${path}`, body);

/** Polls the job until it ends, keeping every progress seen on the way. */
async function finished(jobId: string, auth = c.owner): Promise<{ job: Job; seen: Job['progress'][] }> {
  const seen: Job['progress'][] = [];
  for (let i = 0; i < 6000; i++) {
    const res = await call<{ job: Job }>(srv.url, 'GET', `/jobs/v1/jobs/${jobId}`, { auth });
    expect(res.status).toBe(200);
    seen.push(res.body.job.progress);
    if (['COMPLETED', 'FAILED', 'CANCELED'].includes(res.body.job.status)) return { job: res.body.job, seen };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function statuses(ids: string[]) {
  const rows = await srv.database.db.select().from(members).where(inArray(members.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

describe('POST /members/v1/members/bulk/block-by-filter', () => {
  it('blocks 10,000 members as a job with progress; their sessions end', async () => {
    await srv.database.db.execute(sql`
      WITH ids AS (SELECT gen_random_uuid() AS id, n FROM generate_series(1, 10000) AS n),
      made AS (
        INSERT INTO identities (id, email, status, email_verified, profile)
        SELECT id, 'bulk' || n || '@example.com', 'ACTIVE', true, '{}'::jsonb FROM ids
      )
      INSERT INTO members (id, slug, login_email, nickname, status, privacy_status)
      SELECT id, 'bulk-' || n, 'bulk' || n || '@example.com', 'Bulkmember ' || n, 'APPROVED', 'PUBLIC' FROM ids`);
    const signedIn = await Promise.all([
      newMember(srv, { nickname: 'Bulkmember A' }),
      newMember(srv, { nickname: 'Bulkmember B' }),
    ]);
    expect((await api.get(signedIn[0].auth, '/members/my')).status).toBe(200);

    const res = await start(c.apiKey, 'block-by-filter', {
      filter: { status: 'APPROVED' },
      search: { expression: 'bulkmember' },
    });
    expect(res.status).toBe(200);
    const { job, seen } = await finished(res.body.jobId, c.apiKey);
    // The start answered with the job, not after the work: the first look finds it still going.
    expect(seen[0]!.processed).toBeLessThan(10_002);
    expect(job).toMatchObject({
      kind: 'MEMBERS_BULK_BLOCK_BY_FILTER',
      status: 'COMPLETED',
      progress: { total: 10_002, processed: 10_002, succeeded: 10_002, failed: 0 },
      failures: [],
    });
    // Progress was reported batch by batch, never going back.
    const processed = seen.map((p) => p.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(processed.some((p) => p > 0 && p < 10_002)).toBe(true);
    const [left] = await srv.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(sql`${members.nickname} LIKE 'Bulkmember %' AND ${members.status} <> 'BLOCKED'`);
    expect(left!.n).toBe(0);
    for (const m of signedIn) expect((await api.get(m.auth, '/members/my')).status).toBe(401);
  }, 180_000);

  it('applies the single-route rules per member: owners fail, blocked ones count as done', async () => {
    const [a, b] = await Promise.all([newMember(srv), newMember(srv, { status: 'BLOCKED' })]);
    const res = await start(c.owner, 'block-by-filter', { filter: { id: { $in: [a.id, b.id, c.ownerId] } } });
    const { job } = await finished(res.body.jobId);
    expect(job.progress).toEqual({ total: 3, processed: 3, succeeded: 2, failed: 1 });
    expect(job.failures).toEqual([{ itemId: c.ownerId, code: 'OWNER_PROTECTED', message: expect.any(String) }]);
    expect(await statuses([a.id, b.id, c.ownerId])).toEqual({
      [a.id]: 'BLOCKED',
      [b.id]: 'BLOCKED',
      [c.ownerId]: 'APPROVED',
    });
  });
});

describe('POST /members/v1/members/bulk/approve-by-filter', () => {
  it('approves the selected members (legacy status names work in the filter)', async () => {
    const [p1, p2, blocked, approved] = await Promise.all([
      newMember(srv, { status: 'PENDING' }),
      newMember(srv, { status: 'PENDING' }),
      newMember(srv, { status: 'BLOCKED' }),
      newMember(srv),
    ]);
    const ids = [p1.id, p2.id, blocked.id, approved.id];
    const res = await start(c.owner, 'approve-by-filter', { filter: { status: 'APPLICANT', id: { $in: ids } } });
    const { job } = await finished(res.body.jobId);
    expect(job.progress).toEqual({ total: 2, processed: 2, succeeded: 2, failed: 0 });
    expect(await statuses(ids)).toEqual({
      [p1.id]: 'APPROVED',
      [p2.id]: 'APPROVED',
      [blocked.id]: 'BLOCKED',
      [approved.id]: 'APPROVED',
    });
  });
});

describe('POST /members/v1/members/bulk/delete and /delete-by-filter', () => {
  it('deletes by id; owners and unknown ids are item failures that do not stop the rest', async () => {
    const [m1, m2] = await Promise.all([newMember(srv), newMember(srv)]);
    const res = await start(c.owner, 'delete', {
      memberIds: [m1.id, c.ownerId, GHOST, m2.id],
      contentAssigneeId: c.memberA.id,
    });
    const { job } = await finished(res.body.jobId);
    expect(job.progress).toEqual({ total: 4, processed: 4, succeeded: 2, failed: 2 });
    expect(job.failures.map((f) => [f.itemId, f.code]).sort()).toEqual(
      [
        [c.ownerId, 'OWNER_PROTECTED'],
        [GHOST, 'NOT_FOUND'],
      ].sort(),
    );
    expect(await memberRow(srv, m1.id)).toBeUndefined();
    expect(await memberRow(srv, m2.id)).toBeUndefined();
    expect(await memberRow(srv, c.ownerId)).toBeDefined();
  });

  it('deletes by filter and search, but not the content assignee', async () => {
    const [d1, d2, keeper] = await Promise.all([
      newMember(srv, { nickname: 'Doomed One' }),
      newMember(srv, { nickname: 'Doomed Two' }),
      newMember(srv, { nickname: 'Doomed Keeper' }),
    ]);
    const res = await start(c.apiKey, 'delete-by-filter', {
      filter: {},
      search: { expression: 'doomed' },
      contentAssigneeId: keeper.id,
    });
    const { job } = await finished(res.body.jobId);
    expect(job.progress).toEqual({ total: 3, processed: 3, succeeded: 2, failed: 1 });
    expect(job.failures[0]).toMatchObject({ itemId: keeper.id, code: 'CONTENT_ASSIGNEE' });
    expect(await memberRow(srv, d1.id)).toBeUndefined();
    expect(await memberRow(srv, d2.id)).toBeUndefined();
    expect(await memberRow(srv, keeper.id)).toBeDefined();
  });
});

describe('bulk input and callers', () => {
  const jobCount = async () => (await srv.database.db.select().from(jobs)).length;

  it('rejects bad input naming the field, and queues nothing', async () => {
    const before = await jobCount();
    const cases: Array<[string, unknown, string[]]> = [
      ['delete', { memberIds: [] }, ['memberIds:MIN_SIZE']],
      ['delete', { memberIds: ['nope'] }, ['memberIds[0]:FORMAT']],
      ['delete', { memberIds: [c.memberA.id], contentAssigneeId: c.memberA.id }, ['contentAssigneeId:VALIDATION']],
      ['delete', { memberIds: [c.memberB.id], contentAssigneeId: GHOST }, ['contentAssigneeId:VALIDATION']],
      ['delete-by-filter', { filter: { status: 'GONE' } }, ['filter.status:INVALID_ENUM_VALUE']],
      ['delete-by-filter', { search: { expression: 'x' } }, ['filter:REQUIRED_FIELD']],
      ['approve-by-filter', { filter: { shoeSize: 44 } }, ['filter.shoeSize:FIELD_NOT_ALLOWED']],
      [
        'block-by-filter',
        { filter: { createdDate: { $before: 'x' } } },
        ['filter.createdDate.$before:FIELD_NOT_ALLOWED'],
      ],
      ['block-by-filter', { filter: {}, extra: true }, ['extra:FIELD_NOT_ALLOWED']],
    ];
    for (const [path, body, expected] of cases) {
      const res = await start(c.owner, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(violations(res.body), `${path} ${JSON.stringify(body)}`).toEqual(expected);
    }
    expect(await jobCount()).toBe(before);
  });

  it.each(['delete', 'delete-by-filter', 'approve-by-filter', 'block-by-filter'])(
    '%s: owners and members keys only',
    async (path) => {
      const before = await jobCount();
      const body = path === 'delete' ? { memberIds: [c.memberB.id] } : { filter: { id: c.memberB.id } };
      expect((await start(undefined, path, body)).status).toBe(401);
      for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, await srv.createApiKey(['reviews'])]) {
        expect((await start(auth, path, body)).status).toBe(403);
      }
      expect(await jobCount()).toBe(before);
      expect((await memberRow(srv, c.memberB.id))!.status).toBe('APPROVED');
    },
  );

  it("a member can't read a bulk job", async () => {
    const res = await start(c.owner, 'approve-by-filter', { filter: { id: c.memberA.id } });
    await finished(res.body.jobId);
    expect((await call(srv.url, 'GET', `/jobs/v1/jobs/${res.body.jobId}`, { auth: c.memberA.auth })).status).toBe(403);
  });
});
