import { describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { newMember } from '../../test/community.js';
import { appCode, violations } from '../../../test/http.js';
import { memberRow, membersApi } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
const api = membersApi(srv);

describe('POST /members/v1/members/my/slug', () => {
  it('changes my slug; the same slug again changes nothing', async () => {
    const res = await api.post(c.memberA.auth, '/members/my/slug', { slug: 'alice-the-first' });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ id: c.memberA.id, slug: 'alice-the-first', loginEmail: c.memberA.email });
    expect((await api.post(c.memberA.auth, '/members/my/slug', { slug: 'alice-the-first' })).status).toBe(200);
    expect((await memberRow(srv, c.memberA.id))!.slug).toBe('alice-the-first');
  });

  it('a taken slug is a 409 and nothing changes', async () => {
    const before = (await memberRow(srv, c.memberB.id))!.slug;
    const res = await api.post(c.memberB.auth, '/members/my/slug', { slug: 'alice-the-first' });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('SLUG_ALREADY_EXISTS');
    expect((await memberRow(srv, c.memberB.id))!.slug).toBe(before);
  });

  it('checks the slug pattern and the caller', async () => {
    for (const slug of ['Upper', 'two--dashes', '-edge', 'spa ce', '', 'x'.repeat(101)]) {
      const res = await api.post(c.memberB.auth, '/members/my/slug', { slug });
      expect(res.status, slug).toBe(400);
      expect(violations(res.body)[0], slug).toMatch(/^slug:(FORMAT|MIN_LENGTH|MAX_LENGTH)$/);
    }
    expect(violations((await api.post(c.memberB.auth, '/members/my/slug', {})).body)).toEqual(['slug:REQUIRED_FIELD']);
    expect((await api.post(undefined, '/members/my/slug', { slug: 'anon' })).status).toBe(401);
    expect((await api.post(c.visitor, '/members/my/slug', { slug: 'anon' })).status).toBe(403);
    expect((await api.post(c.apiKey, '/members/my/slug', { slug: 'anon' })).status).toBe(403);
  });

  it('ten members claiming one slug at the same moment: exactly one wins', async () => {
    const racers = await Promise.all(Array.from({ length: 10 }, () => newMember(srv)));
    const results = await Promise.all(racers.map((m) => api.post(m.auth, '/members/my/slug', { slug: 'the-one' })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = racers[results.findIndex((r) => r.status === 200)]!;
    expect((await memberRow(srv, winner.id))!.slug).toBe('the-one');
    for (const r of results.filter((x) => x.status === 409)) expect(appCode(r.body)).toBe('SLUG_ALREADY_EXISTS');
  });
});

describe('POST /members/v1/members/{id}/slug', () => {
  it('owners and API keys change anyone’s slug; taken is a 409', async () => {
    const res = await api.post(c.owner, `/members/${c.memberB.id}/slug`, { slug: 'bob-by-owner' });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ slug: 'bob-by-owner', loginEmail: c.memberB.email });
    const byKey = await api.post(c.apiKey, `/members/${c.memberB.id}/slug`, { slug: 'bob-by-key' });
    expect(byKey.body.member.slug).toBe('bob-by-key');
    expect((await api.post(c.owner, `/members/${c.memberB.id}/slug`, { slug: 'alice-the-first' })).status).toBe(409);
  });

  it('refuses members (even on themselves), contributors and visitors; bad input names the field', async () => {
    const path = `/members/${c.memberB.id}/slug`;
    expect((await api.post(c.memberB.auth, path, { slug: 'mine' })).status).toBe(403);
    expect((await api.post(c.contributor.auth, path, { slug: 'mine' })).status).toBe(403);
    expect((await api.post(c.visitor, path, { slug: 'mine' })).status).toBe(403);
    expect((await api.post(undefined, path, { slug: 'mine' })).status).toBe(401);
    expect(violations((await api.post(c.owner, path, { slug: 'Not Valid' })).body)).toEqual(['slug:FORMAT']);
    const unknown = '/members/0190a3b2-0000-7000-8000-000000000000/slug';
    expect((await api.post(c.owner, unknown, { slug: 'ghost' })).status).toBe(404);
    expect((await memberRow(srv, c.memberB.id))!.slug).toBe('bob-by-key');
  });
});

describe('join and leave the community', () => {
  it('leave makes me PRIVATE (gone from public lists), join PUBLIC again', async () => {
    const m = await newMember(srv, { nickname: 'Wanderer' });
    const left = await api.post(m.auth, '/members/leave-community');
    expect(left.status).toBe(200);
    expect(left.body.member).toMatchObject({ id: m.id, privacyStatus: 'PRIVATE' });
    expect((await api.get(c.visitor, `/members/${m.id}`)).status).toBe(404);
    const list = await api.query(c.memberA.auth, { search: { expression: 'wanderer' } });
    expect(list.body.members).toEqual([]);
    const joined = await api.post(m.auth, '/members/join-community', {});
    expect(joined.body.member.privacyStatus).toBe('PUBLIC');
    expect((await api.get(c.visitor, `/members/${m.id}`)).status).toBe(200);
  });

  it('is only for members', async () => {
    for (const path of ['/members/join-community', '/members/leave-community']) {
      expect((await api.post(undefined, path)).status).toBe(401);
      expect((await api.post(c.visitor, path)).status).toBe(403);
      expect((await api.post(c.apiKey, path)).status).toBe(403);
    }
  });
});

describe('DELETE /members/v1/members/my', () => {
  it('deletes my identity and member; my token stops working', async () => {
    const m = await newMember(srv);
    const res = await api.del(m.auth, `/members/my?contentAssigneeId=${c.memberA.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await memberRow(srv, m.id)).toBeUndefined();
    expect((await api.get(m.auth, '/members/my')).status).toBe(401);
  });

  it('checks contentAssigneeId (another, existing, visible member) and changes nothing when it is bad', async () => {
    const m = await newMember(srv);
    const hidden = await newMember(srv, { privacyStatus: 'PRIVATE' });
    for (const [query, rule] of [
      [`?contentAssigneeId=${m.id}`, 'contentAssigneeId:VALIDATION'],
      ['?contentAssigneeId=0190a3b2-0000-7000-8000-000000000000', 'contentAssigneeId:VALIDATION'],
      [`?contentAssigneeId=${hidden.id}`, 'contentAssigneeId:VALIDATION'],
      ['?contentAssigneeId=nope', 'contentAssigneeId:FORMAT'],
      ['?other=1', 'other:FIELD_NOT_ALLOWED'],
    ] as const) {
      const res = await api.del(m.auth, `/members/my${query}`);
      expect(res.status, query).toBe(400);
      expect(violations(res.body), query).toEqual([rule]);
    }
    expect(await memberRow(srv, m.id)).toBeDefined();
    expect((await api.get(m.auth, '/members/my')).status).toBe(200);
  });

  it('is only for members', async () => {
    expect((await api.del(undefined, '/members/my')).status).toBe(401);
    expect((await api.del(c.visitor, '/members/my')).status).toBe(403);
    expect((await api.del(c.apiKey, '/members/my')).status).toBe(403);
  });
});
