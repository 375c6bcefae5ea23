import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appCode, call, violations } from '../../../test/http.js';
import { identities, rememberedDevices } from './tables.js';
import {
  activeIdentity,
  identitySuite,
  login,
  mailbox,
  memberTokens,
  newEmail,
  refresh,
  register,
  setPolicy,
} from './testing.js';

const { srv, keys, aheadBy } = identitySuite({ policy: { captchaMode: 'NEVER' }, resetClock: true });
const password = 'the first password';
const newPassword = 'the second password';

const sendEmail = (body: Record<string, unknown>) => call(srv.url, 'POST', '/identity/v1/send-email', { body });
const recover = (recoveryToken: string, pw = newPassword) =>
  call(srv.url, 'POST', '/identity/v1/recover', { body: { recoveryToken, password: pw } });

async function recoveryLink(email: string): Promise<URL> {
  const [mail] = await mailbox(srv, keys.mailbox, email);
  expect(mail?.template).toBe('PASSWORD_RECOVERY');
  return new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
}

describe('POST /identity/v1/send-email', () => {
  it('mails a single-use link to a known address and answers exactly alike for an unknown one', async () => {
    const email = newEmail('recover');
    await activeIdentity(srv, keys, email, password);
    const t0 = Date.now();
    const known = await sendEmail({ email, language: 'en' });
    const t1 = Date.now();
    const unknown = await sendEmail({ email: newEmail('ghost'), language: 'en' });
    const t2 = Date.now();
    expect(known.status).toBe(200);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(known.body).toEqual({});
    // Both take at least the floor, so timing says little about which addresses exist.
    expect(t1 - t0).toBeGreaterThanOrEqual(140);
    expect(t2 - t1).toBeGreaterThanOrEqual(140);

    const link = await recoveryLink(email);
    expect(link.origin + link.pathname).toBe(`${srv.url}/reset-password`);
    expect(link.searchParams.get('token')).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
  });

  it('uses a redirect on this site or a registered client origin, and refuses any other', async () => {
    const email = newEmail('redirect');
    await activeIdentity(srv, keys, email, password);
    expect((await sendEmail({ email, redirect: `${srv.url}/account/reset?x=1` })).status).toBe(200);
    const link = await recoveryLink(email);
    expect(link.pathname).toBe('/account/reset');
    expect(link.searchParams.get('x')).toBe('1');

    const before = (await mailbox(srv, keys.mailbox, email)).length;
    const evil = await sendEmail({ email, redirect: 'https://evil.example/steal' });
    expect(evil.status).toBe(400);
    expect(violations(evil.body)).toEqual(['redirect:FORMAT']);
    expect(await mailbox(srv, keys.mailbox, email)).toHaveLength(before);
  });

  it('mails one account at most 5 links an hour, still answering {}', async () => {
    const email = newEmail('bomb');
    await activeIdentity(srv, keys, email, password);
    for (let i = 0; i < 7; i++) expect((await sendEmail({ email })).body).toEqual({});
    const links = (await mailbox(srv, keys.mailbox, email)).filter((m) => m.template === 'PASSWORD_RECOVERY');
    expect(links).toHaveLength(5);
  });

  it.each([
    [{}, 'email:REQUIRED_FIELD'],
    [{ email: 'nope' }, 'email:FORMAT'],
    [{ email: 'a@example.com', language: 'english!' }, 'language:FORMAT'],
    [{ email: 'a@example.com', redirect: 'not a url' }, 'redirect:FORMAT'],
  ])('rejects %j with %s', async (body, expected) => {
    const res = await sendEmail(body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
  });
});

/** A device remembered for the second factor, as /identity/v2/{factorType}/verify leaves one. */
async function rememberDevice(identityId: string) {
  await srv.database.db.insert(rememberedDevices).values({
    id: randomUUID(),
    identityId,
    tokenHash: `test-${randomUUID()}`,
    expiresDate: new Date(Date.now() + 86_400_000),
  });
  expect(await rememberedCount(identityId)).toBe(1);
}
const rememberedCount = async (identityId: string) =>
  (await srv.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.identityId, identityId))).length;

describe('POST /identity/v1/recover', () => {
  it('sets the password, verifies the e-mail, and ends every session and refresh token', async () => {
    const email = newEmail('recover');
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    const reg = await register(srv, { loginId: { email }, password });
    await setPolicy(srv, keys.site, { emailVerificationRequired: true });
    expect(reg.body.identity.email.isVerified).toBe(false);
    await srv.database.db
      .update(identities)
      .set({ passwordResetRequired: true })
      .where(eq(identities.id, reg.body.identity.id));
    const before = await memberTokens(srv, email);
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: before.access })).status).toBe(200);
    await rememberDevice(reg.body.identity.id);

    await sendEmail({ email });
    const token = (await recoveryLink(email)).searchParams.get('token')!;
    const res = await recover(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});

    const refreshed = await refresh(srv, before.refresh);
    expect(refreshed.status).toBe(400);
    expect(appCode(refreshed.body)).toBe('invalid_grant');
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: before.access })).status).toBe(401);
    expect(appCode((await login(srv, { loginId: { email }, password })).body)).toBe('-19976');
    const after = await login(srv, { loginId: { email }, password: newPassword });
    expect(after.body).toMatchObject({ state: 'SUCCESS', identity: { email: { isVerified: true } } });
    expect(await rememberedCount(reg.body.identity.id)).toBe(0);
  });

  it('works once, and only within the hour', async () => {
    const email = newEmail('once');
    await activeIdentity(srv, keys, email, password);
    await sendEmail({ email });
    const first = (await recoveryLink(email)).searchParams.get('token')!;
    expect((await recover(first)).status).toBe(200);
    const reused = await recover(first, 'yet another password');
    expect(reused.status).toBe(400);
    expect(appCode(reused.body)).toBe('INVALID_RECOVERY_TOKEN');

    await sendEmail({ email });
    const late = (await recoveryLink(email)).searchParams.get('token')!;
    aheadBy(60 * 60_000 + 1000);
    expect(appCode((await recover(late)).body)).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('rejects a short password without using the token', async () => {
    const email = newEmail('short');
    await activeIdentity(srv, keys, email, password);
    await sendEmail({ email });
    const token = (await recoveryLink(email)).searchParams.get('token')!;
    const res = await recover(token, 'short');
    expect(violations(res.body)).toEqual(['password:MIN_LENGTH']);
    expect((await recover(token)).status).toBe(200);
    expect(appCode((await recover('rt_unknown')).body)).toBe('INVALID_RECOVERY_TOKEN');
  });
});

describe('POST /identity/v2/change-password', () => {
  const change = (auth: string | undefined, body: Record<string, unknown>) =>
    call(srv.url, 'POST', '/identity/v2/change-password', { ...(auth ? { auth } : {}), body });

  it("changes the member's password and ends the member's other sessions only", async () => {
    const email = newEmail('change');
    await activeIdentity(srv, keys, email, password);
    const mine = await memberTokens(srv, email);
    const other = await memberTokens(srv, email);
    const [row] = await srv.database.db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, email));
    await rememberDevice(row!.id);
    const res = await change(mine.access, { newPassword, currentPassword: password });
    expect(res.status).toBe(200);
    expect(await rememberedCount(row!.id)).toBe(0);
    expect(res.body).toEqual({});
    expect((await refresh(srv, other.refresh)).status).toBe(400);
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: other.access })).status).toBe(401);
    expect((await refresh(srv, mine.refresh)).status).toBe(200);
    expect((await login(srv, { loginId: { email }, password: newPassword })).body.state).toBe('SUCCESS');
  });

  it('answers -19976 for a wrong current password and changes nothing', async () => {
    const email = newEmail('wrongcurrent');
    await activeIdentity(srv, keys, email, password);
    const mine = await memberTokens(srv, email);
    const res = await change(mine.access, { newPassword, currentPassword: 'not it at all' });
    expect(res.status).toBe(403);
    expect(appCode(res.body)).toBe('-19976');
    expect((await login(srv, { loginId: { email }, password })).body.state).toBe('SUCCESS');
  });

  it('is for members only, and checks the new password', async () => {
    expect((await change(undefined, { newPassword })).status).toBe(401);
    expect((await change(`Bearer ${await srv.visitorToken()}`, { newPassword })).status).toBe(403);
    expect((await change(keys.identity, { newPassword })).status).toBe(403);
    const owner = await memberTokens(srv);
    expect(violations((await change(owner.access, { newPassword: 'short' })).body)).toEqual(['newPassword:MIN_LENGTH']);
    expect(violations((await change(owner.access, {})).body)).toEqual(['newPassword:REQUIRED_FIELD']);
  });
});
