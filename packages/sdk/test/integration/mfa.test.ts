/**
 * The MFA step of OAuthStrategy's login against the real server (fresh database): a member with TOTP gets
 * MFA_REQUIRED, then verifyFactor (TOTP, a recovery code, or EMAIL after sendFactorCode) completes the direct login. Enrolment goes
 * through the server's HTTP API with the member's token, as the web app's account page does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../server/src/test/harness.js';
import { totpCode, totpStep } from '../../../server/src/platform/identity/totp.js';
import { createClient, OAuthStrategy } from '../../src/index.js';
import { recordingFetch } from './recorder.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let mailboxKey: string;
let redirectUri: string;
const password = 'a long enough password';
/** The server's clock runs this far ahead (to move to the next TOTP step). */
let aheadMs = 0;
const clock = () => new Date(Date.now() + aheadMs);
const codeNow = (secret: string) => totpCode(secret, totpStep(clock()));

beforeAll(async () => {
  srv = await startTestServer({ clock });
  mailboxKey = await srv.createApiKey(['mailbox.read']);
  const siteKey = await srv.createApiKey(['site.manage']);
  redirectUri = `${srv.url}/auth/callback`;
  const res = await fetch(`${srv.url}/site/v1/site`, {
    method: 'PATCH',
    headers: { authorization: siteKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      site: { signInPolicy: { emailVerificationRequired: false, captchaMode: 'NEVER' } },
      fieldMask: { paths: ['signInPolicy.emailVerificationRequired', 'signInPolicy.captchaMode'] },
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await srv?.close();
});

function member() {
  const rec = recordingFetch();
  const auth = OAuthStrategy({ clientId: srv.clientId, redirectUri });
  const client = createClient({ baseUrl: srv.url, auth, modules: {}, fetch: rec.fetch });
  return { auth, client, rec };
}

let seq = 0;
/** A registered member with TOTP on; returns its e-mail, secret and recovery codes. */
async function memberWithTotp(tag: string) {
  const email = `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;
  const { auth } = member();
  expect((await auth.register({ email, password })).loginState).toBe('SUCCESS');
  const headers = { authorization: `Bearer ${auth.getTokens().accessToken.value}`, 'content-type': 'application/json' };
  const enrol = await fetch(`${srv.url}/identity/v1/mfa/totp/enroll`, { method: 'POST', headers, body: '{}' });
  expect(enrol.status).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await fetch(`${srv.url}/identity/v1/mfa/totp/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: codeNow(secret) }),
  });
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  aheadMs += 30_000; // the confirmation used this step's code
  return { email, secret, recoveryCodes };
}

describe('login with a second factor', () => {
  it('answers MFA_REQUIRED, keeps it on a wrong code, and verifyFactor(TOTP) logs the member in', async () => {
    const { email, secret } = await memberWithTotp('totp');
    const { auth, client, rec } = member();
    const asked = await auth.login({ email, password });
    expect(asked).toMatchObject({
      loginState: 'MFA_REQUIRED',
      data: {
        stateToken: expect.any(String),
        requiredFactors: ['TOTP', 'EMAIL', 'RECOVERY_CODE'],
        identity: { email: { address: email } },
      },
    });
    expect(auth.loggedIn()).toBe(false);

    const wrong = await auth.verifyFactor({ factorType: 'TOTP', code: '000000' });
    expect(wrong).toMatchObject({ loginState: 'MFA_REQUIRED', errorCode: 'BAD_CODE', data: asked.data });
    expect(auth.loggedIn()).toBe(false);

    const done = await auth.verifyFactor({ factorType: 'TOTP', code: codeNow(secret), rememberThisDevice: true });
    expect(done.loginState).toBe('SUCCESS');
    expect(auth.loggedIn()).toBe(true);
    const verify = rec.to('/identity/v2/TOTP/verify').at(-1)!;
    expect(verify.body).toEqual({
      stateToken: asked.data.stateToken,
      code: expect.any(String),
      rememberThisDevice: true,
    });
    expect(verify.responseHeaders!.get('set-cookie')).toMatch(/^plaza_mfa_device=md_/);
    const me = await client.fetch<{ sub: string }>('/oauth2/userinfo');
    expect(me.sub).toBe(asked.data.identity!.id);
    await expect(auth.verifyFactor({ factorType: 'TOTP', code: '123456' })).rejects.toThrow(
      new Error('Unknown _state'),
    );
  });

  it('verifyFactor(RECOVERY_CODE) logs the member in with a recovery code, which works once', async () => {
    const { email, recoveryCodes } = await memberWithTotp('recovery');
    const first = member();
    await first.auth.login({ email, password });
    const done = await first.auth.verifyFactor({ factorType: 'RECOVERY_CODE', code: recoveryCodes[0]! });
    expect(done.loginState).toBe('SUCCESS');
    expect(first.auth.loggedIn()).toBe(true);

    const second = member();
    await second.auth.login({ email, password });
    const again = await second.auth.verifyFactor({ factorType: 'RECOVERY_CODE', code: recoveryCodes[0]! });
    expect(again).toMatchObject({ loginState: 'MFA_REQUIRED', errorCode: 'BAD_CODE' });
    expect(second.auth.loggedIn()).toBe(false);
  });

  it('sendFactorCode mails a code for the EMAIL factor, and verifyFactor(EMAIL) logs the member in', async () => {
    const { email } = await memberWithTotp('email');
    const { auth } = member();
    expect((await auth.login({ email, password })).loginState).toBe('MFA_REQUIRED');
    await auth.sendFactorCode();
    const res = await fetch(`${srv.url}/dev/v1/mailbox?to=${encodeURIComponent(email)}`, {
      headers: { authorization: mailboxKey },
    });
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const code = /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
    const done = await auth.verifyFactor({ factorType: 'EMAIL', code });
    expect(done.loginState).toBe('SUCCESS');
    expect(auth.loggedIn()).toBe(true);
  });

  it('reports a login that can no longer be finished (5 wrong codes) as NOT_FOUND, keeping the state', async () => {
    const { email, secret } = await memberWithTotp('dead');
    const { auth } = member();
    await auth.login({ email, password });
    for (let i = 0; i < 5; i++) await auth.verifyFactor({ factorType: 'TOTP', code: '000000' });
    const dead = await auth.verifyFactor({ factorType: 'TOTP', code: codeNow(secret) });
    expect(dead).toMatchObject({ loginState: 'MFA_REQUIRED', errorCode: 'NOT_FOUND' });
    expect(auth.loggedIn()).toBe(false);
  });
});
