import { beforeAll, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { CALLERS, callerAuth, newMember, type Caller, type TestMember } from '../../test/community.js';
import { call } from '../../../test/http.js';
import { BEYOND_PUBLIC, FULL_ONLY, setMember } from './testing.js';

/**
 * The access matrix: every members route against the six callers (and no caller at all). Each cell is the expected
 * status; every answer is also searched for leaks: no more than PUBLIC of others to visitors and members, no contact
 * data to contributors, no PRIVATE or unapproved members to PUBLIC readers.
 */
type Who = Caller;

const { srv, c } = serverSuite({ cast: true });
let hidden: TestMember;
let pending: TestMember;
let n = 0;
const GHOST = '0190a3b2-0000-7000-8000-000000000000';

beforeAll(async () => {
  hidden = await newMember(srv, { nickname: 'Matrix Hidden', privacyStatus: 'PRIVATE' });
  pending = await newMember(srv, { nickname: 'Matrix Pending', status: 'PENDING' });
});

const auth = (who: Who): string => callerAuth(c, who);
const idOf = (who: Who): string | undefined =>
  ({ memberA: c.memberA.id, memberB: c.memberB.id, contributor: c.contributor.id, owner: c.ownerId })[who as string];

interface Row {
  name: string;
  /** Builds a fresh request for one caller (targets that a call uses up are made anew). */
  request: (who: Who) => Promise<{ method: string; path: string; body?: unknown }>;
  expect: [visitor: number, memberA: number, memberB: number, contributor: number, owner: number, apiKey: number];
}

const fresh = (opts: Parameters<typeof newMember>[1] = {}) => newMember(srv, opts);
const post = (path: string, body?: unknown) => ({ method: 'POST', path: `/members/v1${path}`, body });
const B = () => c.memberB.id;

const ROWS: Row[] = [
  {
    name: 'GET /members/my',
    request: async () => ({ method: 'GET', path: '/members/v1/members/my?fieldsets=FULL' }),
    expect: [403, 200, 200, 200, 200, 403],
  },
  {
    name: 'POST /members/my/slug',
    request: async () => post('/members/my/slug', { slug: `matrix-${++n}` }),
    expect: [403, 200, 200, 200, 200, 403],
  },
  {
    name: 'POST /members/{id}/slug',
    request: async () => post(`/members/${B()}/slug`, { slug: `matrix-b-${++n}` }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members/leave-community',
    request: async () => post('/members/leave-community'),
    expect: [403, 200, 200, 200, 200, 403],
  },
  {
    name: 'POST /members/join-community',
    request: async () => post('/members/join-community'),
    expect: [403, 200, 200, 200, 200, 403],
  },
  {
    name: 'GET /members/{id} (public)',
    request: async () => ({ method: 'GET', path: `/members/v1/members/${B()}?fieldsets=FULL` }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'GET /members/{id} (private)',
    request: async () => ({ method: 'GET', path: `/members/v1/members/${hidden.id}?fieldsets=FULL` }),
    expect: [404, 404, 404, 200, 200, 200],
  },
  {
    name: 'GET /members/{id} (pending)',
    request: async () => ({ method: 'GET', path: `/members/v1/members/${pending.id}` }),
    expect: [404, 404, 404, 200, 200, 200],
  },
  {
    name: 'GET /members',
    request: async () => ({ method: 'GET', path: '/members/v1/members?fieldsets=FULL&paging.limit=100' }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'POST /members/query',
    request: async () => post('/members/query', { query: { paging: { limit: 100 } }, fieldsets: ['FULL'] }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'POST /members/{id}/mute',
    request: async () => post(`/members/${(await fresh()).id}/mute`),
    expect: [403, 403, 403, 200, 200, 200],
  },
  {
    name: 'POST /members/{id}/unmute',
    request: async () => post(`/members/${(await fresh()).id}/unmute`),
    expect: [403, 403, 403, 200, 200, 200],
  },
  {
    name: 'POST /members/{id}/approve',
    request: async () => post(`/members/${(await fresh({ status: 'PENDING' })).id}/approve`),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members/{id}/block',
    request: async () => post(`/members/${(await fresh()).id}/block`),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members/{id}/disconnect',
    request: async () => post(`/members/${(await fresh()).id}/disconnect`),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'DELETE /members/{id}',
    request: async () => ({ method: 'DELETE', path: `/members/v1/members/${(await fresh()).id}` }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'DELETE /members/my (a bad assignee: nothing deleted; owners protected)',
    request: async () => ({ method: 'DELETE', path: `/members/v1/members/my?contentAssigneeId=${GHOST}` }),
    expect: [403, 400, 400, 400, 403, 403],
  },
  {
    name: 'POST /members/bulk/delete',
    request: async () => post('/members/bulk/delete', { memberIds: [GHOST] }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members/bulk/delete-by-filter',
    request: async () => post('/members/bulk/delete-by-filter', { filter: { id: GHOST } }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members/bulk/approve-by-filter',
    request: async () => post('/members/bulk/approve-by-filter', { filter: { id: GHOST } }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members/bulk/block-by-filter',
    request: async () => post('/members/bulk/block-by-filter', { filter: { id: GHOST } }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'POST /members',
    request: async () => post('/members', { member: { loginEmail: `matrix${++n}@example.com` } }),
    expect: [403, 403, 403, 403, 200, 200],
  },
  {
    name: 'PATCH /members/{id} (member B)',
    request: async () => ({
      method: 'PATCH',
      path: `/members/v1/members/${B()}`,
      body: { member: { profile: { title: 'T' } }, fieldMask: { paths: ['profile.title'] } },
    }),
    expect: [403, 403, 200, 403, 200, 200],
  },
  ...(['phones', 'emails', 'addresses'] as const).map((group): Row => ({
    name: `DELETE /members/{id}/${group} (member B)`,
    request: async () => ({ method: 'DELETE', path: `/members/v1/members/${B()}/${group}` }),
    expect: [403, 403, 200, 403, 200, 200],
  })),
  {
    name: 'POST /reports',
    request: async () => post('/reports', { memberId: (await fresh()).id, reason: 'SPAM' }),
    expect: [403, 200, 200, 200, 200, 403],
  },
  {
    name: 'GET /reports',
    request: async () => ({ method: 'GET', path: '/members/v1/reports' }),
    expect: [403, 403, 403, 200, 200, 200],
  },
  {
    name: 'POST /reports/{id}/resolve',
    request: async () => {
      const target = await fresh();
      const r = await call<{ report: { id: string } }>(srv.url, 'POST', '/members/v1/reports', {
        auth: c.memberA.auth,
        body: { memberId: target.id, reason: 'OTHER' },
      });
      return post(`/reports/${r.body.report.id}/resolve`, { action: 'DISMISS' });
    },
    expect: [403, 403, 403, 403, 200, 200],
  },
];

/** Every member-shaped object in a response. */
function membersIn(body: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(body)) body.forEach((x) => membersIn(x, out));
  else if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    if (typeof o.slug === 'string' && typeof o.privacyStatus === 'string') out.push(o);
    Object.values(o).forEach((x) => membersIn(x, out));
  }
  return out;
}

function assertNoLeak(who: Who, body: unknown): void {
  const self = idOf(who);
  for (const m of membersIn(body)) {
    if (m.id === self) continue;
    if (who === 'visitor' || who === 'memberA' || who === 'memberB') {
      for (const k of BEYOND_PUBLIC) expect(m, `${who} sees ${k}`).not.toHaveProperty(k);
      expect(m.privacyStatus, `${who} sees a PRIVATE member`).toBe('PUBLIC');
      expect([hidden.id, pending.id]).not.toContain(m.id);
    }
    if (who === 'contributor') for (const k of FULL_ONLY) expect(m, `contributor sees ${k}`).not.toHaveProperty(k);
  }
}

describe('members access matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const anonymous = await row.request('visitor');
    const none = await call(srv.url, anonymous.method, anonymous.path, anonymous.body ? { body: anonymous.body } : {});
    expect(none.status, 'no caller').toBe(401);
    for (const [i, who] of CALLERS.entries()) {
      if (row.name.startsWith('POST /members/join') || row.name.startsWith('POST /members/leave')) {
        // Leave the cast as it was: everyone PUBLIC.
        const id = idOf(who);
        if (id) await setMember(srv, id, { privacyStatus: 'PUBLIC' });
      }
      const req = await row.request(who);
      const res = await call(srv.url, req.method, req.path, {
        auth: auth(who),
        ...(req.body !== undefined ? { body: req.body } : {}),
      });
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(row.expect[i]);
      assertNoLeak(who, res.body);
    }
    for (const who of ['memberA', 'memberB', 'contributor'] as const)
      await setMember(srv, idOf(who)!, { privacyStatus: 'PUBLIC' });
  });
});
