import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdpConnection, ListSsoProvidersResponse, TokenResponse } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { startSsoPeers, type SsoPeers } from './testing.js';
import { codeGrant, webAuthorizeParams } from '../../test/oauth-code.js';
import { browse, startIdp } from '../../../test/oidc-idp.js';
import { call, violations } from '../../../test/http.js';

let peers: SsoPeers | undefined;
let srv: TestServer;
let idp: SsoPeers['idp'];
let admin: string;
let connection: IdpConnection;
beforeAll(async () => {
  peers = await startSsoPeers();
  ({ srv, idp, admin, connection } = peers);
});
afterAll(async () => peers?.close());

const authorizeParams = () => webAuthorizeParams(srv, { state: 'sso-state' });

async function signInWith(login: string) {
  const { verifier, params } = authorizeParams();
  const providers = await call<ListSsoProvidersResponse>(srv.url, 'GET', '/identity/v1/sso/providers');
  const start = `${providers.body.providers[0]!.loginUrl}?${new URLSearchParams(params)}`;
  const landed = await browse(start, (u) => u.href.startsWith(`${srv.url}/auth/callback`), login);
  expect(landed.searchParams.get('state')).toBe('sso-state');
  const tokens = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
    body: codeGrant(srv, { code: landed.searchParams.get('code'), verifier, redirectUri: params.redirect_uri! }),
  });
  expect(tokens.status).toBe(200);
  const me = await call<{ sub: string; email: string }>(srv.url, 'GET', '/oauth2/userinfo', {
    auth: `Bearer ${tokens.body.access_token}`,
  });
  return me.body;
}

describe('SSO with a real OpenID provider', () => {
  it('lists the connection without its secret, and as a login button', async () => {
    const list = await call<{ connections: IdpConnection[] }>(srv.url, 'GET', '/identity/v1/sso/connections', {
      auth: admin,
    });
    expect(list.body.connections).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('idp-secret');
    expect(list.body.connections[0]!.callbackUrl).toBe(`${srv.url}/identity/v1/callback`);
    const providers = await call<ListSsoProvidersResponse>(srv.url, 'GET', '/identity/v1/sso/providers');
    expect(providers.body.providers).toEqual([
      {
        id: connection.id,
        displayName: 'Test IdP',
        loginUrl: `${srv.url}/identity/v1/sso/login/default/${connection.id}`,
      },
    ]);
  });

  it('creates an identity on first sign-in and signs the same subject in as it again', async () => {
    const first = await signInWith('alice');
    expect(first.email).toBe('alice@idp.example');
    const second = await signInWith('alice');
    expect(second.sub).toBe(first.sub);
    const other = await signInWith('bob');
    expect(other.sub).not.toBe(first.sub);
  });

  it('redirects to the provider with PKCE, state and nonce', async () => {
    const { params } = authorizeParams();
    const res = await fetch(
      `${srv.url}/identity/v1/sso/login/default/${connection.id}?${new URLSearchParams(params)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${srv.url}/identity/v1/callback`);
  });

  it('rejects a forged or replayed callback state, unknown connections and bad continuation requests', async () => {
    const forged = await fetch(`${srv.url}/identity/v1/callback?code=x&state=forged`, {
      headers: { accept: 'application/json' },
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toContain('expired or was already used');
    const { params } = authorizeParams();
    const unknown = await call(
      srv.url,
      'GET',
      `/identity/v1/sso/login/default/01900000-0000-7000-8000-000000000000?${new URLSearchParams(params)}`,
    );
    expect(unknown.status).toBe(404);
    const noPkce = await call(
      srv.url,
      'GET',
      `/identity/v1/sso/login/default/${connection.id}?${new URLSearchParams({ ...params, code_challenge_method: 'plain' })}`,
    );
    expect(noPkce.status).toBe(400);
    expect(
      (await call(srv.url, 'GET', `/identity/v1/sso/login/other/${connection.id}?${new URLSearchParams(params)}`))
        .status,
    ).toBe(404);
  });

  it('validates connections and keeps them for the owner and identity.manage keys', async () => {
    const bad = await call(srv.url, 'POST', '/identity/v1/sso/connections', {
      auth: admin,
      body: { displayName: '', issuer: 'ftp://x', clientId: 'a', clientSecret: 'b' },
    });
    expect(violations(bad.body)).toEqual(expect.arrayContaining(['displayName:MIN_LENGTH', 'issuer:FORMAT']));
    const visitor = `Bearer ${await srv.visitorToken()}`;
    expect((await call(srv.url, 'GET', '/identity/v1/sso/connections', { auth: visitor })).status).toBe(403);
    expect(
      (
        await call(srv.url, 'DELETE', `/identity/v1/sso/connections/${connection.id}`, {
          auth: await srv.createApiKey(['members']),
        })
      ).status,
    ).toBe(403);
  });
});

/** A loopback port nothing listens on: a provider that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const listConnections = async () =>
  (await call<{ connections: IdpConnection[] }>(srv.url, 'GET', '/identity/v1/sso/connections', { auth: admin })).body
    .connections;

describe('SSO connections are checked, and failures are pages in words', () => {
  it('refuses to save a connection whose provider cannot be reached, naming the issuer field in words', async () => {
    const before = await listConnections();
    const port = await closedPort();
    const res = await call(srv.url, 'POST', '/identity/v1/sso/connections', {
      auth: admin,
      body: { displayName: 'Down', issuer: `http://127.0.0.1:${port}`, clientId: 'a', clientSecret: 'b' },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['issuer:VALIDATION']);
    expect(JSON.stringify(res.body)).toContain('could not be reached at this address');
    expect(await listConnections()).toHaveLength(before.length);
  });

  it('refuses an address that answers without a discovery document in the same words as a closed port', async () => {
    // One text whatever answered, so saving connections cannot tell open ports from closed ones.
    const save = async (issuer: string) =>
      call<{ message: string }>(srv.url, 'POST', '/identity/v1/sso/connections', {
        auth: admin,
        body: { displayName: 'Not OIDC', issuer, clientId: 'a', clientSecret: 'b' },
      });
    const open = await save(`${srv.url}/not-a-provider`);
    const closed = await save(`http://127.0.0.1:${await closedPort()}`);
    expect(open.status).toBe(400);
    expect(violations(open.body)).toEqual(['issuer:VALIDATION']);
    expect(open.body.message).toBe(closed.body.message);
    expect(JSON.stringify(open.body)).toBe(JSON.stringify(closed.body));
  });

  it('shows a friendly page when a provider went down, and stops offering it until a check passes', async () => {
    const flaky = await startIdp({
      redirectUri: `${srv.url}/identity/v1/callback`,
      clientId: 'plaza',
      clientSecret: 'idp-secret',
    });
    const created = await call<{ connection: IdpConnection }>(srv.url, 'POST', '/identity/v1/sso/connections', {
      auth: admin,
      body: { displayName: 'Acme', issuer: flaky.issuer, clientId: 'plaza', clientSecret: 'idp-secret' },
    });
    expect(created.status).toBe(201);
    expect(created.body.connection.lastCheckedDate).toBeTruthy();
    expect(created.body.connection.lastCheckError).toBeUndefined();
    const offered = async () =>
      (await call<ListSsoProvidersResponse>(srv.url, 'GET', '/identity/v1/sso/providers')).body.providers.map(
        (p) => p.displayName,
      );
    expect(await offered()).toContain('Acme');
    await flaky.close();

    const { params } = authorizeParams();
    const res = await fetch(
      `${srv.url}/identity/v1/sso/login/default/${created.body.connection.id}?${new URLSearchParams(params)}`,
      { redirect: 'manual', headers: { accept: 'text/html' } },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Acme could not be reached right now');
    expect(html).toContain('Back to sign in');
    expect(html).toContain(`href="/auth/login?${new URLSearchParams(params).toString().replace(/&/g, '&amp;')}"`);
    expect(html).not.toMatch(/"message"|applicationError|\{"/);

    expect(await offered()).not.toContain('Acme');
    const listed = (await listConnections()).find((c) => c.id === created.body.connection.id)!;
    expect(listed.lastCheckError).toContain('could not be reached');

    const again = await call<{ connection: IdpConnection }>(
      srv.url,
      'POST',
      `/identity/v1/sso/connections/${created.body.connection.id}/check`,
      { auth: admin },
    );
    expect(again.status).toBe(200);
    expect(again.body.connection.lastCheckError).toContain('could not be reached');
    const visitor = `Bearer ${await srv.visitorToken()}`;
    expect(
      (
        await call(srv.url, 'POST', `/identity/v1/sso/connections/${created.body.connection.id}/check`, {
          auth: visitor,
        })
      ).status,
    ).toBe(403);
  });

  it('passes a check again once the provider answers, and the button comes back', async () => {
    const broken = (await listConnections()).find((c) => c.lastCheckError)!;
    // The test provider is up: point a fresh check at a connection for it.
    const healthy = (await listConnections()).find((c) => c.displayName === 'Test IdP')!;
    const checked = await call<{ connection: IdpConnection }>(
      srv.url,
      'POST',
      `/identity/v1/sso/connections/${healthy.id}/check`,
      { auth: admin },
    );
    expect(checked.body.connection.lastCheckError).toBeUndefined();
    const providers = (await call<ListSsoProvidersResponse>(srv.url, 'GET', '/identity/v1/sso/providers')).body
      .providers;
    expect(providers.map((p) => p.id)).toEqual([healthy.id]);
    expect(providers.map((p) => p.id)).not.toContain(broken.id);
  });

  it('answers a failed callback with a page that leads back to sign-in, never JSON', async () => {
    const res = await fetch(`${srv.url}/identity/v1/callback?code=x&state=forged`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<h1>Signing in with your provider didn&#39;t work</h1>');
    expect(html).toContain('This sign-in attempt expired or was already used; please start again.');
    expect(html).toContain('href="/login"');
    expect(html).not.toMatch(/"message"|applicationError|state=/);
  });
});
