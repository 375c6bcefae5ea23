import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, type Member } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { newMember, type TestMember } from '../../test/community.js';
import { appCode, call, violations } from '../../../test/http.js';
import { identities } from '../identity/tables.js';
import { appData, login, memberTokens, refresh, register, setPolicy, testKeys } from '../identity/testing.js';
import { STATUS_TRANSITIONS, type StatusAction } from './status.js';
import { memberRow, membersApi, setMember } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
const api = membersApi(srv);
let target: TestMember;

beforeAll(async () => {
  target = await newMember(srv, { nickname: 'Target Tom' });
});

describe('the status transition table: approve, block, disconnect', () => {
  const cases = (Object.keys(STATUS_TRANSITIONS) as StatusAction[]).flatMap((action) =>
    MEMBER_STATUSES.map((from) => [action, from] as const),
  );

  it.each(cases)('%s from %s', async (action, from) => {
    await setMember(srv, target.id, { status: from });
    const { to, from: allowed } = STATUS_TRANSITIONS[action];
    const res = await api.post(c.owner, `/members/${target.id}/${action}`);
    if (allowed.includes(from)) {
      expect(res.status).toBe(200);
      expect(res.body.member).toMatchObject({ id: target.id, status: to });
      expect((await memberRow(srv, target.id))!.status).toBe(to);
    } else {
      expect(res.status).toBe(409);
      expect((res.body as unknown as { message: string }).message).toBe(
        `Cannot ${action} a member whose status is ${from} (${from} → ${to})`,
      );
      expect(appCode(res.body)).toBe('INVALID_STATUS_TRANSITION');
      expect(appData(res.body)).toEqual({ from, to });
      expect((await memberRow(srv, target.id))!.status).toBe(from);
    }
  });

  it('is exactly the table of the issue', () => {
    const allowedPairs = cases.filter(([a, f]) => STATUS_TRANSITIONS[a].from.includes(f)).map(([a, f]) => `${a}:${f}`);
    expect(allowedPairs.sort()).toEqual(
      [
        'approve:UNKNOWN',
        'approve:PENDING',
        'approve:BLOCKED',
        'approve:OFFLINE',
        'block:UNKNOWN',
        'block:PENDING',
        'block:APPROVED',
        'block:OFFLINE',
        'disconnect:UNKNOWN',
        'disconnect:PENDING',
        'disconnect:APPROVED',
      ].sort(),
    );
  });
});

describe('blocking and disconnecting sign the member out at once', () => {
  const password = 'moderation test password';

  async function signedUp(): Promise<{ email: string; id: string; access: string; refreshToken: string }> {
    const email = `mod.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const reg = await register(srv, { loginId: { email }, password });
    expect(reg.body.state).toBe('SUCCESS');
    const t = await memberTokens(srv, email);
    return { email, id: reg.body.identity.id, access: t.access, refreshToken: t.refresh };
  }

  beforeAll(async () => {
    const keys = await testKeys(srv);
    await setPolicy(srv, keys.site, { emailVerificationRequired: false, captchaMode: 'NEVER' });
  });

  it('a blocked member: the next call is a 401, the refresh token is dead, login says BLOCKED', async () => {
    const m = await signedUp();
    expect((await api.get(m.access, '/members/my')).status).toBe(200);
    expect((await api.post(c.apiKey, `/members/${m.id}/block`)).status).toBe(200);
    expect((await api.get(m.access, '/members/my')).status).toBe(401);
    expect((await refresh(srv, m.refreshToken)).status).toBe(400);
    const again = await login(srv, { loginId: { email: m.email }, password });
    expect(again.status).toBe(403);
    expect(appCode(again.body)).toBe('IDENTITY_BLOCKED');
    // Approving lets them back in.
    expect((await api.post(c.owner, `/members/${m.id}/approve`)).body.member.status).toBe('APPROVED');
    expect((await login(srv, { loginId: { email: m.email }, password })).body.state).toBe('SUCCESS');
  });

  it('a disconnected member: sessions end, login says OFFLINE', async () => {
    const m = await signedUp();
    expect((await api.post(c.owner, `/members/${m.id}/disconnect`)).body.member.status).toBe('OFFLINE');
    expect((await api.get(m.access, '/members/my')).status).toBe(401);
    const again = await login(srv, { loginId: { email: m.email }, password });
    expect(appCode(again.body)).toBe('IDENTITY_OFFLINE');
  });
});

describe('approving releases the identity', () => {
  it('clears ADMIN_APPROVAL_REQUIRED of a PENDING member, and lifts a rejection', async () => {
    const m = await newMember(srv, { status: 'PENDING' });
    await srv.database.db
      .update(identities)
      .set({ status: 'PENDING', statusReasons: ['ADMIN_APPROVAL_REQUIRED'] })
      .where(eq(identities.id, m.id));
    expect((await api.post(c.owner, `/members/${m.id}/approve`)).status).toBe(200);
    const [identity] = await srv.database.db.select().from(identities).where(eq(identities.id, m.id));
    expect(identity).toMatchObject({ status: 'ACTIVE', statusReasons: [] });

    const rejected = await newMember(srv);
    await setMember(srv, rejected.id, { status: 'BLOCKED' });
    await srv.database.db.update(identities).set({ status: 'BLOCKED' }).where(eq(identities.id, rejected.id));
    expect((await api.post(c.apiKey, `/members/${rejected.id}/approve`)).status).toBe(200);
    const [lifted] = await srv.database.db.select().from(identities).where(eq(identities.id, rejected.id));
    expect(lifted!.status).toBe('ACTIVE');
  });
});

describe('mute and unmute', () => {
  it('set activityStatus, for owners, contributors and API keys, twice is harmless', async () => {
    for (const auth of [c.owner, c.contributor.auth, c.apiKey]) {
      const muted = await api.post(auth, `/members/${target.id}/mute`);
      expect(muted.status).toBe(200);
      expect(muted.body.member.activityStatus).toBe('MUTED');
      expect((await api.post(auth, `/members/${target.id}/mute`)).body.member.activityStatus).toBe('MUTED');
      expect((await memberRow(srv, target.id))!.activityStatus).toBe('MUTED');
      expect((await api.post(auth, `/members/${target.id}/unmute`)).body.member.activityStatus).toBe('ACTIVE');
    }
    // Contributors get EXTENDED back, not contact data.
    const byContributor = await api.post(c.contributor.auth, `/members/${target.id}/mute`);
    expect(byContributor.body.member).not.toHaveProperty('contact');
    expect(byContributor.body.member).not.toHaveProperty('loginEmail');
  });
});

describe('site owners are protected', () => {
  it("can't be blocked, disconnected, muted or deleted, by anyone", async () => {
    for (const auth of [c.owner, c.apiKey]) {
      for (const action of ['block', 'disconnect', 'mute']) {
        const res = await api.post(auth, `/members/${c.ownerId}/${action}`);
        expect(res.status).toBe(403);
        expect(appCode(res.body)).toBe('OWNER_PROTECTED');
      }
      expect(appCode((await api.del(auth, `/members/${c.ownerId}`)).body)).toBe('OWNER_PROTECTED');
    }
    expect(appCode((await api.post(c.contributor.auth, `/members/${c.ownerId}/mute`)).body)).toBe('OWNER_PROTECTED');
    expect(appCode((await api.del(c.owner, '/members/my')).body)).toBe('OWNER_PROTECTED');
    const owner = await memberRow(srv, c.ownerId);
    expect(owner).toMatchObject({ status: 'APPROVED', activityStatus: 'ACTIVE', role: 'OWNER' });
  });
});

describe('wrong callers and bad input', () => {
  it.each(['approve', 'block', 'disconnect', 'mute', 'unmute'])('%s', async (action) => {
    await setMember(srv, target.id, { status: 'PENDING', activityStatus: 'ACTIVE' });
    const path = `/members/${target.id}/${action}`;
    expect((await api.post(undefined, path)).status).toBe(401);
    expect((await api.post(c.visitor, path)).status).toBe(403);
    expect((await api.post(c.memberA.auth, path)).status).toBe(403);
    expect((await api.post(await srv.createApiKey(['reviews']), path)).status).toBe(403);
    if (action !== 'mute' && action !== 'unmute') {
      const res = await api.post<{ member: Member }>(c.contributor.auth, path);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(target.slug);
    }
    expect(violations((await api.post(c.owner, `/members/nope/${action}`)).body)).toEqual(['id:FORMAT']);
    expect((await api.post(c.owner, `/members/0190a3b2-0000-7000-8000-000000000000/${action}`)).status).toBe(404);
    expect(await memberRow(srv, target.id)).toMatchObject({
      status: 'PENDING',
      activityStatus: 'ACTIVE',
    });
  });
});

describe('GET /jobs and calls after a block', () => {
  it('a blocked contributor loses their admin access at once', async () => {
    const helper = await newMember(srv, { role: 'CONTRIBUTOR' });
    expect((await call(srv.url, 'GET', '/members/v1/reports', { auth: helper.auth })).status).toBe(200);
    await api.post(c.owner, `/members/${helper.id}/block`);
    expect((await call(srv.url, 'GET', '/members/v1/reports', { auth: helper.auth })).status).toBe(401);
  });
});
