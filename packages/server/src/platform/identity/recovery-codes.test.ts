import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  FactorsResponse,
  LoginResponse,
  RecoveryCodesResponse,
  TotpConfirmResponse,
  TotpEnrollResponse,
} from '@plaza/contracts';
import { appCode, call, violations } from '../../../test/http.js';
import { authSessions, mfaRecoveryCodes } from './tables.js';
import { activeIdentity, appData, login, memberTokens, newEmail, totpSuite } from './testing.js';

const { srv, keys, clock, nextStep, codeNow } = totpSuite();
const password = 'a long enough password';

const post = <T = Record<string, unknown>>(path: string, body: unknown, auth?: string, ip?: string) =>
  call<T>(srv.url, 'POST', path, {
    body,
    ...(auth ? { auth } : {}),
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
  });
// Each test's requests come from their own address, so one test's failures never slow another.
let ipSeq = 0;
const newAddress = () => `198.51.100.${++ipSeq}`;
const useRecovery = (stateToken: string, code: string, ip = newAddress()) =>
  post<LoginResponse>('/identity/v2/RECOVERY_CODE/verify', { stateToken, code }, undefined, ip);
const regenerate = (access: string, body: Record<string, unknown>) =>
  post<RecoveryCodesResponse>('/identity/v1/mfa/recovery-codes', body, access, newAddress());
const factors = async (access: string) =>
  (await call<FactorsResponse>(srv.url, 'GET', '/identity/v1/mfa/factors', { auth: access })).body;

/** A member who turned TOTP on: e-mail, ids, access token, secret and the recovery codes shown at confirmation. */
async function enrolledMember(tag: string) {
  const email = newEmail(tag);
  await activeIdentity(srv, keys, email, password);
  const { access, identityId } = await memberTokens(srv, email);
  const enrol = await post<TotpEnrollResponse>('/identity/v1/mfa/totp/enroll', undefined, access);
  const confirm = await post<TotpConfirmResponse>(
    '/identity/v1/mfa/totp/confirm',
    { code: codeNow(enrol.body.secret) },
    access,
  );
  expect(confirm.status).toBe(200);
  return { email, identityId, access, secret: enrol.body.secret, codes: confirm.body.recoveryCodes };
}

async function loginForFactor(email: string) {
  const res = await login(srv, { loginId: { email }, password }, { 'x-forwarded-for': newAddress() });
  expect(res.body.state).toBe('STATUS_CHECK');
  return res.body.stateToken!;
}

const storedCodes = (identityId: string) =>
  srv.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.identityId, identityId));

describe('recovery codes at enrolment', () => {
  it('are ten distinct codes shown once at confirmation, stored only as hashes', async () => {
    const { identityId, access, codes } = await enrolledMember('rc-enrol');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);

    const rows = await storedCodes(identityId);
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    expect(await factors(access)).toMatchObject({
      recoveryCodesRemaining: 10,
      factors: expect.arrayContaining([{ factorType: 'RECOVERY_CODE', status: 'ACTIVE' }]),
    });
  });
});

describe('login with a recovery code', () => {
  it('passes the second step once: the use is recorded, and the same code is refused the second time', async () => {
    const { email, identityId, access, codes } = await enrolledMember('rc-login');
    const ok = await useRecovery(await loginForFactor(email), codes[3]!);
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('SUCCESS');
    expect(ok.body.sessionToken).toMatch(/^st_/);
    const [session] = await srv.database.db
      .select({ amr: authSessions.amr })
      .from(authSessions)
      .where(eq(authSessions.identityId, identityId))
      .orderBy(desc(authSessions.createdDate))
      .limit(1);
    expect(session!.amr).toEqual(['pwd', 'recovery_code']);
    const used = (await storedCodes(identityId)).filter((r) => r.usedDate);
    expect(used).toHaveLength(1);
    expect(Math.abs(used[0]!.usedDate!.getTime() - clock().getTime())).toBeLessThan(60_000);
    expect((await factors(access)).recoveryCodesRemaining).toBe(9);

    const again = await useRecovery(await loginForFactor(email), codes[3]!);
    expect(again.status).toBe(400);
    expect(appCode(again.body)).toBe('BAD_CODE');
    expect((await factors(access)).recoveryCodesRemaining).toBe(9);
  });

  it('ignores case, spaces and the dash, as people type codes off paper', async () => {
    const { email, codes } = await enrolledMember('rc-typed');
    const typed = ` ${codes[0]!
      .replace('-', '')
      .toUpperCase()
      .replace(/(.{5})/, '$1 ')} `;
    expect((await useRecovery(await loginForFactor(email), typed)).body.state).toBe('SUCCESS');
  });

  it("lets exactly one of two logins racing with one code through, and never accepts another member's code", async () => {
    const a = await enrolledMember('rc-race');
    const b = await enrolledMember('rc-other');
    const states = [await loginForFactor(a.email), await loginForFactor(a.email)];
    const results = await Promise.all(states.map((s) => useRecovery(s, a.codes[0]!)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);

    const foreign = await useRecovery(await loginForFactor(b.email), a.codes[1]!);
    expect(appCode(foreign.body)).toBe('BAD_CODE');
  });

  it('counts wrong codes like the other factors: attempts left, and the 5th ends the state', async () => {
    const { email, codes } = await enrolledMember('rc-wrong');
    const stateToken = await loginForFactor(email);
    const left: unknown[] = [];
    for (const wrong of ['aaaaa-aaaaa', 'not a code', 'bbbbb-bbbbb', '123456', 'ccccc-ccccc']) {
      const res = await useRecovery(stateToken, wrong);
      expect(res.status).toBe(400);
      expect(appCode(res.body)).toBe('BAD_CODE');
      left.push(appData(res.body)?.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const dead = await useRecovery(stateToken, codes[0]!);
    expect(dead.status).toBe(404);
    expect(appCode(dead.body)).toBe('NOT_FOUND');
  });
});

describe('regenerating recovery codes', () => {
  it('replaces the set: the old codes are refused, the new ones work', async () => {
    const { email, access, codes } = await enrolledMember('rc-regen');
    const res = await regenerate(access, { password });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(res.body.recoveryCodesRemaining).toBe(10);
    for (const c of res.body.recoveryCodes) expect(codes).not.toContain(c);

    const old = await useRecovery(await loginForFactor(email), codes[0]!);
    expect(appCode(old.body)).toBe('BAD_CODE');
    expect((await useRecovery(await loginForFactor(email), res.body.recoveryCodes[0]!)).body.state).toBe('SUCCESS');
    expect((await factors(access)).recoveryCodesRemaining).toBe(9);
  });

  it('needs the password or a current code, and TOTP on', async () => {
    const { access, secret, codes, identityId } = await enrolledMember('rc-proof');
    const none = await regenerate(access, {});
    expect(none.status).toBe(400);
    expect(violations(none.body)).toEqual(['code:REQUIRED_ONE_OF_FIELD']);
    const wrongPassword = await regenerate(access, { password: 'not the password' });
    expect(wrongPassword.status).toBe(403);
    expect(violations((await regenerate(access, { password, extra: 1 })).body)).toEqual(['extra:FIELD_NOT_ALLOWED']);
    // Nothing changed so far.
    const before = (await storedCodes(identityId)).map((r) => r.codeHash);
    expect(before).toHaveLength(10);
    nextStep(); // the confirmation used this step's code
    const byCode = await regenerate(access, { code: codeNow(secret) });
    expect(byCode.status).toBe(200);
    expect(byCode.body.recoveryCodes.some((c) => codes.includes(c))).toBe(false);
    const after = (await storedCodes(identityId)).map((r) => r.codeHash);
    expect(after).toHaveLength(10);
    expect(after.some((h) => before.includes(h))).toBe(false);

    const off = await call<FactorsResponse>(srv.url, 'DELETE', '/identity/v1/mfa/totp', {
      auth: access,
      body: { password },
    });
    expect(off.body.recoveryCodesRemaining).toBe(0);
    expect(await storedCodes(identityId)).toHaveLength(0);
    const without = await regenerate(access, { password });
    expect(without.status).toBe(409);
    expect(appCode(without.body)).toBe('TOTP_NOT_ENABLED');
  });

  it('is only for signed-in members', async () => {
    expect((await regenerate('', { password })).status).toBe(401);
    expect((await regenerate(`Bearer ${await srv.visitorToken()}`, { password })).status).toBe(403);
  });
});
