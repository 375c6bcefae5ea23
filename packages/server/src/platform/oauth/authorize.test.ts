import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateRedirectSessionResponse, TokenResponse } from '@plaza/contracts';
import { endSession } from '../identity/sessions.service.js';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { jwtClaims } from '../../test/jwt.js';
import { codeGrant, webAuthorizeParams } from '../../test/oauth-code.js';

const { srv } = serverSuite();
let visitor: string;
let redirectUri: string;
beforeAll(async () => {
  visitor = `Bearer ${await srv.visitorToken()}`;
  redirectUri = `${srv.url}/auth/callback`;
});

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url'); // 43 characters
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function redirectSession(auth: Record<string, unknown>, prompt?: string) {
  return call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', {
    auth: visitor,
    body: { auth: { authRequest: auth, ...(prompt ? { prompt } : {}) } },
  });
}

/** Follows fullUrl once without following the redirect, like a browser would see it. */
async function visit(url: string, cookie?: string) {
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const cookies = res.headers.getSetCookie();
  return { res, location: res.headers.get('location') ?? '', setCookie: cookies[0] ?? '', cookies };
}

/** The web client's auth request with this PKCE challenge (state `s`); `extra` adds or overrides fields. */
const authRequest = (codeChallenge: string, extra: Record<string, unknown> = {}) => ({
  redirectUri,
  clientId: srv.clientId,
  codeChallenge,
  codeChallengeMethod: 'S256',
  responseType: 'code',
  state: 's',
  ...extra,
});

async function codeFor(opts: { responseMode?: string; scope?: string; nonce?: string } = {}) {
  const { verifier, challenge } = pkcePair();
  const { sessionToken, sessionId } = await srv.signIn();
  const rs = await redirectSession(
    authRequest(challenge, {
      responseMode: opts.responseMode ?? 'query',
      scope: opts.scope ?? 'offline_access',
      state: 'st-123',
      sessionToken,
      ...(opts.nonce ? { nonce: opts.nonce } : {}),
    }),
  );
  expect(rs.status).toBe(200);
  const { location, setCookie } = await visit(rs.body.redirectSession.fullUrl);
  const url = new URL(location);
  return {
    code: url.searchParams.get('code')!,
    state: url.searchParams.get('state'),
    verifier,
    sessionId,
    setCookie,
    fullUrl: rs.body.redirectSession.fullUrl,
  };
}

const exchange = (code: string, verifier: string, extra: Record<string, unknown> = {}) =>
  call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
    body: { ...codeGrant(srv, { code, verifier, redirectUri }), ...extra },
  });

describe('redirect session + authorization code with PKCE', () => {
  it('turns a session token into a code, and the code into member tokens', async () => {
    const { code, state, verifier } = await codeFor({ scope: 'openid offline_access email', nonce: 'n-1' });
    expect(code).toMatch(/^ac_/);
    expect(state).toBe('st-123');
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toMatch(/^rm_/);
    const claims = jwtClaims(tokens.body.access_token);
    expect(claims).toMatchObject({ role: 'member', member_role: 'OWNER', client_id: srv.clientId });
    const id = jwtClaims(tokens.body.id_token!);
    expect(id).toMatchObject({
      aud: srv.clientId,
      iss: srv.url,
      nonce: 'n-1',
      email: srv.owner.email,
      email_verified: true,
      sub: claims.sub,
    });

    const me = await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${tokens.body.access_token}` });
    expect(me.body).toEqual({ sub: claims.sub, email: srv.owner.email, email_verified: true });
    // An ID token is not an access token.
    expect((await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${tokens.body.id_token}` })).status).toBe(
      401,
    );
    // Owners are ADMIN callers on admin routes.
    const patch = await call(srv.url, 'PATCH', '/site/v1/site', {
      auth: `Bearer ${tokens.body.access_token}`,
      body: { site: { name: 'By owner' }, fieldMask: { paths: ['name'] } },
    });
    expect(patch.status).toBe(200);
  });

  it('puts the code in the fragment by default and sets the session cookie', async () => {
    const { verifier, challenge } = pkcePair();
    const { sessionToken } = await srv.signIn();
    const rs = await redirectSession(authRequest(challenge, { sessionToken }));
    expect(rs.body.redirectSession.sessionToken).toBe(sessionToken);
    expect(rs.body.redirectSession.urlDetails.endpoint).toBe(`${srv.url}/oauth2/authorize`);
    const { res, location, setCookie, cookies } = await visit(rs.body.redirectSession.fullUrl);
    expect(res.status).toBe(302);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // With it, the hint a web app's script reads (no secret, not HttpOnly) to know a silent login can succeed.
    expect(cookies[1]).toMatch(/^plaza_signed_in=1; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    expect(fragment.get('state')).toBe('s');
    expect((await exchange(fragment.get('code')!, verifier)).status).toBe(200);
    expect(setCookie).toMatch(/^plaza_session=sc_[^;]+; Path=\/; HttpOnly; Max-Age=\d+; SameSite=Lax/);
  });

  it('works once: reusing a code fails and revokes the tokens issued from it', async () => {
    const { code, verifier } = await codeFor();
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(appCode(again.body)).toBe('invalid_grant');
    expect((again.body as unknown as { error: string }).error).toBe('invalid_grant');
    const refresh = await call(srv.url, 'POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: srv.clientId, refreshToken: first.body.refresh_token },
    });
    expect(refresh.status).toBe(400);
    expect((await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${first.body.access_token}` })).status).toBe(
      401,
    );
  });

  it('gives dead tokens for a code whose session ended before the exchange', async () => {
    const { code, verifier, sessionId } = await codeFor();
    await endSession(srv.ctx(), sessionId);
    const tokens = await exchange(code, verifier);
    expect(
      (await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${tokens.body.access_token}` })).status,
    ).toBe(401);
    const refresh = await call(srv.url, 'POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: srv.clientId, refreshToken: tokens.body.refresh_token },
    });
    expect(refresh.status).toBe(400);
  });

  it('binds the code to the verifier, the redirect URI and the client', async () => {
    const a = await codeFor();
    expect(appCode((await exchange(a.code, pkcePair().verifier)).body)).toBe('invalid_grant');
    const b = await codeFor();
    expect(appCode((await exchange(b.code, b.verifier, { redirectUri: `${srv.url}/auth/silent-callback` })).body)).toBe(
      'invalid_grant',
    );
    const c = await codeFor();
    expect((await exchange(c.code, c.verifier, { codeVerifier: undefined })).status).toBe(400);
    expect(violations((await exchange(c.code, c.verifier, { codeVerifier: undefined })).body)).toContain(
      'codeVerifier:REQUIRED_FIELD',
    );
  });

  it('lets a code live 60 seconds at most', async () => {
    let now = Date.now();
    const clocked = await startTestServer({ clock: () => new Date(now) });
    try {
      const { sessionToken } = await clocked.signIn();
      const { verifier, params } = webAuthorizeParams(clocked, { sessionToken });
      const res = await fetch(`${clocked.url}/oauth2/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
      const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
      now += 61_000;
      const late = await call(clocked.url, 'POST', '/oauth2/token', {
        body: codeGrant(clocked, { code, verifier, redirectUri: `${clocked.url}/auth/callback` }),
      });
      expect(late.status).toBe(400);
      expect((late.body as { message: string }).message).toBe('Authorization code has expired');
    } finally {
      await clocked.close();
    }
  });

  it('rejects plain or missing PKCE, and unregistered redirect URIs', async () => {
    const { challenge } = pkcePair();
    const base = authRequest(challenge);
    expect(violations((await redirectSession({ ...base, codeChallengeMethod: 'plain' })).body)).toContain(
      'auth.authRequest.codeChallengeMethod:INVALID_ENUM_VALUE',
    );
    const { codeChallenge: _drop, ...noChallenge } = base;
    expect(violations((await redirectSession(noChallenge)).body)).toContain(
      'auth.authRequest.codeChallenge:REQUIRED_FIELD',
    );
    expect(
      violations((await redirectSession({ ...base, redirectUri: `${srv.url}/auth/callback/evil` })).body),
    ).toContain('auth.authRequest.redirectUri:FORMAT');

    // The authorize endpoint checks the same for hand-made URLs.
    const q = (p: Record<string, string>) =>
      `${srv.url}/oauth2/authorize?${new URLSearchParams({ client_id: srv.clientId, redirect_uri: redirectUri, response_type: 'code', state: 's', response_mode: 'query', ...p })}`;
    const cases: Record<string, string>[] = [{ code_challenge: challenge, code_challenge_method: 'plain' }, {}];
    for (const params of cases) {
      const { location } = await visit(q(params));
      expect(new URL(location).searchParams.get('error')).toBe('invalid_request');
    }
    const evil = await visit(
      q({ code_challenge: challenge, code_challenge_method: 'S256', redirect_uri: 'https://evil.example/cb' }),
    );
    expect(evil.res.status).toBe(400);
    expect(evil.location).toBe('');
    expect(await evil.res.text()).toContain('Unregistered redirect URI');
  });
});

describe('sessions at the authorize endpoint', () => {
  const authorizeUrl = (extra: Record<string, string>) => {
    const { challenge } = pkcePair();
    return `${srv.url}/oauth2/authorize?${new URLSearchParams({ client_id: srv.clientId, redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 'xyz', ...extra })}`;
  };

  it('answers prompt=none without a session with login_required at once', async () => {
    const started = Date.now();
    const { location } = await visit(authorizeUrl({ prompt: 'none', response_mode: 'query' }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(new URL(location).searchParams.get('error')).toBe('login_required');
    expect(new URL(location).searchParams.get('state')).toBe('xyz');
  });

  it('sends a visitor without a session to the hosted login page, keeping the request', async () => {
    const { res, location } = await visit(authorizeUrl({ response_mode: 'fragment' }));
    expect(res.status).toBe(302);
    const url = new URL(location);
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('client_id')).toBe(srv.clientId);
    expect(url.searchParams.get('state')).toBe('xyz');
  });

  it('logs in silently with the session cookie (web_message), posting only to the registered origin', async () => {
    const { setCookie } = await codeFor();
    const cookie = setCookie.split(';')[0]!;
    const { res } = await visit(authorizeUrl({ prompt: 'none', response_mode: 'web_message' }), cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${new URL(srv.url).origin}`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // It posts to its opener when an app opened it as a popup: the one HTML answer that keeps its opener.
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const html = await res.text();
    // Only this page's own script runs: a nonce made for this answer, never 'unsafe-inline'.
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`["${new URL(srv.url).origin}"].forEach(function(o){t.postMessage(m,o);})`);
    expect(html).toMatch(/"code":"ac_[^"]+","state":"xyz"/);
    // prompt=login ignores the cookie.
    const { location } = await visit(authorizeUrl({ prompt: 'login' }), cookie);
    expect(new URL(location).pathname).toBe('/auth/login');
  });

  it('gives every authorization its own code, even within one second', async () => {
    const { setCookie } = await codeFor();
    const cookie = setCookie.split(';')[0]!;
    const url = authorizeUrl({ prompt: 'none', response_mode: 'query' });
    const codes = await Promise.all(
      [1, 2, 3].map(async () => new URL((await visit(url, cookie)).location).searchParams.get('code')),
    );
    expect(new Set(codes).size).toBe(3);
  });

  it('refuses a used or unknown session token', async () => {
    const { sessionToken } = await srv.signIn();
    const first = await visit(authorizeUrl({ sessionToken, response_mode: 'query' }));
    expect(new URL(first.location).searchParams.get('code')).toMatch(/^ac_/);
    const second = await visit(authorizeUrl({ sessionToken, response_mode: 'query' }));
    expect(new URL(second.location).searchParams.get('error')).toBe('login_required');
  });
});

describe('logout', () => {
  it('ends the session and returns only to a registered URL', async () => {
    const { code, verifier, setCookie } = await codeFor();
    const tokens = (await exchange(code, verifier)).body;
    const cookie = setCookie.split(';')[0]!;
    const rs = await call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', {
      auth: visitor,
      body: { logout: { clientId: srv.clientId }, callbacks: { postFlowUrl: `${srv.url}/goodbye` } },
    });
    expect(rs.status).toBe(200);
    const { res, location, cookies: cleared } = await visit(rs.body.redirectSession.fullUrl, cookie);
    expect(res.status).toBe(302);
    expect(location).toBe(`${srv.url}/goodbye`);
    expect(cleared).toEqual([
      'plaza_session=; Path=/; HttpOnly; Max-Age=0; SameSite=Lax',
      'plaza_signed_in=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
    expect((await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${tokens.access_token}` })).status).toBe(
      401,
    );
    const refresh = await call(srv.url, 'POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: srv.clientId, refreshToken: tokens.refresh_token },
    });
    expect(refresh.status).toBe(400);

    const evil = await call(srv.url, 'POST', '/redirects/v1/redirect-session', {
      auth: visitor,
      body: { logout: { clientId: srv.clientId }, callbacks: { postFlowUrl: 'https://evil.example/' } },
    });
    expect(violations(evil.body)).toContain('callbacks.postFlowUrl:FORMAT');
    const direct = await visit(
      `${srv.url}/identity/v1/logout?clientId=${srv.clientId}&postLogoutRedirectUri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(direct.res.status).toBe(400);
    expect(direct.location).toBe('');
  });
});

describe('redirect sessions', () => {
  it.each(['bookingsCheckout', 'eventsCheckout', 'preferences'])(
    'answers %s with 400 unsupported redirect target',
    async (target) => {
      const res = await call(srv.url, 'POST', '/redirects/v1/redirect-session', {
        auth: visitor,
        body: { [target]: {} },
      });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(`unsupported redirect target: ${target}`);
    },
  );

  it('needs exactly one target and a caller', async () => {
    expect(
      violations((await call(srv.url, 'POST', '/redirects/v1/redirect-session', { auth: visitor, body: {} })).body),
    ).toContain('auth:REQUIRED_ONE_OF_FIELD');
    expect((await call(srv.url, 'POST', '/redirects/v1/redirect-session', { body: { login: {} } })).status).toBe(401);
  });

  it('sends login to the hosted login page', async () => {
    const res = await call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', {
      auth: visitor,
      body: { login: {}, callbacks: { postFlowUrl: `${srv.url}/account` } },
    });
    expect(res.body.redirectSession.fullUrl).toBe(
      `${srv.url}/auth/login?postFlowUrl=${encodeURIComponent(`${srv.url}/account`)}`,
    );
  });
});

describe('authorized_client grant', () => {
  it('gives a back-office app member tokens for a member, and no one else', async () => {
    const { identityId } = await srv.signIn();
    const key = await srv.createApiKey(['identity.manage']);
    const body = { grantType: 'authorized_client', clientId: srv.clientId, member_id: identityId };
    const res = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', { auth: key, body });
    expect(res.status).toBe(200);
    expect((await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${res.body.access_token}` })).status).toBe(
      200,
    );
    expect((await call(srv.url, 'POST', '/oauth2/token', { body })).status).toBe(401);
    expect(
      (await call(srv.url, 'POST', '/oauth2/token', { auth: await srv.createApiKey(['members']), body })).status,
    ).toBe(403);
    expect((await call(srv.url, 'POST', '/oauth2/token', { auth: visitor, body })).status).toBe(403);
    const unknown = await call(srv.url, 'POST', '/oauth2/token', {
      auth: key,
      body: { ...body, member_id: '01900000-0000-7000-8000-000000000000' },
    });
    expect(appCode(unknown.body)).toBe('invalid_grant');
  });
});

describe('member refresh', () => {
  it('rotates within the session and stops when the session ends', async () => {
    const { code, verifier, sessionId } = await codeFor();
    const first = (await exchange(code, verifier)).body;
    const second = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: srv.clientId, refreshToken: first.refresh_token },
    });
    expect(second.status).toBe(200);
    const claims = jwtClaims(second.body.access_token);
    expect(claims).toMatchObject({ role: 'member', sid: sessionId });
    const revoke = await call(srv.url, 'POST', '/oauth2/revoke', { body: { token: second.body.refresh_token } });
    expect(revoke.status).toBe(200);
    expect(
      (await call(srv.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${second.body.access_token}` })).status,
    ).toBe(401);
  });
});
