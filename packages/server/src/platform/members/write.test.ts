import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { memberAuth, newMember } from '../../test/community.js';
import { appCode, violations } from '../../../test/http.js';
import { uuidv7 } from '../../lib/ids.js';
import { identities } from '../identity/tables.js';
import { reviews } from '../reviews/tables.js';
import { memberRow, membersApi } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
const api = membersApi(srv);

const identityOf = async (id: string) =>
  (await srv.database.db.select().from(identities).where(eq(identities.id, id)))[0];

describe('POST /members/v1/members', () => {
  it('creates an identity without password and an APPROVED member with every given field', async () => {
    const res = await api.post(c.owner, '/members', {
      member: {
        loginEmail: ' New.Person@Example.com ',
        contact: {
          firstName: 'New',
          lastName: 'Person',
          company: 'Plaza',
          birthdate: '1990-05-01',
          phones: [{ phone: '+1 555 0100' }],
        },
        profile: { nickname: 'Newbie', title: 'Maker', photo: { url: 'https://img.example.com/n.png' } },
        privacyStatus: 'PRIVATE',
        role: 'CONTRIBUTOR',
      },
    });
    expect(res.status).toBe(200);
    const m = res.body.member;
    expect(m).toMatchObject({
      slug: 'newbie',
      status: 'APPROVED',
      role: 'CONTRIBUTOR',
      privacyStatus: 'PRIVATE',
      loginEmail: 'new.person@example.com',
      profile: { nickname: 'Newbie', title: 'Maker', photo: { url: 'https://img.example.com/n.png' } },
      contact: {
        firstName: 'New',
        lastName: 'Person',
        company: 'Plaza',
        birthdate: '1990-05-01',
        phones: [{ phone: '+1 555 0100', tag: 'UNTAGGED' }],
      },
    });
    const identity = await identityOf(m.id);
    expect(identity).toMatchObject({ email: 'new.person@example.com', passwordHash: null, status: 'ACTIVE' });
  });

  it('a login e-mail in use is a 409; bad input names the field; nothing is created', async () => {
    const dup = await api.post(c.apiKey, '/members', { member: { loginEmail: c.memberA.email.toUpperCase() } });
    expect(dup.status).toBe(409);
    const cases: Array<[unknown, string[]]> = [
      [{ member: {} }, ['member.loginEmail:REQUIRED_FIELD']],
      [{ member: { loginEmail: 'not-an-email' } }, ['member.loginEmail:FORMAT']],
      [
        { member: { loginEmail: 'x1@example.com', profile: { photo: { url: 'javascript:alert(1)' } } } },
        ['member.profile.photo.url:FORMAT'],
      ],
      [{ member: { loginEmail: 'x2@example.com', role: 'KING' } }, ['member.role:INVALID_ENUM_VALUE']],
      [
        { member: { loginEmail: 'x3@example.com', profile: { nickname: 'n'.repeat(101) } } },
        ['member.profile.nickname:MAX_LENGTH'],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await api.post(c.owner, '/members', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(violations(res.body), JSON.stringify(body)).toEqual(expected);
    }
    const rows = await srv.database.db.select().from(identities).where(eq(identities.email, 'x1@example.com'));
    expect(rows).toEqual([]);
  });

  it('is for owners and members API keys; only owners give a role other than MEMBER', async () => {
    const body = { member: { loginEmail: 'nobody@example.com' } };
    expect((await api.post(undefined, '/members', body)).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, await srv.createApiKey(['reviews'])]) {
      expect((await api.post(auth, '/members', body)).status).toBe(403);
    }
    const keyRole = await api.post(c.apiKey, '/members', { member: { loginEmail: 'boss@example.com', role: 'OWNER' } });
    expect(keyRole.status).toBe(403);
    expect(
      (await srv.database.db.select().from(identities).where(eq(identities.email, 'nobody@example.com'))).length,
    ).toBe(0);
  });
});

describe('PATCH /members/v1/members/{id}', () => {
  it('changes only the masked paths, and keeps the identity profile in step', async () => {
    const m = await newMember(srv, { nickname: 'Patchy', firstName: 'Pat', lastName: 'Chee' });
    const res = await api.patch(m.auth, `/members/${m.id}`, {
      member: {
        profile: { nickname: 'Patched', title: 'ignored: not masked' },
        contact: { jobTitle: 'Baker', firstName: 'ignored' },
      },
      fieldMask: { paths: ['profile.nickname', 'contact.jobTitle'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.member.profile).toEqual({ nickname: 'Patched' });
    expect(res.body.member.contact).toEqual({ firstName: 'Pat', lastName: 'Chee', jobTitle: 'Baker' });
    expect(res.body.member.slug).toBe(m.slug);
    expect((await identityOf(m.id))!.profile).toMatchObject({ nickname: 'Patched', firstName: 'Pat' });
    // A parent path replaces the whole group: what it leaves out is cleared.
    const whole = await api.patch(m.auth, `/members/${m.id}`, {
      member: { profile: { title: 'Chef' } },
      fieldMask: { paths: ['profile'] },
    });
    expect(whole.body.member.profile).toEqual({ title: 'Chef' });
    expect((await identityOf(m.id))!.profile).not.toHaveProperty('nickname');
  });

  it('owners and API keys change role and privacy; the last owner keeps the role', async () => {
    const m = await newMember(srv);
    const res = await api.patch(c.owner, `/members/${m.id}`, {
      member: { role: 'CONTRIBUTOR', privacyStatus: 'PRIVATE' },
      fieldMask: { paths: ['role', 'privacyStatus'] },
    });
    expect(res.body.member).toMatchObject({ role: 'CONTRIBUTOR', privacyStatus: 'PRIVATE' });
    const byKey = await api.patch(c.apiKey, `/members/${m.id}`, {
      member: { privacyStatus: 'PUBLIC' },
      fieldMask: { paths: ['privacyStatus'] },
    });
    expect(byKey.body.member.privacyStatus).toBe('PUBLIC');
    const keyRole = await api.patch(c.apiKey, `/members/${m.id}`, {
      member: { role: 'OWNER' },
      fieldMask: { paths: ['role'] },
    });
    expect(keyRole.status).toBe(403);
    const demote = await api.patch(c.owner, `/members/${c.ownerId}`, {
      member: { role: 'MEMBER' },
      fieldMask: { paths: ['role'] },
    });
    expect(demote.status).toBe(409);
    expect(appCode(demote.body)).toBe('LAST_OWNER');
    // With a second owner, the first may step down; the new role applies on the next call.
    await api.patch(c.owner, `/members/${m.id}`, { member: { role: 'OWNER' }, fieldMask: { paths: ['role'] } });
    const stepDown = await api.patch(c.owner, `/members/${c.ownerId}`, {
      member: { role: 'MEMBER' },
      fieldMask: { paths: ['role'] },
    });
    expect(stepDown.body.member.role).toBe('MEMBER');
    expect((await api.post(c.owner, `/members/${c.memberA.id}/block`)).status).toBe(403);
    await api.patch(m.auth, `/members/${c.ownerId}`, { member: { role: 'OWNER' }, fieldMask: { paths: ['role'] } });
    expect((await memberRow(srv, c.ownerId))!.role).toBe('OWNER');
  });

  it('rejects unknown and forbidden mask paths, missing values and bad URLs, changing nothing', async () => {
    const m = await newMember(srv, { nickname: 'Steady' });
    const cases: Array<[string, unknown, string[]]> = [
      [m.auth, { member: { role: 'OWNER' }, fieldMask: { paths: ['role'] } }, ['fieldMask.paths[0]:FIELD_NOT_ALLOWED']],
      [m.auth, { member: {}, fieldMask: { paths: ['loginEmail'] } }, ['fieldMask.paths[0]:FIELD_NOT_ALLOWED']],
      [c.owner, { member: {}, fieldMask: { paths: ['status'] } }, ['fieldMask.paths[0]:FIELD_NOT_ALLOWED']],
      [m.auth, { member: {}, fieldMask: { paths: ['profile.title'] } }, ['member.profile.title:REQUIRED_FIELD']],
      [
        m.auth,
        {
          member: { profile: { cover: { url: 'ftp://x.example.com/c.png' } } },
          fieldMask: { paths: ['profile.cover'] },
        },
        ['member.profile.cover.url:FORMAT'],
      ],
      [
        m.auth,
        { member: { contact: { emails: [{ email: 'nope' }] } }, fieldMask: { paths: ['contact.emails'] } },
        ['member.contact.emails[0].email:FORMAT'],
      ],
      // Without a mask the fields given change (as the platform does): one the caller may not change is named.
      [m.auth, { member: { role: 'OWNER', profile: { nickname: 'x' } } }, ['member.role:FIELD_NOT_ALLOWED']],
      [
        m.auth,
        { member: { profile: { cover: { url: 'ftp://x.example.com/c.png' } } } },
        ['member.profile.cover.url:FORMAT'],
      ],
      [m.auth, { member: {}, fieldMask: { paths: [] } }, ['fieldMask.paths:MIN_SIZE']],
    ];
    for (const [auth, body, expected] of cases) {
      const res = await api.patch(auth, `/members/${m.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(violations(res.body), JSON.stringify(body)).toEqual(expected);
    }
    expect((await memberRow(srv, m.id))!).toMatchObject({ nickname: 'Steady', role: 'MEMBER', coverUrl: null });
  });

  it('refuses members on someone else, contributors on others, visitors, and unknown ids', async () => {
    const body = { member: { profile: { nickname: 'Hijacked' } }, fieldMask: { paths: ['profile.nickname'] } };
    for (const auth of [c.memberB.auth, c.contributor.auth, c.visitor, await srv.createApiKey(['reviews'])]) {
      const res = await api.patch(auth, `/members/${c.memberA.id}`, body);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(c.memberA.email);
    }
    expect((await api.patch(undefined, `/members/${c.memberA.id}`, body)).status).toBe(401);
    expect((await api.patch(c.owner, '/members/0190a3b2-0000-7000-8000-000000000000', body)).status).toBe(404);
    expect((await memberRow(srv, c.memberA.id))!.nickname).toBe('Alice Anders');
  });
});

describe('DELETE /members/v1/members/{id}/phones|emails|addresses', () => {
  it('clears one contact group; the member, owners and API keys may', async () => {
    const m = await newMember(srv);
    await api.patch(m.auth, `/members/${m.id}`, {
      member: {
        contact: {
          phones: [{ phone: '+1 555 0100', tag: 'MOBILE' }],
          emails: [{ email: 'home@example.com', tag: 'HOME' }],
          addresses: [{ address: { city: 'Springfield' } }],
        },
      },
      fieldMask: { paths: ['contact.phones', 'contact.emails', 'contact.addresses'] },
    });
    const phones = await api.del<{ member: { contact: Record<string, unknown> } }>(m.auth, `/members/${m.id}/phones`);
    expect(phones.status).toBe(200);
    expect(phones.body.member.contact).not.toHaveProperty('phones');
    expect(phones.body.member.contact.emails).toHaveLength(1);
    expect((await api.del(c.owner, `/members/${m.id}/emails`)).status).toBe(200);
    expect((await api.del(c.apiKey, `/members/${m.id}/addresses`)).status).toBe(200);
    expect((await memberRow(srv, m.id))!.contact).toEqual({});
    expect((await identityOf(m.id))!.profile).not.toHaveProperty('phones');
  });

  it('refuses others and bad ids, changing nothing', async () => {
    const m = await newMember(srv);
    await api.patch(m.auth, `/members/${m.id}`, {
      member: { contact: { phones: [{ phone: '+1 555 0101' }] } },
      fieldMask: { paths: ['contact.phones'] },
    });
    for (const group of ['phones', 'emails', 'addresses']) {
      expect((await api.del(undefined, `/members/${m.id}/${group}`)).status).toBe(401);
      expect((await api.del(c.memberA.auth, `/members/${m.id}/${group}`)).status).toBe(403);
      expect((await api.del(c.contributor.auth, `/members/${m.id}/${group}`)).status).toBe(403);
      expect((await api.del(c.visitor, `/members/${m.id}/${group}`)).status).toBe(403);
      expect(violations((await api.del(c.owner, `/members/bad/${group}`)).body)).toEqual(['id:FORMAT']);
      expect((await api.del(c.owner, `/members/0190a3b2-0000-7000-8000-000000000000/${group}`)).status).toBe(404);
    }
    expect((await memberRow(srv, m.id))!.contact.phones).toHaveLength(1);
  });
});

describe('DELETE /members/v1/members/{id}', () => {
  async function reviewBy(memberId: string, entityId: string) {
    const id = uuidv7();
    await srv.database.db.insert(reviews).values({
      id,
      namespace: 'stores',
      entityId,
      authorType: 'MEMBER',
      authorMemberId: memberId,
      authorKey: `m:${memberId}`,
      rating: 4,
      moderationStatus: 'IN_MODERATION',
      relevanceScore: 1,
      reviewDate: new Date(),
    });
    return id;
  }
  const reviewRow = async (id: string) => (await srv.database.db.select().from(reviews).where(eq(reviews.id, id)))[0];

  it('deletes identity and member, ends sessions, hands reviews to the assignee or removes them', async () => {
    const m = await newMember(srv);
    const token = await memberAuth(srv, m.email);
    const kept = await reviewBy(m.id, 'product-1');
    const res = await api.del(c.owner, `/members/${m.id}?contentAssigneeId=${c.memberB.id}`);
    expect(res.status).toBe(200);
    expect(await memberRow(srv, m.id)).toBeUndefined();
    expect(await identityOf(m.id)).toBeUndefined();
    expect((await api.get(token, '/members/my')).status).toBe(401);
    expect((await reviewRow(kept))!.authorMemberId).toBe(c.memberB.id);

    const n = await newMember(srv);
    const gone = await reviewBy(n.id, 'product-2');
    expect((await api.del(c.apiKey, `/members/${n.id}`)).status).toBe(200);
    expect(await reviewRow(gone)).toBeUndefined();
  });

  it('checks contentAssigneeId and callers, deleting nothing', async () => {
    const m = await newMember(srv);
    expect(violations((await api.del(c.owner, `/members/${m.id}?contentAssigneeId=${m.id}`)).body)).toEqual([
      'contentAssigneeId:VALIDATION',
    ]);
    const ghost = '0190a3b2-0000-7000-8000-000000000000';
    expect(violations((await api.del(c.owner, `/members/${m.id}?contentAssigneeId=${ghost}`)).body)).toEqual([
      'contentAssigneeId:VALIDATION',
    ]);
    expect((await api.del(c.owner, `/members/${ghost}`)).status).toBe(404);
    expect((await api.del(undefined, `/members/${m.id}`)).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, m.auth, c.contributor.auth, await srv.createApiKey(['reviews'])]) {
      expect((await api.del(auth, `/members/${m.id}`)).status).toBe(403);
    }
    expect(await memberRow(srv, m.id)).toBeDefined();
  });
});
