import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateRedirectSessionResponse, OAuthClient, TokenResponse } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';

// The hosted platform SDK's direct login (`getMemberTokensForDirectLogin`): a web_message authorization request
// without a redirect URI, answered to the client's allowed origins with `code` and `state` at the top level, and a
// code exchange without a redirect URI (RFC 6749 §4.1.3: required only when the authorization request had one).

const { srv } = serverSuite();
const APP = 'http://127.0.0.1:4300';
const OTHER_APP = 'http://127.0.0.2:4300';
let client: OAuthClient;
let visitor: string;

beforeAll(async () => {
  const admin = await srv.createApiKey(['oauth-clients.manage']);
  const created = await call<{ client: OAuthClient }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
    auth: admin,
    body: { name: 'Headless shop', redirectUris: [`${APP}/callback`], allowedOrigins: [APP, OTHER_APP] },
  });
  expect(created.status).toBe(201);
  client = created.body.client;
  const token = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
    body: { grantType: 'anonymous', clientId: client.id },
  });
  visitor = `Bearer ${token.body.access_token}`;
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const redirectSession = (body: Record<string, unknown>) =>
  call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', { auth: visitor, body });

/** A direct-login authorization as the platform SDK asks for it; `extra` adds to the auth request. */
async function directLogin(extra: Record<string, unknown> = {}) {
  const { verifier, challenge } = pkce();
  const { sessionToken } = await srv.signIn();
  const authRequest = {
    clientId: client.id,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    responseMode: 'web_message',
    responseType: 'code',
    scope: 'offline_access',
    state: 'st-direct',
    sessionToken,
    ...extra,
  };
  const rs = await redirectSession({ auth: { authRequest, prompt: 'none' } });
  return { rs, verifier };
}

/** The message the web_message page posts, and the origins it posts it to. */
async function postedMessage(fullUrl: string) {
  const res = await fetch(fullUrl, { redirect: 'manual' });
  const html = await res.text();
  const message = JSON.parse(/var m=(\{.*?\});/s.exec(html)![1]!) as Record<string, unknown>;
  const targets = JSON.parse(/(\[[^\]]*\])\.forEach/.exec(html)![1]!) as string[];
  return { res, message, targets };
}

const exchange = (code: string, verifier: string, redirectUri?: string) =>
  call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
    body: {
      grantType: 'authorization_code',
      clientId: client.id,
      code,
      codeVerifier: verifier,
      ...(redirectUri ? { redirectUri } : {}),
    },
  });

describe('direct login without a redirect URI (the platform SDK)', () => {
  it('posts code and state at the top level and in Plaza’s shape, to each allowed origin only', async () => {
    const { rs, verifier } = await directLogin();
    expect(rs.status).toBe(200);
    expect(new URL(rs.body.redirectSession.fullUrl).searchParams.has('redirect_uri')).toBe(false);
    const { res, message, targets } = await postedMessage(rs.body.redirectSession.fullUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP} ${OTHER_APP}`);
    expect(targets).toEqual([APP, OTHER_APP]);
    expect(message).toMatchObject({ code: expect.stringMatching(/^ac_/), state: 'st-direct' });
    expect(message).toMatchObject({ type: 'authorization_response', response: { code: message.code } });

    // Redeemed without a redirect URI; naming one the request did not have is refused.
    const code = message.code as string;
    const wrong = await exchange(code, verifier, `${APP}/callback`);
    expect(wrong.status).toBe(400);
    expect(appCode(wrong.body)).toBe('invalid_grant');
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
  });

  it('still needs the redirect URI at the exchange when the request had one', async () => {
    const { rs, verifier } = await directLogin({ redirectUri: `${APP}/callback` });
    const { message, targets } = await postedMessage(rs.body.redirectSession.fullUrl);
    expect(targets).toEqual([APP]);
    const missing = await exchange(message.code as string, verifier);
    expect(missing.status).toBe(400);
    expect(violations(missing.body)).toEqual(['redirectUri:REQUIRED_FIELD']);
    expect((await exchange(message.code as string, verifier, `${APP}/callback`)).status).toBe(200);
  });

  it('answers login_required to the origins when there is no session', async () => {
    const { rs } = await directLogin({ sessionToken: undefined });
    const { message } = await postedMessage(rs.body.redirectSession.fullUrl);
    expect(message).toMatchObject({ error: 'login_required', state: 'st-direct' });
  });

  it('refuses a missing redirect URI outside web_message, and a client with no allowed origin', async () => {
    const { rs } = await directLogin({ responseMode: 'fragment' });
    expect(rs.status).toBe(400);
    expect(violations(rs.body)).toEqual(['auth.authRequest.redirectUri:REQUIRED_FIELD']);

    const hand = new URL(`${srv.url}/oauth2/authorize`);
    const { challenge } = pkce();
    for (const [k, v] of Object.entries({
      client_id: client.id,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
      response_mode: 'query',
    }))
      hand.searchParams.set(k, v);
    const page = await fetch(hand, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Unregistered redirect URI');

    const admin = await srv.createApiKey(['oauth-clients.manage']);
    const bare = await call<{ client: OAuthClient }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
      auth: admin,
      body: { name: 'No origins', redirectUris: [`${APP}/cb2`], allowedOrigins: [] },
    });
    hand.searchParams.set('client_id', bare.body.client.id);
    hand.searchParams.set('response_mode', 'web_message');
    const none = await fetch(hand, { redirect: 'manual' });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('No allowed origin');
  });
});

describe('a login redirect session returning to the app', () => {
  it("accepts the client's registered pages and goes back through the session, never to a URL in the query", async () => {
    const res = await redirectSession({ login: {}, callbacks: { postFlowUrl: `${APP}/account` } });
    expect(res.status).toBe(200);
    const fullUrl = new URL(res.body.redirectSession.fullUrl);
    expect(fullUrl.pathname).toBe('/auth/login');
    const id = fullUrl.searchParams.get('redirectSessionId')!;
    expect(id).toBe(res.body.redirectSession.id);

    const back = await fetch(`${srv.url}/redirects/v1/redirect-session/${id}/continue`, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${APP}/account`);

    const unknown = await fetch(`${srv.url}/redirects/v1/redirect-session/${crypto.randomUUID()}/continue`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);

    const elsewhere = await redirectSession({ login: {}, callbacks: { postFlowUrl: 'https://evil.example/' } });
    expect(elsewhere.status).toBe(400);
    expect(violations(elsewhere.body)).toEqual(['callbacks.postFlowUrl:FORMAT']);
  });

  it('keeps a page of this site in the query, with no detour', async () => {
    const res = await redirectSession({ login: {}, callbacks: { postFlowUrl: `${srv.url}/account` } });
    expect(res.body.redirectSession.fullUrl).toBe(
      `${srv.url}/auth/login?postFlowUrl=${encodeURIComponent(`${srv.url}/account`)}`,
    );
  });
});
