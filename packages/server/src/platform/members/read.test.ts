import { beforeAll, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { newMember, type TestMember } from '../../test/community.js';
import { appCode, violations } from '../../../test/http.js';
import { BEYOND_PUBLIC, FULL_ONLY, membersApi } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
const api = membersApi(srv);
let hidden: TestMember;
let blocked: TestMember;

beforeAll(async () => {
  hidden = await newMember(srv, { nickname: 'Hidden Hanna', privacyStatus: 'PRIVATE', firstName: 'Hanna' });
  blocked = await newMember(srv, { nickname: 'Blocked Boris', status: 'BLOCKED' });
});

describe('GET /members/v1/members/my', () => {
  it('gives the member FULL of themselves, or less when asked', async () => {
    const res = await api.get(c.memberA.auth, '/members/my');
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({
      id: c.memberA.id,
      slug: c.memberA.slug,
      profile: { nickname: 'Alice Anders' },
      privacyStatus: 'PUBLIC',
      status: 'APPROVED',
      activityStatus: 'ACTIVE',
      role: 'MEMBER',
      loginEmail: c.memberA.email,
      contact: { firstName: 'Alice', lastName: 'Anders' },
    });
    const pub = await api.get(c.memberA.auth, '/members/my?fieldsets=PUBLIC');
    expect(Object.keys(pub.body.member).sort()).toEqual(['id', 'privacyStatus', 'profile', 'slug']);
  });

  it('refuses visitors, API keys and bad fieldsets', async () => {
    expect((await api.get(undefined, '/members/my')).status).toBe(401);
    expect((await api.get(c.visitor, '/members/my')).status).toBe(403);
    expect((await api.get(c.apiKey, '/members/my')).status).toBe(403);
    const bad = await api.get(c.memberA.auth, '/members/my?fieldsets=EVERYTHING');
    expect(violations(bad.body)).toEqual(['fieldsets[0]:INVALID_ENUM_VALUE']);
  });
});

describe('GET /members/v1/members/{id}', () => {
  it('shows others PUBLIC by default, and no more than PUBLIC to visitors and members', async () => {
    for (const auth of [c.visitor, c.memberB.auth]) {
      const res = await api.get(auth, `/members/${c.memberA.id}?fieldsets=FULL`);
      expect(res.status).toBe(200);
      expect(res.body.member).toEqual({
        id: c.memberA.id,
        slug: c.memberA.slug,
        profile: { nickname: 'Alice Anders' },
        privacyStatus: 'PUBLIC',
      });
    }
  });

  it('caps contributors at EXTENDED and gives owners and API keys FULL', async () => {
    const contributor = await api.get(c.contributor.auth, `/members/${c.memberA.id}?fieldsets=FULL`);
    expect(contributor.body.member).toMatchObject({ status: 'APPROVED', role: 'MEMBER' });
    for (const k of FULL_ONLY) expect(contributor.body.member).not.toHaveProperty(k);
    for (const auth of [c.owner, c.apiKey]) {
      const res = await api.get(auth, `/members/${c.memberA.id}?fieldsets=FULL&fieldsets=PUBLIC`);
      expect(res.body.member).toMatchObject({ loginEmail: c.memberA.email, contact: { firstName: 'Alice' } });
    }
    const dflt = await api.get(c.owner, `/members/${c.memberA.id}`);
    for (const k of BEYOND_PUBLIC) expect(dflt.body.member).not.toHaveProperty(k);
  });

  it('hides PRIVATE and not-approved members from visitors and members as not found (not forbidden)', async () => {
    for (const target of [hidden, blocked]) {
      for (const auth of [c.visitor, c.memberA.auth]) {
        const res = await api.get(auth, `/members/${target.id}`);
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(target.slug);
      }
      expect((await api.get(c.owner, `/members/${target.id}`)).status).toBe(200);
      expect((await api.get(c.contributor.auth, `/members/${target.id}`)).status).toBe(200);
    }
    // One's own private member is always there.
    const own = await api.get(hidden.auth, `/members/${hidden.id}?fieldsets=FULL`);
    expect(own.body.member).toMatchObject({ privacyStatus: 'PRIVATE', contact: { firstName: 'Hanna' } });
  });

  it('answers bad ids, unknown ids and callers without access', async () => {
    expect(violations((await api.get(c.owner, '/members/not-a-uuid')).body)).toEqual(['id:FORMAT']);
    const unknown = await api.get(c.owner, '/members/0190a3b2-0000-7000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(appCode(unknown.body)).toBe('NOT_FOUND');
    expect((await api.get(undefined, `/members/${c.memberA.id}`)).status).toBe(401);
    const reviewsKey = await srv.createApiKey(['reviews']);
    expect((await api.get(reviewsKey, `/members/${c.memberA.id}`)).status).toBe(403);
  });
});

describe('GET /members/v1/members', () => {
  it('lists the community to visitors: PUBLIC, APPROVED members only, sorted by nickname with paging', async () => {
    const res = await api.list(c.visitor, '?paging.limit=100&fieldsets=FULL');
    expect(res.status).toBe(200);
    const ids = res.body.members.map((m) => m.id);
    expect(ids).toContain(c.memberA.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(blocked.id);
    for (const m of res.body.members) for (const k of BEYOND_PUBLIC) expect(m).not.toHaveProperty(k);
    const nicks = res.body.members.map((m) => m.profile.nickname ?? '');
    expect(nicks).toEqual([...nicks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.body.metadata).toEqual({ count: ids.length, offset: 0, total: ids.length });
  });

  it('pages without overlap and counts the total, and sorts by other keys', async () => {
    const all = await api.list(c.owner, '?paging.limit=100');
    const total = all.body.metadata.total;
    expect(total).toBeGreaterThanOrEqual(6);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const page = await api.list(c.owner, `?paging.limit=2&paging.offset=${offset}`);
      expect(page.body.metadata).toMatchObject({ offset, total });
      seen.push(...page.body.members.map((m) => m.id));
    }
    expect(seen).toEqual(all.body.members.map((m) => m.id));
    const newest = await api.list(c.owner, '?sorting.fieldName=createdDate&sorting.order=DESC&fieldsets=EXTENDED');
    const dates = newest.body.members.map((m) => m.createdDate!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('rejects bad paging, sorting and fieldsets, and sorting by names for readers of PUBLIC', async () => {
    expect(violations((await api.list(c.owner, '?paging.limit=0')).body)).toEqual(['paging.limit:MIN']);
    expect(violations((await api.list(c.owner, '?sorting.fieldName=password')).body)).toEqual([
      'sorting.fieldName:INVALID_ENUM_VALUE',
    ]);
    expect(violations((await api.list(c.visitor, '?sorting.fieldName=contact.lastName')).body)).toEqual([
      'sorting[0].fieldName:FIELD_NOT_ALLOWED',
    ]);
    expect((await api.list(undefined)).status).toBe(401);
  });
});

describe('POST /members/v1/members/query', () => {
  const q = (filter: unknown, extra: Record<string, unknown> = {}) => ({
    query: { filter, paging: { limit: 100 } },
    fieldsets: ['EXTENDED'],
    ...extra,
  });

  it('filters with every operator', async () => {
    const statusIn = await api.query(c.owner, q({ status: { $in: ['BLOCKED', 'PENDING'] } }));
    expect(statusIn.body.members.map((m) => m.id)).toEqual([blocked.id]);
    const notApproved = await api.query(c.owner, q({ status: { $ne: 'APPROVED' } }));
    expect(notApproved.body.members.map((m) => m.id)).toEqual([blocked.id]);
    const nin = await api.query(c.owner, q({ status: { $nin: ['APPROVED'] }, role: 'MEMBER' }));
    expect(nin.body.members.map((m) => m.id)).toEqual([blocked.id]);
    const contributors = await api.query(c.owner, q({ role: { $eq: 'CONTRIBUTOR' } }));
    expect(contributors.body.members.map((m) => m.id)).toEqual([c.contributor.id]);
    const since = await api.query(c.owner, q({ createdDate: { $gte: '2000-01-01T00:00:00Z', $lt: '2999-01-01' } }));
    expect(since.body.metadata.total).toBe((await api.list(c.owner)).body.metadata.total);
    const none = await api.query(c.owner, q({ createdDate: { $gt: '2999-01-01T00:00:00Z' } }));
    expect(none.body).toEqual({ members: [], metadata: { count: 0, offset: 0, total: 0 } });
    const nick = await api.query(c.owner, q({ 'profile.nickname': { $gte: 'Bob', $lte: 'Bob~' } }));
    expect(nick.body.members.map((m) => m.id)).toEqual([c.memberB.id]);
    const never = await api.query(c.owner, q({ lastLoginDate: null, id: c.memberA.id }));
    expect(never.body.members.map((m) => m.id)).toEqual([c.memberA.id]);
  });

  it('maps legacy statuses: ACTIVE is APPROVED, BLOCKED is BLOCKED', async () => {
    const legacy = await api.query(c.owner, q({ status: { $in: ['BLOCKED', 'OFFLINE_ONLY'] } }));
    expect(legacy.body.members.map((m) => m.id)).toEqual([blocked.id]);
    const active = await api.query(c.owner, q({ status: 'ACTIVE' }));
    const approved = await api.query(c.owner, q({ status: 'APPROVED' }));
    expect(active.body.members.map((m) => m.id)).toEqual(approved.body.members.map((m) => m.id));
    expect(active.body.members.length).toBeGreaterThan(3);
  });

  it('searches names, nickname and e-mail for owners; the nickname only for others', async () => {
    const byEmail = await api.query(c.owner, { search: { expression: c.memberB.email.slice(0, 8).toUpperCase() } });
    expect(byEmail.body.members.map((m) => m.id)).toContain(c.memberB.id);
    const byName = await api.query(c.owner, { search: { expression: 'hanna' } });
    expect(byName.body.members.map((m) => m.id)).toEqual([hidden.id]);
    const visitorByEmail = await api.query(c.visitor, { search: { expression: c.memberB.email } });
    expect(visitorByEmail.body.members).toEqual([]);
    const visitorByNick = await api.query(c.visitor, { search: { expression: 'bob b' } });
    expect(visitorByNick.body.members.map((m) => m.id)).toEqual([c.memberB.id]);
    // LIKE wildcards are literal.
    expect((await api.query(c.owner, { search: { expression: '%' } })).body.members).toEqual([]);
  });

  it('sorts by up to three keys with id as the last tie-break', async () => {
    const res = await api.query(c.owner, {
      query: {
        sort: [{ fieldName: 'contact.lastName', order: 'DESC' }, { fieldName: 'slug' }],
        paging: { limit: 100 },
      },
    });
    expect(res.status).toBe(200);
    // DESC puts members without a last name first (as the index orders them), then Brown before Anders.
    expect(res.body.members.slice(-2).map((m) => m.id)).toEqual([c.memberB.id, c.memberA.id]);
  });

  it('never shows PRIVATE or not-approved members to visitors, whatever the filter', async () => {
    for (const filter of [{ id: hidden.id }, { status: 'BLOCKED' }, { privacyStatus: 'PRIVATE' }]) {
      const res = await api.query(c.visitor, q(filter));
      expect(res.body).toEqual({ members: [], metadata: { count: 0, offset: 0, total: 0 } });
    }
  });

  it('names the field and rule of a bad filter or sort', async () => {
    const cases: Array<[unknown, string[]]> = [
      [q({ status: 'SLEEPING' }), ['query.filter.status:INVALID_ENUM_VALUE']],
      [q({ status: { $in: ['APPROVED', 'NOPE'] } }), ['query.filter.status:INVALID_ENUM_VALUE']],
      [q({ password: 'x' }), ['query.filter.password:FIELD_NOT_ALLOWED']],
      [q({ status: { $regex: 'A.*' } }), ['query.filter.status.$regex:FIELD_NOT_ALLOWED']],
      [q({ status: { $gt: 'APPROVED' } }), ['query.filter.status.$gt:FIELD_NOT_ALLOWED']],
      [q({ createdDate: { $gt: 'yesterday' } }), ['query.filter.createdDate:FORMAT']],
      [q({ id: 'abc' }), ['query.filter.id:FORMAT']],
      [q({ slug: 5 }), ['query.filter.slug:FORMAT']],
      [q({ status: { $in: [] } }), ['query.filter.status:FORMAT']],
      [q({ 'profile.nickname': {} }), ['query.filter.profile.nickname:REQUIRED_FIELD']],
      [{ query: { sort: [{ fieldName: 'password' }] } }, ['query.sort[0].fieldName:INVALID_ENUM_VALUE']],
      [{ query: { paging: { limit: 101 } } }, ['query.paging.limit:MAX']],
      [{ search: { expression: '' } }, ['search.expression:MIN_LENGTH']],
      [{ nope: 1 }, ['nope:FIELD_NOT_ALLOWED']],
    ];
    for (const [body, expected] of cases) {
      const res = await api.query(c.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(violations(res.body), JSON.stringify(body)).toEqual(expected);
    }
    // Fields beyond PUBLIC are not filterable by visitors (no narrowing down by e-mail or real name).
    const probe = await api.query(c.visitor, q({ loginEmail: c.memberA.email, 'contact.firstName': 'Alice' }));
    expect(violations(probe.body)).toEqual([
      'query.filter.loginEmail:FIELD_NOT_ALLOWED',
      'query.filter.contact.firstName:FIELD_NOT_ALLOWED',
    ]);
    expect((await api.query(undefined, {})).status).toBe(401);
  });
});
