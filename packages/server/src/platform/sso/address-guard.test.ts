import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdpConnection } from '@plaza/contracts';
import { webAuthorizeParams } from '../../test/oauth-code.js';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { PROVIDER_UNREACHABLE, setSsoGuardForTests } from './check.js';

/**
 * SSO calls (discovery, then the token request and any other call of the provider's client) go through the same
 * address guard as webhooks: in production, the server's own network is off limits unless the owner allowed it.
 * Everything here listens on loopback only.
 */

/** A listener on every loopback form (IPv4 and IPv6, dual stack) that only counts connections made to it. */
async function startTrap() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const { srv, keys } = serverSuite({ env: { NODE_ENV: 'production' }, keys: { admin: ['identity.manage'] } });
let trap: Awaited<ReturnType<typeof startTrap>>;
beforeAll(async () => {
  trap = await startTrap();
});
afterAll(async () => {
  await trap?.close();
});
afterEach(() => setSsoGuardForTests(undefined));

const save = (issuer: string) =>
  call<{ connection: IdpConnection; message: string }>(srv.url, 'POST', '/identity/v1/sso/connections', {
    auth: keys.admin,
    body: { displayName: 'Inside', issuer, clientId: 'a', clientSecret: 'b' },
  });

describe('in production, SSO cannot reach the server’s own network', () => {
  it('refuses loopback, unspecified, mapped and metadata issuers without connecting, http or https', async () => {
    const p = trap.port;
    for (const issuer of [
      `http://127.0.0.1:${p}`,
      `http://localhost:${p}`,
      `http://[::1]:${p}`,
      `http://0.0.0.0:${p}`,
      `http://[::ffff:127.0.0.1]:${p}`,
      `https://127.0.0.1:${p}`,
      `https://localhost:${p}`,
      `https://[::1]:${p}`,
      `https://0.0.0.0:${p}`,
      `https://[::ffff:127.0.0.1]:${p}`,
      'https://169.254.169.254/latest',
    ]) {
      const res = await save(issuer);
      expect(res.status, issuer).toBe(400);
      expect(violations(res.body), issuer).toEqual(['issuer:VALIDATION']);
      // The guard's refusal reads like any other failure: nothing tells a blocked address from a closed port. (Plain
      // http to an address that is not this machine's name for itself is refused by the https rule before that.)
      if (issuer.startsWith('https:') || ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(issuer).hostname))
        expect(res.body.message, issuer).toContain(PROVIDER_UNREACHABLE);
    }
    expect(trap.connections()).toBe(0);
  });

  it('sends the token request through the guard too: a provider cannot point it inward', async () => {
    // A provider whose discovery passes (its address is treated as public here) but names a token endpoint on the
    // server's own network.
    setSsoGuardForTests({ isPublic: (ip) => ip === '127.0.0.1' });
    const before = trap.connections();
    const provider = await startProvider(`http://[::1]:${trap.port}/token`);
    const created = await save(provider.issuer);
    expect(created.status).toBe(201);

    const params = new URLSearchParams(webAuthorizeParams(srv).params);
    const start = await fetch(`${srv.url}/identity/v1/sso/login/default/${created.body.connection.id}?${params}`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const callback = await fetch(`${srv.url}/identity/v1/callback?code=c&state=${state}`, {
      headers: { accept: 'application/json' },
    });
    expect(callback.status).toBe(400);
    expect(trap.connections()).toBe(before);
    await provider.close();
  });
});

/** A minimal provider on 127.0.0.1 that serves only its discovery document. */
async function startProvider(tokenEndpoint: string) {
  const server = http.createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    if (req.url !== '/.well-known/openid-configuration') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: tokenEndpoint,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
