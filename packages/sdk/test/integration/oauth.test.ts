/** OAuthStrategy against the real server (fresh database per file). */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../../server/src/test/harness.js';
import { createClient, isPlazaError, OAuthStrategy, type Tokens } from '../../src/index.js';
import { nowSeconds } from '../../src/auth/tokens.js';
import { site } from '../../src/modules/site.js';
import { recordingFetch } from './recorder.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function visitorClient(options: { clientId?: string } = {}) {
  const rec = recordingFetch();
  const auth = OAuthStrategy({ clientId: options.clientId ?? srv.clientId });
  const client = createClient({ baseUrl: srv.url, auth, modules: { site }, fetch: rec.fetch });
  return { client, auth, rec };
}

const expire = (t: Tokens): Tokens => ({ ...t, accessToken: { ...t.accessToken, expiresAt: nowSeconds() - 5 } });

describe('visitor tokens', () => {
  it('starts with no tokens and gets a visitor token on first use', async () => {
    const { client, auth, rec } = visitorClient();
    expect(auth.getTokens().refreshToken.role).toBe('none');
    const before = nowSeconds();
    const { site: current } = await client.site.getSite();
    expect(current.name).toEqual(expect.any(String));
    expect(rec.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /oauth2/token', 'GET /site/v1/site']);
    expect(rec.calls[0]!.body).toEqual({ grantType: 'anonymous', clientId: srv.clientId });
    const tokens = auth.getTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.refreshToken.value).not.toBe('');
    expect(rec.calls[1]!.headers.get('authorization')).toBe(`Bearer ${tokens.accessToken.value}`);
    // expiresAt is in seconds: now plus the server's expires_in.
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(before);
    expect(tokens.accessToken.expiresAt).toBeLessThan(before + 7 * 24 * 3600);
    // A second call reuses the token.
    await client.site.getSite();
    expect(rec.to('/oauth2/token')).toHaveLength(1);
  });

  it('generateVisitorTokens returns valid tokens as they are and renews expired ones', async () => {
    const { auth, rec } = visitorClient();
    const first = await auth.generateVisitorTokens();
    expect(first.refreshToken.role).toBe('visitor');
    expect(await auth.generateVisitorTokens(first)).toBe(first);
    expect(rec.to('/oauth2/token')).toHaveLength(1);
    const renewed = await auth.generateVisitorTokens(expire(first));
    expect(rec.to('/oauth2/token').map((c) => (c.body as { grantType: string }).grantType)).toEqual([
      'anonymous',
      'refresh_token',
    ]);
    expect(renewed.accessToken.value).not.toBe(first.accessToken.value);
    expect(auth.getTokens()).toBe(renewed);
  });

  it('renewToken keeps the role of the refresh token', async () => {
    const { auth, rec } = visitorClient();
    const first = await auth.generateVisitorTokens();
    const renewed = await auth.renewToken(first.refreshToken);
    expect(rec.calls[1]!.body).toEqual({
      grantType: 'refresh_token',
      clientId: srv.clientId,
      refreshToken: first.refreshToken.value,
    });
    expect(renewed.refreshToken.role).toBe('visitor');
    expect(renewed.accessToken.expiresAt).toBeGreaterThanOrEqual(nowSeconds());
  });
});

describe('refresh', () => {
  it('50 parallel calls with an expired access token send exactly one token request', async () => {
    // Count through the real global fetch: the client looks it up on each call when no fetch is given.
    const rec = recordingFetch();
    vi.stubGlobal('fetch', rec.fetch);
    const auth = OAuthStrategy({ clientId: srv.clientId });
    const client = createClient({ baseUrl: srv.url, auth, modules: { site } });
    const first = await auth.generateVisitorTokens();
    auth.setTokens(expire(first));
    rec.calls.length = 0;

    const results = await Promise.all(Array.from({ length: 50 }, () => client.site.getSite()));

    expect(results).toHaveLength(50);
    expect(new Set(results.map((r) => r.site.name)).size).toBe(1);
    const tokenCalls = rec.to('/oauth2/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.body).toMatchObject({ grantType: 'refresh_token', refreshToken: first.refreshToken.value });
    const renewed = auth.getTokens();
    expect(renewed.accessToken.value).not.toBe(first.accessToken.value);
    expect(renewed.refreshToken.role).toBe('visitor');
    const sent = new Set(rec.to('/site/v1/site').map((c) => c.headers.get('authorization')));
    expect(sent).toEqual(new Set([`Bearer ${renewed.accessToken.value}`]));
  });

  it('a refused refresh falls back to a new anonymous visitor token', async () => {
    const { client, auth, rec } = visitorClient();
    auth.setTokens({
      accessToken: { value: 'stale', expiresAt: nowSeconds() - 5 },
      refreshToken: { value: 'not-a-real-refresh-token', role: 'member' },
    });
    await client.site.getSite();
    const tokenCalls = rec.to('/oauth2/token');
    expect(tokenCalls.map((c) => [(c.body as { grantType: string }).grantType, c.status])).toEqual([
      ['refresh_token', 400],
      ['anonymous', 200],
    ]);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.loggedIn()).toBe(false);
  });
});

describe('token endpoint errors', () => {
  it('an unknown clientId throws the exact spec message with the request id and the body', async () => {
    const { client, rec } = visitorClient({ clientId: 'no-such-client' });
    const error = await client.site.getSite().catch((e: unknown) => e);
    const call = rec.to('/oauth2/token');
    expect(call).toHaveLength(1); // a 400 is final: no retries
    const requestId = call[0]!.responseHeaders!.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    const prefix = `Failed to fetch tokens from OAuth API: Bad Request. request id: ${requestId}\n`;
    expect(message.startsWith(prefix)).toBe(true);
    const body = JSON.parse(message.slice(prefix.length)) as {
      message: string;
      details: { applicationError?: { code: string } };
    };
    expect(body.message).toContain('no-such-client');
    expect(isPlazaError(error) && [error.status, error.requestId]).toEqual([400, requestId]);
    expect(rec.to('/site/v1/site')).toHaveLength(0);
  });
});
