import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site, TokenResponse } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';
import { codeGrant, webAuthorizeParams } from '../test/oauth-code.js';
import { call } from '../../test/http.js';

// Two API nodes on one database, as behind a load balancer: nothing that must be shared may live in one process.
let a: TestServer;
let b: { url: string; close(): Promise<void> };
beforeAll(async () => {
  a = await startTestServer();
  b = await a.secondNode();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two nodes on one database', () => {
  it("accept each other's tokens and see each other's refresh-token use", async () => {
    const tokens = await call<TokenResponse>(a.url, 'POST', '/oauth2/token', {
      body: { grantType: 'anonymous', clientId: a.clientId },
    });
    expect((await call(b.url, 'GET', '/site/v1/site', { auth: `Bearer ${tokens.body.access_token}` })).status).toBe(
      200,
    );
    const body = { grantType: 'refresh_token', clientId: a.clientId, refreshToken: tokens.body.refresh_token };
    expect((await call(b.url, 'POST', '/oauth2/token', { body })).status).toBe(200);
    expect((await call(a.url, 'POST', '/oauth2/token', { body })).status).toBe(400); // reuse, seen across nodes
  });

  it('show a caller its own write on the other node at once when it sends the consistency token', async () => {
    const key = await a.createApiKey(['site.manage']);
    const warm = await call<{ site: Site }>(b.url, 'GET', '/site/v1/site', { auth: key }); // node B caches the site
    expect(warm.status).toBe(200);
    const patch = await call<{ site: Site }>(a.url, 'PATCH', '/site/v1/site', {
      auth: key,
      body: { site: { name: 'Renamed on A' }, fieldMask: { paths: ['name'] } },
    });
    const token = patch.headers.get('x-plaza-consistency')!;
    expect(token).toBeTruthy();
    const read = await call<{ site: Site }>(b.url, 'GET', '/site/v1/site', {
      auth: key,
      headers: { 'x-plaza-consistency': token },
    });
    expect(read.body.site.name).toBe('Renamed on A');
    // Everyone else sees it within the cache's lifetime (2 s).
    await expect
      .poll(async () => (await call<{ site: Site }>(b.url, 'GET', '/site/v1/site', { auth: key })).body.site.name, {
        timeout: 5000,
        interval: 250,
      })
      .toBe('Renamed on A');
  });

  it('exchange a code one node issued on the other, once', async () => {
    const { sessionToken } = await a.signIn();
    const { verifier, params } = webAuthorizeParams(a, { sessionToken });
    const res = await fetch(`${a.url}/oauth2/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
    const code = new URL(res.headers.get('location')!).searchParams.get('code');
    const body = codeGrant(a, { code, verifier, redirectUri: `${a.url}/auth/callback` });
    expect((await call(b.url, 'POST', '/oauth2/token', { body })).status).toBe(200);
    expect((await call(a.url, 'POST', '/oauth2/token', { body })).status).toBe(400);
  });

  it('end a member session everywhere at once', async () => {
    const body = { grantType: 'authorized_client', clientId: a.clientId, member_id: (await a.signIn()).identityId };
    const tokens = await call<TokenResponse>(a.url, 'POST', '/oauth2/token', {
      auth: await a.createApiKey(['identity.manage']),
      body,
    });
    expect((await call(b.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${tokens.body.access_token}` })).status).toBe(
      200,
    );
    await call(a.url, 'POST', '/oauth2/revoke', { body: { token: tokens.body.refresh_token } });
    expect((await call(b.url, 'GET', '/oauth2/userinfo', { auth: `Bearer ${tokens.body.access_token}` })).status).toBe(
      401,
    );
  });
});
