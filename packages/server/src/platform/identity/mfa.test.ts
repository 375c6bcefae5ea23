import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CreateRedirectSessionResponse,
  FactorsResponse,
  LoginResponse,
  TokenResponse,
  TotpConfirmResponse,
  TotpEnrollResponse,
} from '@plaza/contracts';
import { appCode, call, violations, type CallResult } from '../../../test/http.js';
import { authSessions, identities, rememberedDevices } from './tables.js';
import { activeIdentity, appData, latestCode, login, mailbox, memberTokens, newEmail, totpSuite } from './testing.js';
import { jwtClaims } from '../../test/jwt.js';
import { codeGrant } from '../../test/oauth-code.js';

const { srv, keys, advance, nextStep, codeNow } = totpSuite();
const password = 'a long enough password';

const post = <T = Record<string, unknown>>(
  path: string,
  body: unknown,
  auth?: string,
  headers?: Record<string, string>,
) => call<T>(srv.url, 'POST', path, { body, ...(auth ? { auth } : {}), ...(headers ? { headers } : {}) });
const verifyFactor = (factor: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  post<LoginResponse>(`/identity/v2/${factor}/verify`, body, undefined, headers);
// Each test's requests come from their own address, so the login delay of one test never slows another.
let ipSeq = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq}` });

/** A member with TOTP enrolled and confirmed: its e-mail, secret and member access token. */
async function enrolledMember(tag: string) {
  const email = newEmail(tag);
  await activeIdentity(srv, keys, email, password);
  const { access, identityId } = await memberTokens(srv, email);
  const enrol = await post<TotpEnrollResponse>('/identity/v1/mfa/totp/enroll', undefined, access);
  expect(enrol.status).toBe(200);
  const confirm = await post<FactorsResponse>(
    '/identity/v1/mfa/totp/confirm',
    { code: codeNow(enrol.body.secret) },
    access,
  );
  expect(confirm.status).toBe(200);
  return { email, identityId, access, secret: enrol.body.secret };
}

async function loginForFactor(email: string, headers: Record<string, string> = {}) {
  const res = await login(srv, { loginId: { email }, password }, headers);
  expect(res.status).toBe(200);
  expect(res.body.state).toBe('STATUS_CHECK');
  return res.body.stateToken!;
}

/** The amr of the identity's newest sign-in session. */
async function latestAmr(identityId: string) {
  const [s] = await srv.database.db
    .select({ amr: authSessions.amr })
    .from(authSessions)
    .where(eq(authSessions.identityId, identityId))
    .orderBy(desc(authSessions.createdDate))
    .limit(1);
  return s?.amr;
}

describe('TOTP enrolment', () => {
  it('enrolls (pending), confirms with a first code (a bad one is refused), and lists the factors', async () => {
    const email = newEmail('enrol');
    await activeIdentity(srv, keys, email, password);
    const { access } = await memberTokens(srv, email);
    const factors = () => call<FactorsResponse>(srv.url, 'GET', '/identity/v1/mfa/factors', { auth: access });
    expect((await factors()).body).toEqual({
      factors: [
        { factorType: 'TOTP', status: 'NOT_ENROLLED' },
        { factorType: 'EMAIL', status: 'NOT_ENROLLED' },
        { factorType: 'RECOVERY_CODE', status: 'NOT_ENROLLED' },
      ],
      recoveryCodesRemaining: 0,
    });

    const first = await post<TotpEnrollResponse>('/identity/v1/mfa/totp/enroll', undefined, access);
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(first.body.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Plaza Demo Store:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: first.body.secret,
      issuer: 'Plaza Demo Store',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect((await factors()).body.factors[0]).toEqual({ factorType: 'TOTP', status: 'PENDING_ENROLLMENT' });
    // Pending is not asked at login yet.
    expect((await login(srv, { loginId: { email }, password })).body.state).toBe('SUCCESS');

    // Enrolling again replaces the pending secret: the first one's codes no longer confirm.
    const second = await post<TotpEnrollResponse>('/identity/v1/mfa/totp/enroll', undefined, access);
    expect(second.body.secret).not.toBe(first.body.secret);
    const stale = await post('/identity/v1/mfa/totp/confirm', { code: codeNow(first.body.secret) }, access);
    expect(stale.status).toBe(400);
    expect(appCode(stale.body)).toBe('BAD_CODE');
    const wrong = await post('/identity/v1/mfa/totp/confirm', { code: '000000' }, access);
    expect(appCode(wrong.body)).toBe('BAD_CODE');

    const ok = await post<TotpConfirmResponse>(
      '/identity/v1/mfa/totp/confirm',
      { code: codeNow(second.body.secret) },
      access,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.factors).toEqual([
      { factorType: 'TOTP', status: 'ACTIVE' },
      { factorType: 'EMAIL', status: 'ACTIVE' },
      { factorType: 'RECOVERY_CODE', status: 'ACTIVE' },
    ]);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    const { recoveryCodes: _shownOnce, ...listed } = ok.body;
    expect((await factors()).body).toEqual({ ...listed, recoveryCodesRemaining: 10 });

    const again = await post('/identity/v1/mfa/totp/enroll', undefined, access);
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('TOTP_ALREADY_ENABLED');
    const reconfirm = await post('/identity/v1/mfa/totp/confirm', { code: codeNow(second.body.secret) }, access);
    expect(appCode(reconfirm.body)).toBe('TOTP_ALREADY_ENABLED');
  });

  it('refuses callers that are not signed-in members, and tells nothing', async () => {
    const visitor = `Bearer ${await srv.visitorToken()}`;
    const apiKey = await srv.createApiKey(['*']);
    for (const [method, path] of [
      ['GET', '/identity/v1/mfa/factors'],
      ['POST', '/identity/v1/mfa/totp/enroll'],
      ['POST', '/identity/v1/mfa/totp/confirm'],
      ['DELETE', '/identity/v1/mfa/totp'],
    ] as const) {
      const body = method === 'GET' ? undefined : { code: '123456' };
      const none = await call(srv.url, method, path, { body });
      expect(none.status, `${method} ${path}`).toBe(401);
      for (const auth of [visitor, apiKey]) {
        const res = await call(srv.url, method, path, { auth, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(appCode(res.body)).toBe('FORBIDDEN');
      }
    }
  });

  it('rejects bad input with field violations and changes nothing', async () => {
    const email = newEmail('badinput');
    const identityId = await activeIdentity(srv, keys, email, password);
    const { access } = await memberTokens(srv, email);
    const noSecret = await post('/identity/v1/mfa/totp/confirm', { code: '123456' }, access);
    expect(noSecret.status).toBe(409);
    expect(appCode(noSecret.body)).toBe('TOTP_NOT_ENROLLED');
    const missing = await post('/identity/v1/mfa/totp/confirm', {}, access);
    expect(violations(missing.body)).toEqual(['code:REQUIRED_FIELD']);
    const extra = await post('/identity/v1/mfa/totp/confirm', { code: '123456', secret: 'X' }, access);
    expect(violations(extra.body)).toEqual(['secret:FIELD_NOT_ALLOWED']);
    const long = await post('/identity/v1/mfa/totp/confirm', { code: '1'.repeat(21) }, access);
    expect(violations(long.body)).toEqual(['code:MAX_LENGTH']);
    const [row] = await srv.database.db.select().from(identities).where(eq(identities.id, identityId));
    expect(row).toMatchObject({ totpSecret: null, totpEnabled: false });
  });
});

describe('login with a second factor', () => {
  it('asks for the factor after the right password, and a TOTP code finishes the login at /oauth2/authorize', async () => {
    const { email, identityId, secret } = await enrolledMember('totp');
    const res = await login(srv, { loginId: { email }, password, clientMetaData: { app: 'mfa-test' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'STATUS_CHECK',
      stateToken: expect.stringMatching(/^vs_/),
      identity: { id: identityId },
      additionalData: { requiredFactors: ['TOTP', 'EMAIL', 'RECOVERY_CODE'] },
    });
    expect(res.body.sessionToken).toBeUndefined();

    nextStep(); // the confirmation used this step's code
    const done = await verifyFactor('TOTP', { stateToken: res.body.stateToken, code: codeNow(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'SUCCESS', identity: { id: identityId } });
    expect(done.body.sessionToken).toMatch(/^st_/);
    expect(await latestAmr(identityId)).toEqual(['pwd', 'otp']);

    // The session token is a direct login at the standard authorize endpoint.
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${srv.url}/auth/callback`;
    const rs = await post<CreateRedirectSessionResponse>(
      '/redirects/v1/redirect-session',
      {
        auth: {
          authRequest: {
            redirectUri,
            clientId: srv.clientId,
            codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
            codeChallengeMethod: 'S256',
            responseMode: 'query',
            responseType: 'code',
            scope: 'offline_access',
            state: 'mfa',
            sessionToken: done.body.sessionToken,
          },
        },
      },
      `Bearer ${await srv.visitorToken()}`,
    );
    expect(rs.status).toBe(200);
    const visit = await fetch(rs.body.redirectSession.fullUrl, { redirect: 'manual' });
    const code = new URL(visit.headers.get('location')!).searchParams.get('code');
    expect(code).toMatch(/^ac_/);
    const tokens = await post<TokenResponse>('/oauth2/token', codeGrant(srv, { code, verifier, redirectUri }));
    expect(tokens.status).toBe(200);
    const claims = jwtClaims(tokens.body.access_token);
    expect(claims).toMatchObject({ sub: identityId, role: 'member' });

    // The state worked once.
    const again = await verifyFactor('TOTP', { stateToken: res.body.stateToken, code: codeNow(secret) });
    expect(again.status).toBe(404);
    expect(appCode(again.body)).toBe('NOT_FOUND');
  });

  it('rejects a replayed TOTP step, also when two logins race with one code', async () => {
    const { email, secret } = await enrolledMember('replay');
    nextStep();
    const code = codeNow(secret);
    const first = await verifyFactor('TOTP', { stateToken: await loginForFactor(email), code });
    expect(first.body.state).toBe('SUCCESS');
    const replay = await verifyFactor('TOTP', { stateToken: await loginForFactor(email), code });
    expect(replay.status).toBe(400);
    expect(appCode(replay.body)).toBe('BAD_CODE');
    expect(appData(replay.body)).toEqual({ attemptsLeft: 4 });

    nextStep();
    const fresh = codeNow(secret);
    const states = [await loginForFactor(email), await loginForFactor(email)];
    const results = await Promise.all(states.map((stateToken) => verifyFactor('TOTP', { stateToken, code: fresh })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('counts wrong codes: BAD_CODE with attempts left, and the 5th ends the state', async () => {
    const { email, secret } = await enrolledMember('wrong');
    const ip = fromNewAddress();
    const stateToken = await loginForFactor(email, ip);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verifyFactor('TOTP', { stateToken, code: '000000' }, fromNewAddress());
      expect(res.status).toBe(400);
      expect(appCode(res.body)).toBe('BAD_CODE');
      left.push(appData(res.body)?.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    nextStep();
    const dead = await verifyFactor('TOTP', { stateToken, code: codeNow(secret) });
    expect(dead.status).toBe(404);
    expect(appCode(dead.body)).toBe('NOT_FOUND');
  });

  it('locks the factor checks of an identity after 10 wrong codes from any address (429 with Retry-After)', async () => {
    const { email, secret } = await enrolledMember('lock');
    for (let round = 0; round < 2; round++) {
      const stateToken = await loginForFactor(email, fromNewAddress());
      for (let i = 0; i < 5; i++) await verifyFactor('TOTP', { stateToken, code: '000000' }, fromNewAddress());
    }
    nextStep();
    const locked = await verifyFactor(
      'TOTP',
      { stateToken: await loginForFactor(email), code: codeNow(secret) },
      fromNewAddress(),
    );
    expect(locked.status).toBe(429);
    expect(appCode(locked.body)).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('offers the EMAIL factor: a code mailed on request, under the resend limits', async () => {
    const { email, identityId } = await enrolledMember('email');
    const stateToken = await loginForFactor(email);
    const before = (await mailbox(srv, keys.mailbox, email)).length;
    // Nothing was mailed by the login itself, and no code means a wrong code.
    const early = await verifyFactor('EMAIL', { stateToken, code: '123456' });
    expect(appCode(early.body)).toBe('BAD_CODE');

    const sent = await post('/identity/v1/mfa/email/send', { stateToken });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({});
    expect(await mailbox(srv, keys.mailbox, email)).toHaveLength(before + 1);
    const soon = await post('/identity/v1/mfa/email/send', { stateToken });
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBeTruthy();

    const code = await latestCode(srv, keys.mailbox, email);
    // An e-mail code is not an authenticator code.
    expect(appCode((await verifyFactor('TOTP', { stateToken, code })).body)).toBe('BAD_CODE');
    const done = await verifyFactor('EMAIL', { stateToken, code });
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('SUCCESS');
    expect(await latestAmr(identityId)).toEqual(['pwd', 'email']);

    const unknown = await post('/identity/v1/mfa/email/send', { stateToken: 'vs_unknown' });
    expect(unknown.status).toBe(404);
    expect(appCode(unknown.body)).toBe('NOT_FOUND');
    expect(violations((await post('/identity/v1/mfa/email/send', {})).body)).toEqual(['stateToken:REQUIRED_FIELD']);
  });

  it('remembers the device when asked: its cookie skips the factor next time; without it the factor is asked', async () => {
    const { email, secret } = await enrolledMember('device');
    nextStep();
    const plain = await verifyFactor('TOTP', { stateToken: await loginForFactor(email), code: codeNow(secret) });
    expect(plain.headers.get('set-cookie')).toBeNull();

    nextStep();
    const remembered = await verifyFactor('TOTP', {
      stateToken: await loginForFactor(email),
      code: codeNow(secret),
      rememberThisDevice: true,
    });
    expect(remembered.body.state).toBe('SUCCESS');
    const setCookie = remembered.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^plaza_mfa_device=md_[\w-]+; Path=\/identity; HttpOnly; Max-Age=2592000; SameSite=Lax$/);
    const cookie = setCookie.split(';')[0]!;

    const skip = await login(srv, { loginId: { email }, password }, { cookie });
    expect(skip.body.state).toBe('SUCCESS');
    expect(skip.body.sessionToken).toMatch(/^st_/);
    expect((await login(srv, { loginId: { email }, password })).body.state).toBe('STATUS_CHECK');
    // The cookie is this identity's only.
    const other = await enrolledMember('device-other');
    expect((await login(srv, { loginId: { email: other.email }, password }, { cookie })).body.state).toBe(
      'STATUS_CHECK',
    );
    expect(
      (await login(srv, { loginId: { email }, password }, { cookie: 'plaza_mfa_device=md_forged' })).body.state,
    ).toBe('STATUS_CHECK');
  });

  it('answers FACTOR_NOT_SUPPORTED for PASSWORD, SMS, CALL and PUSH, and a violation for unknown factor types', async () => {
    for (const factor of ['SMS', 'CALL', 'PUSH', 'PASSWORD']) {
      const res = await verifyFactor(factor, { stateToken: 'vs_x', phone: '+15550100' });
      expect(res.status, factor).toBe(400);
      expect(appCode(res.body)).toBe('FACTOR_NOT_SUPPORTED');
      expect(res.body as unknown as { message: string }).toMatchObject({
        message: `The factor ${factor} is not supported on this site: use TOTP, EMAIL or RECOVERY_CODE`,
      });
    }
    for (const factor of ['FOO', 'totp']) {
      const res = await verifyFactor(factor, { stateToken: 'vs_x', code: '123456' });
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual(['factorType:INVALID_ENUM_VALUE']);
    }
  });

  it('rejects bad verify bodies with violations, and unknown states with NOT_FOUND', async () => {
    expect(violations((await verifyFactor('TOTP', { stateToken: 'vs_x' })).body)).toEqual(['code:REQUIRED_FIELD']);
    expect(violations((await verifyFactor('EMAIL', { code: '123456' })).body)).toEqual(['stateToken:REQUIRED_FIELD']);
    expect(
      violations((await verifyFactor('TOTP', { stateToken: 'vs_x', code: '1', rememberThisDevice: 'yes' })).body),
    ).toEqual(['rememberThisDevice:FORMAT']);
    expect(violations((await verifyFactor('TOTP', { stateToken: 'vs_x', code: '1', otp: '1' })).body)).toEqual([
      'otp:FIELD_NOT_ALLOWED',
    ]);
    const unknown = await verifyFactor('TOTP', { stateToken: 'vs_unknown', code: '123456' });
    expect(unknown.status).toBe(404);
    expect(appCode(unknown.body)).toBe('NOT_FOUND');
  });
});

describe('turning TOTP off', () => {
  it('needs a current code or the password, forgets remembered devices, and login stops asking', async () => {
    const { email, identityId, access, secret } = await enrolledMember('off');
    nextStep();
    await verifyFactor('TOTP', {
      stateToken: await loginForFactor(email),
      code: codeNow(secret),
      rememberThisDevice: true,
    });
    const del = (body?: Record<string, unknown>, auth = access): Promise<CallResult<FactorsResponse>> =>
      call<FactorsResponse>(srv.url, 'DELETE', '/identity/v1/mfa/totp', { auth, ...(body ? { body } : {}) });

    expect(violations((await del({})).body)).toEqual(['code:REQUIRED_ONE_OF_FIELD']);
    const wrongPassword = await del({ password: 'not the password' });
    expect(wrongPassword.status).toBe(403);
    expect(appCode(wrongPassword.body)).toBe('-19976');
    const wrongCode = await del({ code: '000000' });
    expect(appCode(wrongCode.body)).toBe('BAD_CODE');
    expect(
      (await srv.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.identityId, identityId)))
        .length,
    ).toBe(1);

    const off = await del({ password });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      factors: [
        { factorType: 'TOTP', status: 'NOT_ENROLLED' },
        { factorType: 'EMAIL', status: 'NOT_ENROLLED' },
        { factorType: 'RECOVERY_CODE', status: 'NOT_ENROLLED' },
      ],
      recoveryCodesRemaining: 0,
    });
    expect(
      (await srv.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.identityId, identityId)))
        .length,
    ).toBe(0);
    expect((await login(srv, { loginId: { email }, password })).body.state).toBe('SUCCESS');
    // Nothing left to turn off: no proof needed, nothing changes.
    expect((await del()).status).toBe(200);
  });

  it('accepts a current code, and drops a pending secret without proof', async () => {
    const { access, secret } = await enrolledMember('off-code');
    nextStep();
    const off = await call<FactorsResponse>(srv.url, 'DELETE', '/identity/v1/mfa/totp', {
      auth: access,
      body: { code: codeNow(secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body.factors[0]!.status).toBe('NOT_ENROLLED');
    await post('/identity/v1/mfa/totp/enroll', undefined, access);
    const pending = await call<FactorsResponse>(srv.url, 'DELETE', '/identity/v1/mfa/totp', { auth: access });
    expect(pending.status).toBe(200);
    expect(pending.body.factors[0]!.status).toBe('NOT_ENROLLED');
  });
});

describe('the MFA state', () => {
  it('expires after 10 minutes', async () => {
    const { email, secret } = await enrolledMember('expiry');
    const stateToken = await loginForFactor(email);
    advance(10 * 60_000 + 1000);
    const res = await verifyFactor('TOTP', { stateToken, code: codeNow(secret) });
    expect(res.status).toBe(404);
    expect(appCode(res.body)).toBe('NOT_FOUND');
  });
});
