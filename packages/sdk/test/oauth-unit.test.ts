/**
 * Mechanics of OAuthStrategy that need exact control over the token endpoint's timing and failures:
 * a scripted `fetch` stands in for the network here. Behaviour against the real server is in oauth.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../src/auth/api-key.js';
import { OAuthStrategy } from '../src/auth/oauth.js';
import { createClient } from '../src/core/client.js';
import { site } from '../src/modules/site.js';
import { fakeApi, json, tokenAnswer } from './fake-api.js';
import { nowSeconds, type Tokens } from '../src/auth/tokens.js';
import type { AuthStrategy, FetchLike } from '../src/core/types.js';

interface Call {
  url: string;
  key: string | null;
  body: Record<string, string>;
}

/** A token endpoint script: each call gets the next answer (or the last one again). */
function scripted(answers: (() => Response | Promise<Response>)[]): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const key = new Headers(init?.headers).get('idempotency-key');
    calls.push({ url, key, body: JSON.parse(init?.body as string) as Record<string, string> });
    await new Promise((r) => setTimeout(r, 20));
    return answers[Math.min(calls.length, answers.length) - 1]!();
  };
  return { fetch, calls };
}
const ok = (access: string) => () =>
  new Response(
    JSON.stringify({ access_token: access, refresh_token: `r-${access}`, expires_in: 600, token_type: 'Bearer' }),
    { status: 200 },
  );
const fail = (status: number, statusText: string) => () =>
  new Response('{"message":"no"}', { status, statusText, headers: { 'x-request-id': 'rid' } });
const networkError = () => {
  throw new TypeError('fetch failed');
};
const expired = (role: 'visitor' | 'member'): Tokens => ({
  accessToken: { value: 'old', expiresAt: nowSeconds() - 10 },
  refreshToken: { value: 'old-refresh', role },
});

describe('OAuthStrategy mechanics', () => {
  it('refreshes an expired token once for 50 parallel callers and keeps the role', async () => {
    const { fetch, calls } = scripted([ok('new')]);
    const auth = OAuthStrategy({ clientId: 'c', tokens: expired('member'), baseUrl: 'http://h/', fetch });
    const headers = await Promise.all(Array.from({ length: 50 }, () => auth.getAuthHeaders()));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      url: 'http://h/oauth2/token',
      key: expect.stringMatching(/^\d+-\d+-\d+-\d+$/),
      body: { grantType: 'refresh_token', clientId: 'c', refreshToken: 'old-refresh' },
    });
    expect(new Set(headers.map((h) => h.Authorization))).toEqual(new Set(['Bearer new']));
    expect(auth.getTokens().refreshToken).toEqual({ value: 'r-new', role: 'member', renewKey: calls[0]!.key });
    expect(auth.loggedIn()).toBe(true);
  });

  it('retries a refresh after network and 5xx errors, then keeps the session', async () => {
    const { fetch, calls } = scripted([networkError, fail(503, 'Service Unavailable'), ok('new')]);
    const auth = OAuthStrategy({ clientId: 'c', tokens: expired('member'), baseUrl: '', fetch });
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'Bearer new' });
    expect(calls.map((c) => c.body.grantType)).toEqual(['refresh_token', 'refresh_token', 'refresh_token']);
    expect(auth.getTokens().refreshToken.role).toBe('member');
    // One refresh: its retries carry its Idempotency-Key, so a retry after a lost answer is not taken for reuse.
    expect(calls[0]!.key).toMatch(/^\d+-\d+-\d+-\d+$/);
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set([calls[0]!.key]));
  });

  it("sends the token's own renewal key, so every holder of a token sends the same one; the session keeps it", async () => {
    const { fetch, calls } = scripted([ok('one'), ok('two')]);
    const keyed: Tokens = {
      ...expired('member'),
      refreshToken: { value: 'old-refresh', role: 'member', renewKey: 'k-1-2-3' },
    };
    const tabA = OAuthStrategy({ clientId: 'c', tokens: keyed, baseUrl: '', fetch });
    const tabB = OAuthStrategy({ clientId: 'c', tokens: keyed, baseUrl: '', fetch });
    await Promise.all([tabA.getAuthHeaders(), tabB.getAuthHeaders()]);
    expect(calls.map((c) => [c.body.refreshToken, c.key])).toEqual([
      ['old-refresh', 'k-1-2-3'],
      ['old-refresh', 'k-1-2-3'],
    ]);
    // The renewed token keeps the key, so the tabs still agree at the next renewal.
    expect(tabA.getTokens().refreshToken.renewKey).toBe('k-1-2-3');
    // Tokens from outside without a key get a random one at their first renewal.
    const plain = OAuthStrategy({ clientId: 'c', tokens: expired('visitor'), baseUrl: '', fetch });
    await plain.getAuthHeaders();
    expect(calls[2]!.key).toMatch(/^\d+-\d+-\d+-\d+$/);
    expect(plain.getTokens().refreshToken.renewKey).toBe(calls[2]!.key);
  });

  it('after three failed tries throws and keeps the old tokens (no fallback to a visitor)', async () => {
    const { fetch, calls } = scripted([fail(500, 'Internal Server Error')]);
    const start = expired('member');
    const auth = OAuthStrategy({ clientId: 'c', tokens: start, baseUrl: '', fetch });
    await expect(auth.getAuthHeaders()).rejects.toThrow(
      /^Failed to fetch tokens from OAuth API: Internal Server Error\. request id: rid\n/,
    );
    expect(calls).toHaveLength(3);
    expect(auth.getTokens()).toEqual(start);
  });

  it('keeps the member signed in when the network fails every try (the spec would start over as a visitor)', async () => {
    // docs/decisions.md "Kept differences from the spec": only a refusal ends the session, never an outage.
    const { fetch, calls } = scripted([networkError]);
    const start = expired('member');
    const auth = OAuthStrategy({ clientId: 'c', tokens: start, baseUrl: '', fetch });
    await expect(auth.getAuthHeaders()).rejects.toThrow(TypeError);
    expect(calls.map((c) => c.body.grantType)).toEqual(['refresh_token', 'refresh_token', 'refresh_token']);
    expect(auth.getTokens()).toEqual(start);
    expect(auth.loggedIn()).toBe(true);
  });

  it('a refused refresh (4xx) falls back to a new visitor token without retrying', async () => {
    const { fetch, calls } = scripted([fail(400, 'Bad Request'), ok('visitor')]);
    const auth = OAuthStrategy({ clientId: 'c', tokens: expired('member'), baseUrl: '', fetch });
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'Bearer visitor' });
    expect(calls.map((c) => c.body.grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.loggedIn()).toBe(false);
  });

  it('loads tokens from an async storage before deciding, and writes new tokens back', async () => {
    const { fetch, calls } = scripted([ok('x')]);
    const valid: Tokens = {
      accessToken: { value: 'stored', expiresAt: nowSeconds() + 600 },
      refreshToken: { value: 'r', role: 'visitor' },
    };
    const written: (Tokens | null)[] = [];
    const storage = {
      get: async () => valid,
      set: async (t: Tokens) => void written.push(t),
      clear: async () => void written.push(null),
    };
    const auth = OAuthStrategy({ clientId: 'c', storage, baseUrl: '', fetch });
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'Bearer stored' });
    expect(calls).toHaveLength(0);
    auth.setTokens(expired('visitor'));
    await auth.getAuthHeaders();
    await new Promise((r) => setTimeout(r, 10));
    expect(written.map((t) => t?.accessToken.value)).toEqual(['old', 'x']);
  });

  it('says what is missing when used before createClient binds it', async () => {
    const auth = OAuthStrategy({ clientId: 'c' });
    await expect(auth.getAuthHeaders()).rejects.toThrow('OAuthStrategy has no baseUrl');
  });
});

describe('a 401 for a token the client believed valid', () => {
  /** A client with the site module, sending through the fake API. */
  const siteClient = (auth: AuthStrategy, api: { fetch: FetchLike }) =>
    createClient({ baseUrl: 'https://h', auth, modules: { site }, fetch: api.fetch });

  /** A site endpoint that refuses the first access token it sees (as after a server key rotation). */
  function refusingFirstToken() {
    let refused = '';
    const api = fakeApi({
      'POST /oauth2/token': (c) => tokenAnswer(String(c.body?.grantType)),
      'GET /site/v1/site': (c) => {
        const token = c.headers.get('authorization')!;
        refused ||= token;
        return token === refused
          ? json(401, { message: 'The access token or API key is invalid or expired', details: {} })
          : json(200, { site: { name: 'Corner Shop' } });
      },
    });
    return api;
  }

  it('renews once and sends the request again, for any number of parallel calls', async () => {
    const api = refusingFirstToken();
    const auth = OAuthStrategy({ clientId: 'c' });
    const client = siteClient(auth, api);
    await auth.generateVisitorTokens();
    const results = await Promise.all(Array.from({ length: 20 }, () => client.site.getSite()));
    expect(results.every((r) => r.site.name === 'Corner Shop')).toBe(true);
    expect(api.to('/oauth2/token').map((c) => c.body?.grantType)).toEqual(['anonymous', 'refresh_token']);
    expect(api.to('/site/v1/site')).toHaveLength(40);
  });

  it('gives up after one retry', async () => {
    const api = fakeApi({
      'POST /oauth2/token': () => tokenAnswer(),
      'GET /site/v1/site': () => json(401, { message: 'no', details: {} }),
    });
    const client = siteClient(OAuthStrategy({ clientId: 'c' }), api);
    await expect(client.site.getSite()).rejects.toMatchObject({ status: 401 });
    expect(api.to('/site/v1/site')).toHaveLength(2);
    expect(api.to('/oauth2/token').map((c) => c.body?.grantType)).toEqual(['anonymous', 'refresh_token']);
  });

  it('a business 401 (a wrong password) is an answer: not renewed, not sent twice', async () => {
    const api = fakeApi({
      'POST /oauth2/token': () => tokenAnswer(),
      'POST /identity/v2/login': () =>
        json(401, {
          message: 'The e-mail or the password is wrong',
          details: { applicationError: { code: '-19976', description: 'The e-mail or the password is wrong' } },
        }),
    });
    const client = createClient({ baseUrl: 'https://h', auth: OAuthStrategy({ clientId: 'c' }), fetch: api.fetch });
    const body = { loginId: { email: 'a@b.co' }, password: 'wrong' };
    await expect(client.fetch('/identity/v2/login', { method: 'POST', body })).rejects.toMatchObject({ status: 401 });
    expect(api.to('/identity/v2/login')).toHaveLength(1);
    expect(api.to('/oauth2/token')).toHaveLength(1); // the first visitor token only
  });

  it('an API key gets no retry', async () => {
    const api = fakeApi({ 'GET /site/v1/site': () => json(401, { message: 'no', details: {} }) });
    const client = siteClient(ApiKeyStrategy({ apiKey: 'k' }), api);
    await expect(client.site.getSite()).rejects.toMatchObject({ status: 401 });
    expect(api.calls).toHaveLength(1);
  });
});

describe('onTokensChange', () => {
  it('tells listeners of every change until they unsubscribe; a failing listener harms no one', async () => {
    const api = fakeApi({ 'POST /oauth2/token': () => tokenAnswer('v') });
    const auth = OAuthStrategy({ clientId: 'c', baseUrl: 'https://h', fetch: api.fetch });
    const seen: string[] = [];
    auth.onTokensChange(() => {
      throw new Error('listener bug');
    });
    const stop = auth.onTokensChange((t) => seen.push(`${t.refreshToken.role}:${t.accessToken.value}`));
    await auth.getAuthHeaders();
    auth.setTokens(expired('member'));
    await auth.getAuthHeaders();
    stop();
    auth.setTokens(expired('visitor'));
    expect(seen).toEqual([
      expect.stringMatching(/^visitor:v-access-/),
      'member:old',
      expect.stringMatching(/^member:v-access-/),
    ]);
  });
});
