import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTCHA_INVISIBLE_SITE_KEY,
  CAPTCHA_VISIBLE_SITE_KEY,
  type CaptchaChallenge,
  type CaptchaSettings,
} from '@plaza/contracts';
import { appCode, call, violations } from '../../../test/http.js';
import { activeIdentity, identitySuite, login, newEmail, register, setPolicy } from '../identity/testing.js';

// A tiny proof of work keeps the tests fast; the protocol is the same.
const { srv, keys, aheadBy } = identitySuite({ env: { PLAZA_CAPTCHA_COMPLEXITY: '4' }, resetClock: true });
const password = 'captcha test password';

const challenge = async (siteKey?: string) => {
  const res = await call<CaptchaChallenge>(
    srv.url,
    'GET',
    `/identity/v1/captcha/challenge${siteKey ? `?siteKey=${siteKey}` : ''}`,
  );
  expect(res.status).toBe(200);
  return res.body;
};

/** Solves a challenge as the widget does and returns its payload (base64 JSON). */
async function solve(siteKey = CAPTCHA_VISIBLE_SITE_KEY): Promise<string> {
  const c = (await challenge(siteKey)) as Challenge;
  const solution = await solveChallenge({ challenge: c, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
}

describe('captcha settings and challenges', () => {
  it('publishes the mode and both site keys to anyone', async () => {
    const res = await call<CaptchaSettings>(srv.url, 'GET', '/identity/v1/captcha/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      captchaMode: 'AFTER_FAILURES',
      captchaAfterFailures: 5,
      captchaVisibleSiteKey: CAPTCHA_VISIBLE_SITE_KEY,
      captchaInvisibleSiteKey: CAPTCHA_INVISIBLE_SITE_KEY,
      challengePath: '/identity/v1/captcha/challenge',
    });
  });

  it('hands out signed ALTCHA challenges that expire in 5 minutes and are never cached', async () => {
    const res = await call<CaptchaChallenge>(srv.url, 'GET', '/identity/v1/captcha/challenge');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { parameters, signature } = res.body;
    expect(parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 5000,
      keyLength: 32,
      data: { variant: 'visible' },
    });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(290);
    expect(parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(300);
    expect((await challenge(CAPTCHA_INVISIBLE_SITE_KEY)).parameters.data).toEqual({ variant: 'invisible' });
    const bad = await call(srv.url, 'GET', '/identity/v1/captcha/challenge?siteKey=other');
    expect(violations(bad.body)).toEqual(['siteKey:INVALID_ENUM_VALUE']);
  });
});

describe('captcha policy ALWAYS', () => {
  beforeAll(() => setPolicy(srv, keys.site, { captchaMode: 'ALWAYS', emailVerificationRequired: false }));
  afterAll(() => setPolicy(srv, keys.site, { captchaMode: 'AFTER_FAILURES', emailVerificationRequired: true }));

  it('answers -19971 without a token and -19970 with a bad one, before looking at the account', async () => {
    const body = { loginId: { email: newEmail('cap') }, password };
    expect(appCode((await register(srv, body)).body)).toBe('-19971');
    expect(appCode((await register(srv, { ...body, captchaTokens: [] })).body)).toBe('-19971');
    expect(appCode((await register(srv, { ...body, captchaTokens: [{ Recaptcha: 'garbage' }] })).body)).toBe('-19970');
    const res = await login(srv, { ...body, captchaTokens: [{ InvisibleRecaptcha: 'Z2FyYmFnZQ==' }] });
    expect(res.status).toBe(400);
    expect(appCode(res.body)).toBe('-19970');
    expect(appCode((await login(srv, body)).body)).toBe('-19971');
  });

  it('accepts a solved visible or invisible proof, each once', async () => {
    const email = newEmail('solved');
    const visible = await solve(CAPTCHA_VISIBLE_SITE_KEY);
    const reg = await register(srv, { loginId: { email }, password, captchaTokens: [{ Recaptcha: visible }] });
    expect(reg.status).toBe(200);
    expect(reg.body.state).toBe('SUCCESS');
    const reused = await login(srv, { loginId: { email }, password, captchaTokens: [{ Recaptcha: visible }] });
    expect(appCode(reused.body)).toBe('-19970');
    const invisible = await solve(CAPTCHA_INVISIBLE_SITE_KEY);
    const res = await login(srv, { loginId: { email }, password, captchaTokens: [{ InvisibleRecaptcha: invisible }] });
    expect(res.body.state).toBe('SUCCESS');
  });

  it('spends a proof once even when two requests race with it', async () => {
    const email = newEmail('race');
    await register(srv, { loginId: { email }, password, captchaTokens: [{ Recaptcha: await solve() }] });
    const proof = await solve();
    const results = await Promise.all(
      [1, 2].map(() => login(srv, { loginId: { email }, password, captchaTokens: [{ Recaptcha: proof }] })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses a proof of the other variant, a tampered one, and an expired one', async () => {
    const body = { loginId: { email: newEmail('variant') }, password };
    const visible = await solve(CAPTCHA_VISIBLE_SITE_KEY);
    expect(appCode((await register(srv, { ...body, captchaTokens: [{ InvisibleRecaptcha: visible }] })).body)).toBe(
      '-19970',
    );
    const decoded = JSON.parse(Buffer.from(await solve(), 'base64').toString()) as {
      challenge: { parameters: { expiresAt: number } };
    };
    decoded.challenge.parameters.expiresAt += 3600;
    const tampered = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect(appCode((await register(srv, { ...body, captchaTokens: [{ Recaptcha: tampered }] })).body)).toBe('-19970');
    const old = await solve();
    aheadBy(5 * 60_000 + 1000);
    expect(appCode((await register(srv, { ...body, captchaTokens: [{ Recaptcha: old }] })).body)).toBe('-19970');
  });
});

describe('captcha policies NEVER and AFTER_FAILURES', () => {
  it('never asks with NEVER', async () => {
    await setPolicy(srv, keys.site, { captchaMode: 'NEVER', emailVerificationRequired: false });
    try {
      expect((await register(srv, { loginId: { email: newEmail('never') }, password })).body.state).toBe('SUCCESS');
    } finally {
      await setPolicy(srv, keys.site, { captchaMode: 'AFTER_FAILURES', emailVerificationRequired: true });
    }
  });

  it('asks after N failed logins of an e-mail, from any address, and of an address, for any e-mail', async () => {
    await setPolicy(srv, keys.site, { captchaMode: 'AFTER_FAILURES', captchaAfterFailures: 2 });
    const email = newEmail('after');
    await activeIdentity(srv, keys, email, password);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    expect(appCode((await login(srv, { loginId: { email }, password: 'wrong 1' }, from('192.0.2.1'))).body)).toBe(
      '-19976',
    );
    expect(appCode((await login(srv, { loginId: { email }, password: 'wrong 2' }, from('192.0.2.2'))).body)).toBe(
      '-19976',
    );
    // Two failures of this e-mail: a third address must solve a captcha, even with the right password.
    const asked = await login(srv, { loginId: { email }, password }, from('192.0.2.3'));
    expect(appCode(asked.body)).toBe('-19971');
    const solved = await login(
      srv,
      { loginId: { email }, password, captchaTokens: [{ Recaptcha: await solve() }] },
      from('192.0.2.3'),
    );
    expect(solved.body.state).toBe('SUCCESS');

    // The address 192.0.2.1 failed once; one more failure there with another e-mail makes it ask for every e-mail.
    await login(srv, { loginId: { email: newEmail('x') }, password: 'wrong 3' }, from('192.0.2.1'));
    const spray = await register(srv, { loginId: { email: newEmail('new') }, password }, from('192.0.2.1'));
    expect(appCode(spray.body)).toBe('-19971');
    expect((await register(srv, { loginId: { email: newEmail('new') }, password }, from('192.0.2.99'))).status).toBe(
      200,
    );
  });
});

describe('two nodes on one database', () => {
  it('share challenges, spent proofs and failure counts', async () => {
    const b = await srv.secondNode();
    try {
      await setPolicy(srv, keys.site, { captchaMode: 'AFTER_FAILURES', captchaAfterFailures: 2 });
      const email = newEmail('nodes');
      await activeIdentity(srv, keys, email, password);
      const onB = (body: Record<string, unknown>) => call(b.url, 'POST', '/identity/v2/login', { body });
      // Failures on one node count on the other.
      await login(srv, { loginId: { email }, password: 'wrong 1' });
      await onB({ loginId: { email }, password: 'wrong 2' });
      expect(appCode((await onB({ loginId: { email }, password })).body)).toBe('-19971');
      // A challenge from node A, solved, works on node B once; node A then refuses it.
      const proof = await solve();
      const ok = await onB({ loginId: { email }, password, captchaTokens: [{ Recaptcha: proof }] });
      expect(ok.status).toBe(200);
      await onB({ loginId: { email }, password: 'wrong 3' });
      await onB({ loginId: { email }, password: 'wrong 4' });
      const spent = await login(srv, { loginId: { email }, password, captchaTokens: [{ Recaptcha: proof }] });
      expect(appCode(spent.body)).toBe('-19970');
    } finally {
      await b.close();
      await setPolicy(srv, keys.site, { captchaAfterFailures: 5 });
    }
  });
});
