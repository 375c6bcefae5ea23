/**
 * Member sign-in through OAuthStrategy against the real server (fresh database per file): register, the mailed code,
 * verification, direct login in Node (`redirect: 'manual'`), the hosted code flow, the error catalogue, recovery,
 * logout, tokens shared by several "tabs", and the renewal after a 401. Nothing on the server is mocked; silent login
 * needs a browser and is covered by the e2e suite.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from '../../../server/src/platform/identity/tables.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import type { CrossTabEnv } from '../../src/auth/cross-tab.js';
import { nowSeconds } from '../../src/auth/tokens.js';
import { site } from '../../src/modules/site.js';
import {
  createClient,
  isPlazaError,
  localStorageAdapter,
  OAuthStrategy,
  parseFromUrl,
  type Tokens,
} from '../../src/index.js';
import { recordingFetch } from './recorder.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let mailboxKey: string;
let siteKey: string;
let redirectUri: string;
const password = 'a long enough password';

/** The server's clock runs this far ahead of the real one (to get past cool-downs). */
let clockAheadMs = 0;

beforeAll(async () => {
  srv = await startTestServer({ clock: () => new Date(Date.now() + clockAheadMs) });
  mailboxKey = await srv.createApiKey(['mailbox.read']);
  siteKey = await srv.createApiKey(['site.manage']);
  redirectUri = `${srv.url}/auth/callback`; // registered for the seeded web client
  // Failed logins from one address must not start asking for a captcha in the middle of these tests.
  await setPolicy({ captchaMode: 'NEVER' });
});
afterAll(async () => {
  await srv?.close();
});

async function setPolicy(signInPolicy: Record<string, unknown>) {
  const res = await fetch(`${srv.url}/site/v1/site`, {
    method: 'PATCH',
    headers: { authorization: siteKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      site: { signInPolicy },
      fieldMask: { paths: Object.keys(signInPolicy).map((k) => `signInPolicy.${k}`) },
    }),
  });
  if (res.status !== 200) throw new Error(`setPolicy: ${res.status} ${await res.text()}`);
}

/** The six-digit code of the newest mail to `to`, from the dev mailbox. */
async function mailedCode(to: string): Promise<string> {
  const res = await fetch(`${srv.url}/dev/v1/mailbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: mailboxKey },
  });
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let seq = 0;
const newEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;

function member() {
  const rec = recordingFetch();
  const auth = OAuthStrategy({ clientId: srv.clientId, redirectUri });
  const client = createClient({ baseUrl: srv.url, auth, modules: { site }, fetch: rec.fetch });
  return { auth, client, rec };
}

/** An account that can log in (registered and verified through the SDK). */
async function account(tag: string): Promise<string> {
  const email = newEmail(tag);
  const { auth } = member();
  const r = await auth.register({ email, password });
  if (r.loginState === 'EMAIL_VERIFICATION_REQUIRED')
    await auth.processVerification({ verificationCode: await mailedCode(email) });
  return email;
}

describe('register → e-mailed code → verification → direct login', () => {
  it('ends with member tokens that the API accepts', async () => {
    const email = newEmail('ada');
    const { auth, client, rec } = member();
    const seen: string[] = [];
    auth.onTokensChange((t) => seen.push(t.refreshToken.role));

    const registered = await auth.register({ email, password, profile: { nickname: 'Ada' } });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED'); // the default policy of a new site
    expect(registered.data.stateToken).toEqual(expect.any(String));
    expect(registered.data.identity).toMatchObject({
      email: { address: email, isVerified: false },
      identityProfile: { nickname: 'Ada' },
    });
    expect(auth.loggedIn()).toBe(false);

    const wrong = await auth.processVerification({ verificationCode: '000000' });
    expect(wrong).toMatchObject({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      errorCode: 'BAD_CODE',
      data: { stateToken: registered.data.stateToken },
    });

    const done = await auth.processVerification({ verificationCode: await mailedCode(email) });
    expect(done.loginState).toBe('SUCCESS');
    expect(done.data.identity).toMatchObject({ id: registered.data.identity!.id, email: { isVerified: true } });
    expect(auth.loggedIn()).toBe(true);
    expect(seen).toEqual(['visitor', 'member']);

    // Direct login in Node: the authorize URL's 302 was read with redirect: 'manual'.
    const authorize = rec.to('/oauth2/authorize');
    expect(authorize).toHaveLength(1);
    expect(authorize[0]!.status).toBe(302);
    expect(new URL(authorize[0]!.url).searchParams.get('prompt')).toBe('none');
    const exchange = rec.to('/oauth2/token').at(-1)!;
    expect(exchange.body).toMatchObject({ grantType: 'authorization_code', redirectUri });

    const me = await client.fetch<{ sub: string; email: string }>('/oauth2/userinfo');
    expect(me).toEqual({ sub: registered.data.identity!.id, email, email_verified: true });
    // After the member logged in, a verification step no longer applies.
    await expect(auth.processVerification({ verificationCode: '123456' })).rejects.toThrow(new Error('Unknown _state'));
  });

  it("resendVerificationCode mails a new code (after the server's cool-down)", async () => {
    const email = newEmail('resend');
    const { auth } = member();
    await auth.register({ email, password });
    const first = await mailedCode(email);
    const tooSoon = await auth.resendVerificationCode().catch((e: unknown) => e);
    expect(isPlazaError(tooSoon) && tooSoon.status).toBe(429);
    clockAheadMs += 31_000;
    await auth.resendVerificationCode();
    const second = await mailedCode(email);
    expect(second).toMatch(/^\d{6}$/);
    expect(first).toMatch(/^\d{6}$/);
    expect((await auth.processVerification({ verificationCode: second })).loginState).toBe('SUCCESS');
  });

  // Each policy is set for its case only: `restore` puts back the file's own.
  const policyCases = [
    {
      title: 'without e-mail verification, register answers SUCCESS and the member is logged in at once',
      policy: { emailVerificationRequired: false },
      restore: { emailVerificationRequired: true },
      name: 'fast',
      loginState: 'SUCCESS',
      loggedIn: true,
    },
    {
      title: 'with owner approval, register answers OWNER_APPROVAL_REQUIRED and sets no member tokens',
      policy: { emailVerificationRequired: false, ownerApprovalRequired: true },
      restore: { emailVerificationRequired: true, ownerApprovalRequired: false },
      name: 'approve',
      loginState: 'OWNER_APPROVAL_REQUIRED',
      loggedIn: false,
    },
  ];
  for (const { title, policy, restore, name, loginState, loggedIn } of policyCases) {
    it(title, async () => {
      await setPolicy(policy);
      try {
        const { auth } = member();
        const r = await auth.register({ email: newEmail(name), password });
        expect(r.loginState).toBe(loginState);
        expect(auth.loggedIn()).toBe(loggedIn);
      } finally {
        await setPolicy(restore);
      }
    });
  }
});

describe('the error catalogue, from the real server', () => {
  it('register: invalidEmail, emailAlreadyExists, and a plain failure with the server message', async () => {
    const { auth } = member();
    const bad = await auth.register({ email: 'not-an-address', password });
    expect(bad).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail', error: expect.any(String) });
    const email = await account('taken');
    expect(await auth.register({ email, password })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    });
    const short = await auth.register({ email: newEmail('short'), password: 'short' });
    expect(short.loginState).toBe('FAILURE');
    expect(short.errorCode).toBeUndefined();
    expect(short.error).toMatch(/password/);
  });

  it('login: invalidPassword (wrong password and unknown e-mail alike), invalidEmail, resetPassword, then SUCCESS', async () => {
    const email = await account('login');
    const { auth } = member();
    expect(await auth.login({ email, password: 'wrong password' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
    expect(await auth.login({ email: newEmail('nobody'), password })).toMatchObject({ errorCode: 'invalidPassword' });
    expect(await auth.login({ email: 'not-an-address', password })).toMatchObject({ errorCode: 'invalidEmail' });

    await srv.database.db.update(identities).set({ passwordResetRequired: true }).where(eq(identities.email, email));
    expect(await auth.login({ email, password })).toMatchObject({ loginState: 'FAILURE', errorCode: 'resetPassword' });
    await srv.database.db.update(identities).set({ passwordResetRequired: false }).where(eq(identities.email, email));

    const ok = await auth.login({ email, password });
    expect(ok.loginState).toBe('SUCCESS');
    expect(auth.loggedIn()).toBe(true);
  });

  it('captcha: a missing token asks for the invisible one (site keys loaded), a bad one for the visible one', async () => {
    const email = await account('captcha');
    await setPolicy({ captchaMode: 'ALWAYS' });
    try {
      const { auth } = member();
      const first = await auth.login({ email, password });
      expect(first).toMatchObject({ loginState: 'SILENT_CAPTCHA_REQUIRED', errorCode: 'missingCaptchaToken' });
      expect(auth.captchaVisibleSiteKey).toEqual(expect.any(String));
      expect(auth.captchaInvisibleSiteKey).toEqual(expect.any(String));
      expect(auth.captchaInvisibleSiteKey).not.toBe(auth.captchaVisibleSiteKey);
      expect((await auth.loadCaptchaSettings()).captchaMode).toBe('ALWAYS');
      // The server read the token (invalid, not missing): the SDK sends it under the name the server expects.
      for (const captchaTokens of [{ invisible: 'not-a-proof' }, { visible: 'not-a-proof' }]) {
        expect(await auth.login({ email, password, captchaTokens })).toMatchObject({
          loginState: 'USER_CAPTCHA_REQUIRED',
          errorCode: 'invalidCaptchaToken',
        });
      }
      expect(await auth.register({ email: newEmail('captcha'), password })).toMatchObject({
        loginState: 'SILENT_CAPTCHA_REQUIRED',
        errorCode: 'missingCaptchaToken',
      });
      expect(auth.loggedIn()).toBe(false);
    } finally {
      await setPolicy({ captchaMode: 'NEVER' });
    }
  });
});

describe('the hosted code flow', () => {
  /** What the hosted login page does: a password login, then back to the authorize URL with its session token. */
  async function hostedLogin(authUrl: string, email: string): Promise<string> {
    const res = await fetch(`${srv.url}/identity/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email }, password }),
    });
    const { sessionToken } = (await res.json()) as { sessionToken: string };
    const back = await fetch(`${authUrl}&sessionToken=${encodeURIComponent(sessionToken)}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    return back.headers.get('location')!;
  }

  it('getAuthUrl → login → parseFromUrl → getMemberTokens, with the fragment (default) and the query', async () => {
    const email = await account('hosted');
    for (const responseMode of ['fragment', 'query'] as const) {
      const { auth, client } = member();
      const data = await auth.generateOAuthData(redirectUri, `${srv.url}/account`);
      const { authUrl } = await auth.getAuthUrl(data, responseMode === 'query' ? { responseMode } : {});
      const url = new URL(authUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${srv.url}/oauth2/authorize`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: srv.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        code_challenge: data.codeChallenge,
        code_challenge_method: 'S256',
        state: data.state,
        scope: 'offline_access',
        prompt: 'login',
        response_mode: responseMode,
      });
      // Without a session the server shows its login page.
      const page = await fetch(authUrl, { redirect: 'manual' });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toContain('/auth/login?');

      const returned = await hostedLogin(authUrl, email);
      expect(returned.startsWith(redirectUri)).toBe(true);
      const { code, state } = auth.parseFromUrl(returned, responseMode);
      // A state other than the stored one is refused before anything is sent; the code stays usable.
      await expect(auth.getMemberTokens(code, `${state}x`, data)).rejects.toThrow(new Error('Invalid _state'));
      const tokens = await auth.getMemberTokens(code, state, data);
      expect(tokens.refreshToken.role).toBe('member');
      expect(auth.loggedIn()).toBe(true);
      expect((await client.fetch<{ email: string }>('/oauth2/userinfo')).email).toBe(email);
    }
  });

  it('prompt none without a session comes back with login_required; a bad session token fails the direct login', async () => {
    const { auth } = member();
    const data = await auth.generateOAuthData(redirectUri);
    const { authUrl } = await auth.getAuthUrl(data, { prompt: 'none' });
    const res = await fetch(authUrl, { redirect: 'manual' });
    expect(() => parseFromUrl(res.headers.get('location')!)).toThrow(
      expect.objectContaining({ message: 'login_required', error: 'login_required' }),
    );
    await expect(auth.getMemberTokensForDirectLogin('st_not-a-session-token')).rejects.toMatchObject({
      message: 'login_required',
    });
    expect(auth.loggedIn()).toBe(false);
  });

  it('a code can only be exchanged once', async () => {
    const email = await account('once');
    const { auth } = member();
    const data = await auth.generateOAuthData(redirectUri);
    const { authUrl } = await auth.getAuthUrl(data, { responseMode: 'query' });
    const { code, state } = parseFromUrl(await hostedLogin(authUrl, email), 'query');
    await auth.getMemberTokens(code, state, data);
    const again = await auth.getMemberTokens(code, state, data).catch((e: unknown) => e);
    expect(isPlazaError(again) && again.status).toBe(400);
    expect((again as Error).message).toMatch(/^Failed to fetch tokens from OAuth API: Bad Request\. request id: /);
  });
});

describe('recovery and logout', () => {
  it('sendPasswordResetEmail mails a link to the given page, and answers alike for an unknown address', async () => {
    const email = await account('recover');
    const { auth } = member();
    await auth.sendPasswordResetEmail(email, `${srv.url}/reset-password`);
    const res = await fetch(`${srv.url}/dev/v1/mailbox?to=${encodeURIComponent(email)}`, {
      headers: { authorization: mailboxKey },
    });
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    expect(messages[0]!.text).toContain(`${srv.url}/reset-password`);
    await expect(
      auth.sendPasswordResetEmail(newEmail('unknown'), `${srv.url}/reset-password`),
    ).resolves.toBeUndefined();
  });

  it('logout returns the logout URL, clears both tokens and ends the session on the server', async () => {
    const email = await account('logout');
    const { auth, client } = member();
    await auth.login({ email, password });
    const before = auth.getTokens();
    expect(before.refreshToken.role).toBe('member');

    const { logoutUrl } = await auth.logout(`${srv.url}/`);
    const url = new URL(logoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${srv.url}/identity/v1/logout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientId: srv.clientId,
      postLogoutRedirectUri: `${srv.url}/`,
    });
    expect(auth.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
    expect(auth.getTokens().accessToken.value).toBe('');
    expect(auth.loggedIn()).toBe(false);
    expect(auth.getLoginState().loginState).toBe('INITIAL');

    // The session is over: its refresh token is refused, its access token too.
    const renew = await auth.renewToken(before.refreshToken).catch((e: unknown) => e);
    expect(isPlazaError(renew) && renew.status).toBe(400);
    const userinfo = await fetch(`${srv.url}/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${before.accessToken.value}` },
    });
    expect(userinfo.status).toBe(401);
    // The logout URL takes the browser back to the registered page.
    const back = await fetch(logoutUrl, { redirect: 'manual' });
    expect([back.status, back.headers.get('location')]).toEqual([302, `${srv.url}/`]);
    // Next call: a new visitor.
    await client.site.getSite();
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
  });
});

describe('tokens shared by tabs, against the real server', () => {
  function fifoLocks(): NonNullable<CrossTabEnv['locks']> {
    const tails = new Map<string, Promise<unknown>>();
    return {
      request<T>(name: string, fn: () => Promise<T>) {
        const run = (tails.get(name) ?? Promise.resolve()).then(fn);
        tails.set(
          name,
          run.catch(() => undefined),
        );
        return run;
      },
    };
  }

  it('20 calls in each of 3 tabs with an expired member token: one refresh, no reuse, everyone stays a member', async () => {
    const email = await account('tabs');
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
    const env = { locks: fifoLocks(), BroadcastChannel };
    const rec = recordingFetch();
    const tabs = [0, 1, 2].map(() => {
      const auth = OAuthStrategy({
        clientId: srv.clientId,
        redirectUri,
        storage: localStorageAdapter(`plaza.tokens.${email}`, storage, env),
      });
      return { auth, client: createClient({ baseUrl: srv.url, auth, modules: { site }, fetch: rec.fetch }) };
    });
    await tabs[0]!.auth.login({ email, password });
    const signedIn = tabs[0]!.auth.getTokens();
    // Every tab reads the shared storage; then the access token expires.
    const expired: Tokens = { ...signedIn, accessToken: { ...signedIn.accessToken, expiresAt: nowSeconds() - 5 } };
    for (const t of tabs) t.auth.setTokens(expired);
    rec.calls.length = 0;

    await Promise.all(tabs.flatMap((t) => Array.from({ length: 20 }, () => t.client.site.getSite())));

    const refreshes = rec.to('/oauth2/token');
    expect(refreshes.map((c) => [(c.body as { grantType: string }).grantType, c.status])).toEqual([
      ['refresh_token', 200],
    ]);
    expect(rec.to('/site/v1/site').every((c) => c.status === 200)).toBe(true);
    const renewed = tabs[0]!.auth.getTokens();
    for (const t of tabs) {
      expect(t.auth.getTokens()).toEqual(renewed);
      expect(t.auth.loggedIn()).toBe(true);
    }
    // The renewed token works (a reuse would have revoked the family).
    expect((await tabs[2]!.client.fetch<{ email: string }>('/oauth2/userinfo')).email).toBe(email);
  });

  it('two tabs that renew the same token without seeing each other both stay signed in (same key, same new token)', async () => {
    // As when one tab reads the storage before the other's new tokens reach it (Chromium shares localStorage
    // between processes asynchronously), or a browser without navigator.locks: each tab renews on its own.
    const email = await account('stale');
    const rec = recordingFetch();
    const { auth: first } = member();
    await first.login({ email, password });
    const signedIn = first.getTokens();
    const expired: Tokens = { ...signedIn, accessToken: { ...signedIn.accessToken, expiresAt: nowSeconds() - 5 } };
    expect(expired.refreshToken.renewKey).toMatch(/^\d+-\d+-\d+-\d+$/);
    const tabs = [0, 1].map(() => {
      const auth = OAuthStrategy({ clientId: srv.clientId, redirectUri, tokens: expired });
      return { auth, client: createClient({ baseUrl: srv.url, auth, modules: { site }, fetch: rec.fetch }) };
    });

    await Promise.all(tabs.map((t) => t.client.site.getSite()));

    const refreshes = rec.to('/oauth2/token');
    expect(refreshes.map((c) => [(c.body as { grantType: string }).grantType, c.status])).toEqual([
      ['refresh_token', 200],
      ['refresh_token', 200],
    ]);
    expect(new Set(refreshes.map((c) => c.headers.get('idempotency-key')))).toEqual(
      new Set([expired.refreshToken.renewKey]),
    );
    const [a, b] = tabs.map((t) => t.auth.getTokens());
    expect(a!.refreshToken).toEqual(b!.refreshToken);
    for (const t of tabs) {
      expect(t.auth.loggedIn()).toBe(true);
      expect((await t.client.fetch<{ email: string }>('/oauth2/userinfo')).email).toBe(email);
    }
    // The next renewal of the shared new token works too: nothing was revoked.
    await tabs[1]!.auth.renewToken(b!.refreshToken);
    expect(tabs[1]!.auth.loggedIn()).toBe(true);
  });
});

describe('a 401 for a token the client believed valid', () => {
  it('renews once and retries: a member whose session ended elsewhere continues as a visitor', async () => {
    const email = await account('revoked');
    const { auth, client, rec } = member();
    await auth.login({ email, password });
    // Another device ends this session (the access token has not expired yet).
    await fetch(`${srv.url}/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: auth.getTokens().refreshToken.value, clientId: srv.clientId }),
    });
    rec.calls.length = 0;
    const { site: current } = await client.site.getSite();
    expect(current.name).toEqual(expect.any(String));
    expect(rec.calls.map((c) => `${c.path} ${c.status}`)).toEqual([
      '/site/v1/site 401',
      '/oauth2/token 400', // the refresh token of the ended session
      '/oauth2/token 200', // a new visitor
      '/site/v1/site 200',
    ]);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
  });

  it('a refused login sent through client.fetch is an answer: not renewed, not sent twice', async () => {
    const email = await account('twice');
    const { client, rec } = member();
    const body = { loginId: { email }, password: 'wrong password' };
    const error = await client.fetch('/identity/v2/login', { method: 'POST', body }).catch((e: unknown) => e);
    expect(isPlazaError(error) && error.details.applicationError?.code).toBe('-19976');
    expect(rec.calls.map((c) => c.path)).toEqual(['/oauth2/token', '/identity/v2/login']);
  });
});
