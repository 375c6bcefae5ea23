/**
 * Member sign-in mechanics of OAuthStrategy against a scripted server: exact messages, request shapes, the iframe
 * flows (a fake window and document stand in for the browser) and the 120000 ms time-out with fake timers.
 * The same flows against the real server are in integration/member.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAuthStrategy } from '../src/auth/oauth.js';
import { codeChallengeOf } from '../src/auth/pkce.js';
import { fakeApi, json, tokenAnswer, type FakeCall } from './fake-api.js';

const BASE = 'https://api.example.com';
const REDIRECT = 'https://shop.example.com/auth/callback';
const identity = { id: 'id-1', status: 'ACTIVE' };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server side of the code flow: redirect sessions, the authorize redirect, the token endpoint. */
function codeFlowRoutes(sessions: FakeCall[] = []) {
  return {
    'POST /oauth2/token': (c: FakeCall) =>
      tokenAnswer(c.body?.grantType === 'authorization_code' ? 'member' : 'visitor'),
    'POST /redirects/v1/redirect-session': (c: FakeCall) => {
      sessions.push(c);
      const body = c.body as { auth?: { authRequest: Record<string, string>; prompt: string } };
      if (!body.auth)
        return json(200, {
          redirectSession: { id: 'rs', fullUrl: `${BASE}/identity/v1/logout?clientId=web`, sessionToken: '' },
        });
      const a = body.auth.authRequest;
      const q = new URLSearchParams({
        redirect_uri: a.redirectUri!,
        state: a.state!,
        response_mode: a.responseMode!,
        prompt: body.auth.prompt,
      });
      if (a.sessionToken) q.set('sessionToken', a.sessionToken);
      return json(200, {
        redirectSession: { id: 'rs', fullUrl: `${BASE}/oauth2/authorize?${q}`, sessionToken: a.sessionToken ?? '' },
      });
    },
    'POST /oauth2/revoke': () => json(200, {}),
    'GET /oauth2/authorize': (c: FakeCall) => {
      const q = c.url.searchParams;
      const to = new URL(q.get('redirect_uri')!);
      if (q.get('sessionToken') === 'st_ok') to.search = `code=code-1&state=${encodeURIComponent(q.get('state')!)}`;
      else to.search = `error=login_required&state=${encodeURIComponent(q.get('state')!)}`;
      return new Response(null, { status: 302, headers: { location: to.toString() } });
    },
  };
}

function strategy(routes: Parameters<typeof fakeApi>[0], delayMs?: number) {
  const api = fakeApi(routes, delayMs);
  const auth = OAuthStrategy({ clientId: 'web', baseUrl: BASE, fetch: api.fetch, redirectUri: REDIRECT });
  return { auth, api };
}

describe('exact messages', () => {
  it('processVerification and resendVerificationCode outside EMAIL_VERIFICATION_REQUIRED throw `Unknown _state`', async () => {
    const { auth, api } = strategy({});
    await expect(auth.processVerification({ verificationCode: '123456' })).rejects.toThrow(new Error('Unknown _state'));
    await expect(auth.resendVerificationCode()).rejects.toThrow(new Error('Unknown _state'));
    expect(api.calls).toHaveLength(0);
  });

  it('verifyFactor and sendFactorCode outside MFA_REQUIRED throw `Unknown _state` and send nothing', async () => {
    const { auth, api } = strategy({});
    await expect(auth.verifyFactor({ factorType: 'TOTP', code: '123456' })).rejects.toThrow(
      new Error('Unknown _state'),
    );
    await expect(auth.sendFactorCode()).rejects.toThrow(new Error('Unknown _state'));
    expect(api.calls).toHaveLength(0);
  });

  it('getMemberTokens with a state other than the stored one throws `Invalid _state` and sends nothing', async () => {
    const { auth, api } = strategy({});
    const data = await auth.generateOAuthData(REDIRECT);
    await expect(auth.getMemberTokens('code', 'another-state', data)).rejects.toThrow(new Error('Invalid _state'));
    expect(api.calls).toHaveLength(0);
    expect(auth.loggedIn()).toBe(false);
  });
});

describe('register → verify → direct login (outside browsers)', () => {
  it('walks the state machine and ends with member tokens', async () => {
    const sessions: FakeCall[] = [];
    const { auth, api } = strategy({
      ...codeFlowRoutes(sessions),
      'POST /identity/v2/register': () =>
        json(200, { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-1', identity }),
      'POST /identity/v1/auth/verify': (c) =>
        c.body?.code === '111111'
          ? json(200, { state: 'SUCCESS', sessionToken: 'st_ok', identity })
          : json(400, { message: 'The code is wrong', details: { applicationError: { code: 'BAD_CODE' } } }),
      'POST /identity/v1/auth/resend': () => json(200, {}),
    });
    const seen: string[] = [];
    auth.onTokensChange((t) => seen.push(t.refreshToken.role));

    const registered = await auth.register({
      email: 'ada@example.com',
      password: 'correct horse',
      profile: { nickname: 'Ada' },
    });
    expect(registered).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'state-1', identity },
    });
    expect(api.to('/identity/v2/register')[0]!.body).toEqual({
      loginId: { email: 'ada@example.com' },
      password: 'correct horse',
      profile: { nickname: 'Ada' },
    });
    // The visitor token authenticates the sign-in calls.
    expect(api.to('/identity/v2/register')[0]!.headers.get('authorization')).toMatch(/^Bearer visitor-access-/);
    expect(auth.getLoginState()).toBe(registered);

    await auth.resendVerificationCode();
    expect(api.to('/identity/v1/auth/resend')[0]!.body).toEqual({ stateToken: 'state-1' });

    // A wrong code keeps the state, so the person can try again.
    const wrong = await auth.processVerification({ verificationCode: '000000' });
    expect(wrong).toEqual({ ...registered, error: 'The code is wrong', errorCode: 'BAD_CODE' });
    expect(auth.loggedIn()).toBe(false);

    const done = await auth.processVerification({ verificationCode: '111111' });
    expect(done).toEqual({ loginState: 'SUCCESS', data: { identity, stateToken: undefined } });
    expect(api.to('/identity/v1/auth/verify').map((c) => c.body)).toEqual([
      { code: '000000', stateToken: 'state-1' },
      { code: '111111', stateToken: 'state-1' },
    ]);

    // The direct login: a redirect session with the session token and prompt none, then the 302 read by hand.
    const authRequest = (sessions[0]!.body as { auth: { authRequest: Record<string, string>; prompt: string } }).auth;
    expect(authRequest.prompt).toBe('none');
    expect(authRequest.authRequest).toMatchObject({
      redirectUri: REDIRECT,
      clientId: 'web',
      codeChallengeMethod: 'S256',
      responseMode: 'query',
      responseType: 'code',
      scope: 'offline_access',
      sessionToken: 'st_ok',
    });
    expect(api.to('/oauth2/authorize')[0]!.redirect).toBe('manual');
    const exchange = api.to('/oauth2/token').find((c) => c.body?.grantType === 'authorization_code')!;
    expect(exchange.body).toEqual({
      grantType: 'authorization_code',
      clientId: 'web',
      code: 'code-1',
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9\-._~]{43}$/),
      redirectUri: REDIRECT,
      // The visitor's token goes along, so the server moves the visitor's cart into the member's.
      visitorToken: 'visitor-access-1',
    });
    expect(await codeChallengeOf(exchange.body!.codeVerifier as string)).toBe(authRequest.authRequest.codeChallenge);

    expect(auth.loggedIn()).toBe(true);
    expect(auth.getTokens().refreshToken.role).toBe('member');
    expect(seen).toEqual(['visitor', 'member']);
    expect(auth.getLoginState().loginState).toBe('SUCCESS');
  });

  it('a refused session token surfaces the server error (login_required)', async () => {
    const { auth } = strategy(codeFlowRoutes());
    await expect(auth.getMemberTokensForDirectLogin('st_bad')).rejects.toMatchObject({
      message: 'login_required',
      error: 'login_required',
    });
    expect(auth.loggedIn()).toBe(false);
  });

  it('says what is missing without a redirect URI outside browsers', async () => {
    const api = fakeApi(codeFlowRoutes());
    const auth = OAuthStrategy({ clientId: 'web', baseUrl: BASE, fetch: api.fetch });
    await expect(auth.getMemberTokensForDirectLogin('st_ok')).rejects.toThrow(/needs a redirectUri/);
    await expect(auth.getMemberTokensForDirectLogin('st_ok', { redirectUri: REDIRECT })).resolves.toMatchObject({
      refreshToken: { role: 'member' },
    });
  });
});

describe('login', () => {
  it('asks for the invisible captcha first, loads the site keys, and sends tokens under the platform names', async () => {
    const settings = {
      captchaMode: 'ALWAYS',
      captchaAfterFailures: 5,
      captchaVisibleSiteKey: 'plaza-altcha-visible',
      captchaInvisibleSiteKey: 'plaza-altcha-invisible',
      challengePath: '/identity/v1/captcha/challenge',
    };
    const { auth, api } = strategy({
      ...codeFlowRoutes(),
      'GET /identity/v1/captcha/settings': () => json(200, settings),
      'POST /identity/v2/login': (c) => {
        const tokens = c.body?.captchaTokens as Record<string, string>[] | undefined;
        if (!tokens)
          return json(400, { message: 'A captcha is required', details: { applicationError: { code: '-19971' } } });
        if (tokens[0]?.InvisibleRecaptcha === 'bad')
          return json(400, { message: 'The captcha is invalid', details: { applicationError: { code: '-19970' } } });
        return json(200, { state: 'SUCCESS', sessionToken: 'st_ok', identity });
      },
    });
    expect(auth.captchaInvisibleSiteKey).toBeUndefined();
    const first = await auth.login({ email: 'ada@example.com', password: 'pw' });
    expect(first).toEqual({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      data: {},
      error: 'A captcha is required',
      errorCode: 'missingCaptchaToken',
    });
    // The keys are there by the time a captcha state is answered.
    expect([auth.captchaVisibleSiteKey, auth.captchaInvisibleSiteKey]).toEqual([
      'plaza-altcha-visible',
      'plaza-altcha-invisible',
    ]);
    expect(await auth.loadCaptchaSettings()).toEqual(settings);
    expect(api.to('/identity/v1/captcha/settings')).toHaveLength(1);

    const second = await auth.login({ email: 'ada@example.com', password: 'pw', captchaTokens: { invisible: 'bad' } });
    expect(second).toMatchObject({ loginState: 'USER_CAPTCHA_REQUIRED', errorCode: 'invalidCaptchaToken' });

    const third = await auth.login({ email: 'ada@example.com', password: 'pw', captchaTokens: { visible: 'proof' } });
    expect(third.loginState).toBe('SUCCESS');
    expect(api.to('/identity/v2/login').map((c) => c.body?.captchaTokens)).toEqual([
      undefined,
      [{ InvisibleRecaptcha: 'bad' }],
      [{ Recaptcha: 'proof' }],
    ]);
    expect(auth.loggedIn()).toBe(true);
  });

  it('throws network errors and 5xx instead of inventing a state', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': () => tokenAnswer(),
      'POST /identity/v2/login': () => json(503, { message: 'Service unavailable', details: {} }),
    });
    await expect(auth.login({ email: 'a@b.co', password: 'pw' })).rejects.toMatchObject({ status: 503 });
    expect(auth.getLoginState().loginState).toBe('INITIAL');
    const offline = strategy({
      'POST /oauth2/token': () => tokenAnswer(),
      'POST /identity/v2/register': () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(offline.auth.register({ email: 'a@b.co', password: 'pw' })).rejects.toThrow('fetch failed');
    expect(offline.auth.getLoginState().loginState).toBe('INITIAL');
  });
});

describe('hosted login, recovery and logout', () => {
  it('getAuthUrl makes a redirect session for the PKCE data (prompt login, fragment by default)', async () => {
    const sessions: FakeCall[] = [];
    const { auth } = strategy(codeFlowRoutes(sessions));
    const data = await auth.generateOAuthData(REDIRECT, 'https://shop.example.com/cart');
    const { authUrl } = await auth.getAuthUrl(data);
    expect(authUrl.startsWith(`${BASE}/oauth2/authorize?`)).toBe(true);
    expect(sessions[0]!.body).toEqual({
      auth: {
        prompt: 'login',
        authRequest: {
          redirectUri: REDIRECT,
          clientId: 'web',
          codeChallenge: data.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: data.state,
        },
      },
    });
    await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query' });
    expect(sessions[1]!.body).toMatchObject({ auth: { prompt: 'none', authRequest: { responseMode: 'query' } } });
  });

  it('sendPasswordResetEmail posts the address and the return page', async () => {
    const { auth, api } = strategy({
      'POST /oauth2/token': () => tokenAnswer(),
      'POST /identity/v1/send-email': () => json(200, {}),
    });
    await auth.sendPasswordResetEmail('ada@example.com', 'https://shop.example.com/reset-password');
    expect(api.to('/identity/v1/send-email')[0]!.body).toEqual({
      email: 'ada@example.com',
      redirect: 'https://shop.example.com/reset-password',
    });
  });

  it('logout returns the logout URL, revokes the refresh token and clears both tokens, even when the server fails', async () => {
    const sessions: FakeCall[] = [];
    const { auth, api } = strategy(codeFlowRoutes(sessions));
    await auth.getMemberTokensForDirectLogin('st_ok');
    expect(auth.loggedIn()).toBe(true);
    const refreshToken = auth.getTokens().refreshToken.value;
    const { logoutUrl } = await auth.logout('https://shop.example.com/');
    expect(logoutUrl).toBe(`${BASE}/identity/v1/logout?clientId=web`);
    expect(sessions.at(-1)!.body).toEqual({
      logout: { clientId: 'web' },
      callbacks: { postFlowUrl: 'https://shop.example.com/' },
    });
    expect(sessions.at(-1)!.headers.get('authorization')).toMatch(/^Bearer member-access-/);
    expect(api.to('/oauth2/revoke').map((c) => c.body)).toEqual([{ token: refreshToken, clientId: 'web' }]);
    expect(auth.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
    expect(auth.getTokens().accessToken.value).toBe('');
    expect(auth.loggedIn()).toBe(false);
    expect(auth.getLoginState().loginState).toBe('INITIAL');

    const failing = strategy({
      ...codeFlowRoutes(),
      'POST /redirects/v1/redirect-session': () => json(500, { message: 'boom', details: {} }),
    });
    failing.auth.setTokens({
      accessToken: { value: 'a', expiresAt: 2e9 },
      refreshToken: { value: 'r', role: 'member' },
    });
    await expect(failing.auth.logout('https://shop.example.com/')).rejects.toMatchObject({ status: 500 });
    expect(failing.auth.getTokens().refreshToken.role).toBe('none');
  });
});

/** A stand-in for the browser's window and document, enough for the hidden-iframe flows. */
function fakeBrowser() {
  const listeners = new Set<(e: { data: unknown; origin: string; source: unknown }) => void>();
  const frames: { src: string; contentWindow: object; style: Record<string, string>; attached: boolean }[] = [];
  let onAppend: (frame: (typeof frames)[number]) => void = () => undefined;
  const appended = () => new Promise<(typeof frames)[number]>((resolve) => (onAppend = resolve));
  vi.stubGlobal('window', {
    addEventListener: (_: string, l: never) => listeners.add(l),
    removeEventListener: (_: string, l: never) => listeners.delete(l),
  });
  vi.stubGlobal('location', { origin: 'https://shop.example.com', href: 'https://shop.example.com/' });
  vi.stubGlobal('document', {
    createElement: () => {
      const frame = {
        src: '',
        contentWindow: {},
        style: {} as Record<string, string>,
        attached: false,
        setAttribute: () => undefined,
        remove: () => {
          frame.attached = false;
        },
      };
      return frame;
    },
    body: {
      appendChild: (frame: (typeof frames)[number]) => {
        frame.attached = true;
        frames.push(frame);
        onAppend(frame);
      },
    },
  });
  const post = (data: unknown, origin: string, source: unknown) => {
    for (const l of [...listeners]) l({ data, origin, source });
  };
  return { frames, appended, post, listeners };
}

describe('silent login (hidden iframe, web_message)', () => {
  const stateOf = (frame: { src: string }) => new URL(frame.src).searchParams.get('state')!;
  const response = (r: Record<string, string>) => ({ type: 'authorization_response', response: r });

  it('takes only the iframe’s message from the server origin with the right state, then exchanges the code', async () => {
    const browser = fakeBrowser();
    const sessions: FakeCall[] = [];
    const { auth } = strategy(codeFlowRoutes(sessions));
    const appended = browser.appended();
    const login = auth.silentLogin();
    const frame = await appended;
    expect(frame.style.display).toBe('none');
    expect(new URL(frame.src).searchParams.get('response_mode')).toBe('web_message');
    expect((sessions[0]!.body as { auth: { prompt: string } }).auth.prompt).toBe('none');
    // Default redirect URI in browsers: the page's origin + /auth/callback.
    const state = stateOf(frame);
    browser.post(response({ code: 'evil', state }), 'https://evil.example.com', frame.contentWindow); // wrong origin
    browser.post(response({ code: 'evil', state }), BASE, {}); // not from our iframe
    browser.post(response({ code: 'evil', state: 'other' }), BASE, frame.contentWindow); // another flow
    browser.post({ type: 'something-else' }, BASE, frame.contentWindow);
    browser.post(response({ code: 'code-1', state }), BASE, frame.contentWindow);
    const tokens = await login;
    expect(tokens.refreshToken.role).toBe('member');
    expect(auth.loggedIn()).toBe(true);
    expect(frame.attached).toBe(false);
    expect(browser.listeners.size).toBe(0);
  });

  it('fails at once on login_required and removes the iframe', async () => {
    const browser = fakeBrowser();
    const { auth } = strategy(codeFlowRoutes());
    const appended = browser.appended();
    const login = auth.silentLogin();
    const frame = await appended;
    browser.post(
      response({ error: 'login_required', error_description: 'No sign-in session', state: stateOf(frame) }),
      BASE,
      frame.contentWindow,
    );
    await expect(login).rejects.toMatchObject({ message: 'login_required', errorDescription: 'No sign-in session' });
    expect(frame.attached).toBe(false);
    expect(browser.listeners.size).toBe(0);
    expect(auth.loggedIn()).toBe(false);
  });

  it('times out after exactly 120000 ms with `OAuth flow timed out` and removes the iframe', async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    const { auth } = strategy(codeFlowRoutes(), 0);
    const appended = browser.appended();
    const login = auth.silentLogin();
    const outcome = login.then(
      () => 'resolved',
      (e: Error) => e,
    );
    const frame = await appended;
    await vi.advanceTimersByTimeAsync(119_999);
    expect(frame.attached).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toEqual(new Error('OAuth flow timed out'));
    expect(frame.attached).toBe(false);
    expect(browser.listeners.size).toBe(0);
  });

  it('direct login in a browser also runs in the iframe, with the session token', async () => {
    const browser = fakeBrowser();
    const sessions: FakeCall[] = [];
    const { auth, api } = strategy(codeFlowRoutes(sessions));
    const appended = browser.appended();
    const login = auth.getMemberTokensForDirectLogin('st_ok');
    const frame = await appended;
    expect((sessions[0]!.body as { auth: { authRequest: Record<string, string> } }).auth.authRequest).toMatchObject({
      responseMode: 'web_message',
      sessionToken: 'st_ok',
    });
    browser.post(response({ code: 'code-1', state: stateOf(frame) }), BASE, frame.contentWindow);
    await expect(login).resolves.toMatchObject({ refreshToken: { role: 'member' } });
    expect(api.to('/oauth2/authorize')).toHaveLength(0); // the browser loads it in the iframe, not fetch
  });
});
