import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@plaza/contracts';
import { appCode, violations } from '../../../test/http.js';
import { identities } from './tables.js';
import { members } from '../members/tables.js';
import { consumeSessionToken } from './sessions.service.js';
import { identitySuite, latestCode, mailbox, newEmail, register, setPolicy } from './testing.js';

const { srv, keys } = identitySuite();

const password = 'correct horse battery';
/** A valid sign-up of x@example.com but for this profile (the profile validation cases). */
const withProfile = (profile: Record<string, unknown>) => ({ loginId: { email: 'x@example.com' }, password, profile });
const countIdentities = async () =>
  Number((await srv.database.db.select({ n: sql<number>`count(*)` }).from(identities))[0]!.n);
const memberOf = async (id: string) => (await srv.database.db.select().from(members).where(eq(members.id, id)))[0];

describe('POST /identity/v2/register', () => {
  it('answers REQUIRE_EMAIL_VERIFICATION under the default policy and mails a 6-digit code', async () => {
    const email = newEmail();
    const res = await register(srv, { loginId: { email }, password, profile: { nickname: 'Ada L.' } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(res.body.stateToken).toMatch(/^vs_[A-Za-z0-9_-]{43}$/);
    expect(res.body.sessionToken).toBeUndefined();
    expect(res.body.identity).toMatchObject({
      revision: '1',
      email: { address: email, isVerified: false },
      status: { name: 'PENDING', reasons: ['EMAIL_VERIFICATION_REQUIRED'] },
      identityProfile: { nickname: 'Ada L.' },
    });
    const [mail] = await mailbox(srv, keys.mailbox, email);
    expect(mail).toMatchObject({ to: email, template: 'VERIFICATION_CODE', status: 'DEV_MAILBOX' });
    expect(mail!.subject).toMatch(/^\d{6} is your Plaza Demo Store verification code$/);
    expect(await latestCode(srv, keys.mailbox, email)).toMatch(/^\d{6}$/);
    // The member exists from the start, with a slug from the nickname; `sub` = identity id = member id.
    expect(await memberOf(res.body.identity.id)).toMatchObject({
      slug: 'ada-l',
      role: 'MEMBER',
      status: 'APPROVED',
      privacyStatus: 'PUBLIC',
      nickname: 'Ada L.',
    });
  });

  it('answers SUCCESS with a single-use session token when no verification is required', async () => {
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    try {
      const email = newEmail();
      const res = await register(srv, { loginId: { email }, password }, { 'user-agent': 'vitest-agent' });
      expect(res.status).toBe(200);
      expect(res.body.state).toBe('SUCCESS');
      expect(res.body.stateToken).toBeUndefined();
      expect(res.body.identity.status).toEqual({ name: 'ACTIVE', reasons: [] });
      expect(res.body.identity.lastLoginDate).toBeDefined();
      const session = await consumeSessionToken(srv.ctx(), res.body.sessionToken!);
      expect(session).toMatchObject({ identityId: res.body.identity.id, amr: ['pwd'] });
      expect(await consumeSessionToken(srv.ctx(), res.body.sessionToken!)).toBeUndefined();
      expect((await memberOf(res.body.identity.id))!.lastLoginDate).toBeInstanceOf(Date);
    } finally {
      await setPolicy(srv, keys.site, { emailVerificationRequired: true });
    }
  });

  it('answers REQUIRE_OWNER_APPROVAL (after verification) when the owner approves members', async () => {
    await setPolicy(srv, keys.site, { emailVerificationRequired: false, ownerApprovalRequired: true });
    try {
      const res = await register(srv, { loginId: { email: newEmail() }, password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { status: { name: 'PENDING', reasons: ['ADMIN_APPROVAL_REQUIRED'] } },
      });
      expect(res.body.sessionToken).toBeUndefined();
      expect((await memberOf(res.body.identity.id))!.status).toBe('PENDING');
    } finally {
      await setPolicy(srv, keys.site, { emailVerificationRequired: true, ownerApprovalRequired: false });
    }
  });

  it('stores the profile with default tags and typed custom fields', async () => {
    const profile = {
      firstName: 'Grace',
      lastName: 'Hopper',
      picture: 'https://example.com/g.png',
      emails: [{ email: 'work@example.com', tag: 'WORK' }, { email: 'g@example.com' }],
      phones: [{ countryCode: 'US', phone: '+1 555 0100', tag: 'MOBILE' }],
      addresses: [{ address: { country: 'US', city: 'Arlington', addressLine: '1 Navy Way' }, tag: 'HOME' }],
      customFields: [
        { name: 'shoeSize', value: { numValue: 38 } },
        { name: 'site', type: 'URL', value: { strValue: 'https://grace.example' } },
        { name: 'li', type: 'SOCIAL', socialType: 'LINKEDIN', value: { strValue: 'https://linkedin.com/in/g' } },
        { name: 'born', value: { dateValue: '1906-12-09T00:00:00.000Z' } },
      ],
    };
    const res = await register(srv, { loginId: { email: newEmail() }, password, profile });
    expect(res.status).toBe(200);
    expect(res.body.identity.identityProfile).toEqual({
      ...profile,
      emails: [
        { email: 'work@example.com', tag: 'WORK' },
        { email: 'g@example.com', tag: 'UNTAGGED' },
      ],
      customFields: [
        { name: 'shoeSize', type: 'NUMBER', value: { numValue: 38 } },
        profile.customFields[1],
        profile.customFields[2],
        { name: 'born', type: 'DATE', value: { dateValue: '1906-12-09T00:00:00.000Z' } },
      ],
    });
  });

  it('makes slugs from the e-mail local part and keeps them unique', async () => {
    const stamp = Date.now().toString(36);
    const a = await register(srv, { loginId: { email: `Jo.Doe+${stamp}@example.com` }, password });
    const b = await register(srv, { loginId: { email: `jo-doe-${stamp}@example.org` }, password });
    const c = await register(srv, {
      loginId: { email: newEmail() },
      password,
      profile: { nickname: `Jo Doe ${stamp}` },
    });
    const slugs = await Promise.all([a, b, c].map(async (r) => (await memberOf(r.body.identity.id))!.slug));
    expect(slugs[0]).toBe(`jo-doe-${stamp}`);
    expect(new Set(slugs).size).toBe(3);
    expect(slugs.slice(1).sort()).toEqual([`jo-doe-${stamp}-2`, `jo-doe-${stamp}-3`]);
  });

  it('answers -19995 for a taken e-mail, in any letter case, and changes nothing', async () => {
    const email = newEmail('taken');
    expect((await register(srv, { loginId: { email }, password })).status).toBe(200);
    const before = await countIdentities();
    const again = await register(srv, { loginId: { email: email.toUpperCase() }, password });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('-19995');
    expect(await countIdentities()).toBe(before);
  });

  it('lets exactly one of 10 concurrent registrations of one e-mail win; the rest get -19995', async () => {
    const email = newEmail('race');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => register(srv, { loginId: { email }, password })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(appCode(r.body)).toBe('-19995');
    const rows = await srv.database.db
      .select()
      .from(identities)
      .where(sql`lower(${identities.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    expect(await memberOf(rows[0]!.id)).toBeDefined();
  });

  it.each(['not-an-email', 'a@b', 'two@@example.com', 'sp ace@example.com', ''])(
    'rejects the e-mail %j as a FORMAT violation of type EMAIL on loginId.email',
    async (email) => {
      const before = await countIdentities();
      const res = await register(srv, { loginId: { email }, password });
      expect(res.status).toBe(400);
      const [v] = (res.body as unknown as ErrorBody).details.validationError!.fieldViolations;
      expect(v).toMatchObject({ field: 'loginId.email', violatedRule: 'FORMAT', data: { type: 'EMAIL' } });
      expect(await countIdentities()).toBe(before);
    },
  );

  it.each([
    [{ loginId: { email: 'x@example.com' }, password: 'short' }, 'password:MIN_LENGTH'],
    [{ loginId: { email: 'x@example.com' }, password: 'p'.repeat(257) }, 'password:MAX_LENGTH'],
    [{ loginId: { email: 'x@example.com' } }, 'password:REQUIRED_FIELD'],
    [{ password }, 'loginId:REQUIRED_FIELD'],
    [{ loginId: { email: 'x@example.com' }, password, extra: 1 }, 'extra:FIELD_NOT_ALLOWED'],
    [withProfile({ emails: [{ email: 'a@b.co', tag: 'X' }] }), 'profile.emails[0].tag:INVALID_ENUM_VALUE'],
    [withProfile({ phones: [{ phone: 'call me', tag: 'FAX' }] }), 'profile.phones[0].phone:FORMAT'],
    [withProfile({ addresses: [{ address: {}, tag: 'OFFICE' }] }), 'profile.addresses[0].tag:INVALID_ENUM_VALUE'],
    [
      withProfile({ customFields: [{ name: 'n', type: 'NUMBER', value: { strValue: 'x' } }] }),
      'profile.customFields[0].value:ONE_OF_ALIGNMENT',
    ],
    [
      withProfile({ customFields: [{ name: 'n', type: 'URL', value: { strValue: 'javascript:alert(1)' } }] }),
      'profile.customFields[0].value.strValue:FORMAT',
    ],
    [
      withProfile({ customFields: [{ name: 'n', type: 'SOCIAL', value: { strValue: 'https://x.example' } }] }),
      'profile.customFields[0].socialType:REQUIRED_FIELD',
    ],
    [
      withProfile({
        customFields: [{ name: 'n', type: 'SOCIAL', socialType: 'MYSPACE', value: { strValue: 'https://x.example' } }],
      }),
      'profile.customFields[0].socialType:INVALID_ENUM_VALUE',
    ],
    [
      withProfile({ customFields: [{ name: 'n', value: { strValue: 'a', numValue: 1 } }] }),
      'profile.customFields[0].value:MAX_SIZE',
    ],
  ])('rejects %j with %s and writes nothing', async (body, expected) => {
    const before = await countIdentities();
    const res = await register(srv, body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(await countIdentities()).toBe(before);
  });
});
