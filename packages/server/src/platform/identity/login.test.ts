import { randomBytes, scryptSync } from 'node:crypto';
import * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appCode, violations } from '../../../test/http.js';
import { needsRehash, verifyPassword } from './password.js';
import { consumeSessionToken } from './sessions.service.js';
import { identities, loginThrottle } from './tables.js';
import { members } from '../members/tables.js';
import {
  activeIdentity,
  identitySuite,
  latestCode,
  login,
  mailbox,
  newEmail,
  register,
  setPolicy,
  verify,
} from './testing.js';

// The captcha policy has its own tests; here failures from one address must not start asking for one.
const { srv, keys } = identitySuite({ policy: { captchaMode: 'NEVER' } });
const password = 'a long enough password';
let email: string;
let identityId: string;

beforeAll(async () => {
  email = newEmail('login');
  identityId = await activeIdentity(srv, keys, email, password);
});

const db = () => srv.database.db;
/** A hash as Plaza stored them before Argon2: scrypt$logN$r$p$salt$key. */
const scryptHash = (pw: string) => {
  const salt = randomBytes(16);
  const key = scryptSync(pw, salt, 32, { N: 2 ** 12, r: 8, p: 1 });
  return ['scrypt', 12, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
};
const setIdentity = (id: string, values: Partial<typeof identities.$inferInsert>) =>
  db().update(identities).set(values).where(eq(identities.id, id));

describe('POST /identity/v2/login', () => {
  it('answers SUCCESS with a session token and records the login date on identity and member', async () => {
    const res = await login(srv, {
      loginId: { email: email.toUpperCase() },
      password,
      clientMetaData: { app: 'test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('SUCCESS');
    expect(res.body.identity).toMatchObject({
      id: identityId,
      email: { address: email, isVerified: true },
      status: { name: 'ACTIVE', reasons: [] },
    });
    const session = await consumeSessionToken(srv.ctx(), res.body.sessionToken!);
    expect(session).toMatchObject({ identityId, amr: ['pwd'] });
    const [member] = await db().select().from(members).where(eq(members.id, identityId));
    expect(member!.lastLoginDate!.toISOString()).toBe(res.body.identity.lastLoginDate);
  });

  it('answers -19976 alike for a wrong password and an unknown e-mail', async () => {
    const wrong = await login(srv, { loginId: { email }, password: 'not the password' });
    const unknown = await login(srv, { loginId: { email: newEmail('nobody') }, password });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(403);
      expect(appCode(res.body)).toBe('-19976');
    }
    expect(unknown.body).toEqual(wrong.body);
  });

  it('asks an unverified identity to verify, mailing a new code bound to a new state', async () => {
    const e = newEmail('unverified');
    const reg = await register(srv, { loginId: { email: e }, password });
    const res = await login(srv, { loginId: { email: e }, password });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(res.body.stateToken).not.toBe(reg.body.stateToken);
    expect(await mailbox(srv, keys.mailbox, e)).toHaveLength(2);
    const done = await verify(srv, res.body.stateToken!, await latestCode(srv, keys.mailbox, e));
    expect(done.body.state).toBe('SUCCESS');
  });

  it('lets an unverified identity in once the site stops requiring verification', async () => {
    const e = newEmail('lenient');
    await register(srv, { loginId: { email: e }, password });
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    try {
      const res = await login(srv, { loginId: { email: e }, password });
      expect(res.body).toMatchObject({
        state: 'SUCCESS',
        identity: { email: { isVerified: false }, status: { name: 'ACTIVE', reasons: [] } },
      });
    } finally {
      await setPolicy(srv, keys.site, { emailVerificationRequired: true });
    }
  });

  it('answers REQUIRE_OWNER_APPROVAL while the owner has not approved', async () => {
    const e = newEmail('pending');
    await setPolicy(srv, keys.site, { ownerApprovalRequired: true });
    try {
      const id = await activeIdentity(srv, keys, e, password);
      const res = await login(srv, { loginId: { email: e }, password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { id, status: { name: 'PENDING', reasons: ['ADMIN_APPROVAL_REQUIRED'] } },
      });
      expect(res.body.sessionToken).toBeUndefined();
    } finally {
      await setPolicy(srv, keys.site, { ownerApprovalRequired: false });
    }
  });

  it('answers -19973 when a password reset is required, and only to the right password', async () => {
    const e = newEmail('reset');
    const id = await activeIdentity(srv, keys, e, password);
    await setIdentity(id, { passwordResetRequired: true });
    const res = await login(srv, { loginId: { email: e }, password });
    expect(res.status).toBe(403);
    expect(appCode(res.body)).toBe('-19973');
    expect(appCode((await login(srv, { loginId: { email: e }, password: 'wrong password' })).body)).toBe('-19976');
  });

  it.each([
    ['BLOCKED', 'IDENTITY_BLOCKED'],
    ['DELETED', 'IDENTITY_DELETED'],
    ['OFFLINE', 'IDENTITY_OFFLINE'],
  ])('refuses a %s identity with 403 %s and no session; a wrong password still says -19976', async (status, code) => {
    const e = newEmail(status.toLowerCase());
    const id = await activeIdentity(srv, keys, e, password);
    await setIdentity(id, { status });
    const res = await login(srv, { loginId: { email: e }, password });
    expect(res.status).toBe(403);
    expect(appCode(res.body)).toBe(code);
    expect(res.body).not.toHaveProperty('sessionToken');
    expect(appCode((await login(srv, { loginId: { email: e }, password: 'wrong password' })).body)).toBe('-19976');
  });

  it('refuses a blocked member of an active identity', async () => {
    const e = newEmail('blocked-member');
    const id = await activeIdentity(srv, keys, e, password);
    await db().update(members).set({ status: 'BLOCKED' }).where(eq(members.id, id));
    expect(appCode((await login(srv, { loginId: { email: e }, password })).body)).toBe('IDENTITY_BLOCKED');
  });

  it.each([
    [{ loginId: { email }, password: '' }, 'password:MIN_LENGTH'],
    [{ loginId: {}, password }, 'loginId.email:REQUIRED_FIELD'],
    [{ loginId: { email }, password, captchaTokens: [{ Other: 'x' }] }, 'captchaTokens[0].Other:FIELD_NOT_ALLOWED'],
    [{ loginId: { email: 'nope' }, password }, 'loginId.email:FORMAT'],
  ])('rejects %j with %s and counts no failure', async (body, expected) => {
    const res = await login(srv, body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
  });

  it('counts failures per e-mail and address, and a success forgets them', async () => {
    const e = newEmail('count');
    await activeIdentity(srv, keys, e, password);
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    await login(srv, { loginId: { email: e }, password: 'wrong one' }, ip);
    await login(srv, { loginId: { email: e }, password: 'wrong two' }, ip);
    const rows = async () =>
      Object.fromEntries((await db().select().from(loginThrottle)).map((r) => [r.key, r.failures]));
    expect(await rows()).toMatchObject({ [`login:${e}|203.0.113.7`]: 2, 'ip:203.0.113.7': 2, [`email:${e}`]: 2 });
    expect((await login(srv, { loginId: { email: e }, password }, ip)).status).toBe(200);
    const after = await rows();
    expect(after[`login:${e}|203.0.113.7`]).toBeUndefined();
    expect(after[`email:${e}`]).toBeUndefined();
    expect(after['ip:203.0.113.7']).toBe(2);
  });

  it("stores new passwords as Argon2id with at least OWASP's parameters", async () => {
    const e = newEmail('argon');
    const id = await activeIdentity(srv, keys, e, password);
    const [row] = await db().select().from(identities).where(eq(identities.id, id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(needsRehash(row!.passwordHash!)).toBe(false);
    expect(await verifyPassword(password, row!.passwordHash!)).toBe(true);
    expect(await verifyPassword('a long enough passworD', row!.passwordHash!)).toBe(false);
  });

  it.each([
    ['an old scrypt hash', (pw: string) => scryptHash(pw)],
    ['a weaker Argon2id hash', (pw: string) => argon2.hash(pw, { memoryCost: 4096, timeCost: 1, parallelism: 1 })],
  ])('logs in with %s and rehashes it to Argon2id after a correct password, and only then', async (_, make) => {
    const e = newEmail('rehash');
    const id = await activeIdentity(srv, keys, e, password);
    const old = await make(password);
    await setIdentity(id, { passwordHash: old });
    const stored = async () => (await db().select().from(identities).where(eq(identities.id, id)))[0]!.passwordHash!;

    expect((await login(srv, { loginId: { email: e }, password: 'not the password' })).status).toBe(403);
    expect(await stored()).toBe(old);
    const res = await login(srv, { loginId: { email: e }, password });
    expect(res.body.state).toBe('SUCCESS');
    const rehashed = await stored();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(rehashed)).toBe(false);
    expect(await verifyPassword(password, rehashed)).toBe(true);
    expect((await login(srv, { loginId: { email: e }, password })).body.state).toBe('SUCCESS');
  });

  it('answers a malformed stored hash as a wrong password, not a crash', async () => {
    const e = newEmail('broken');
    const id = await activeIdentity(srv, keys, e, password);
    await setIdentity(id, { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$garbage' });
    expect((await login(srv, { loginId: { email: e }, password })).status).toBe(403);
    await setIdentity(id, { passwordHash: 'scrypt$15$8$1$$' });
    expect((await login(srv, { loginId: { email: e }, password })).status).toBe(403);
  });
});
