import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { signAppJwt } from './signing.js';

describe('webhook signing keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('signs ES256 JWTs with a kid that the public key endpoint publishes', async () => {
    const jwt = await signAppJwt(server.ctx(), { data: { hello: 'world' } }, { expiresInSeconds: 60 });
    const res = await fetch(`${server.url}/webhooks/v1/public-keys`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Array<{ kid: string; d?: string }> };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks as never), {
      algorithms: ['ES256'],
      issuer: server.config.publicUrl,
    });
    expect(protectedHeader.kid).toBe(decodeProtectedHeader(jwt).kid);
    expect(payload.data).toEqual({ hello: 'world' });
    expect(payload.exp! - payload.iat!).toBe(60);
  });

  it('is not the OAuth token key, and a second node signs with the same key', async () => {
    const oauth = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    const webhook = (await (await fetch(`${server.url}/webhooks/v1/public-keys`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    const oauthKids = new Set(oauth.keys.map((k) => k.kid));
    expect(webhook.keys.some((k) => oauthKids.has(k.kid))).toBe(false);

    const node = await server.secondNode();
    try {
      const other = (await (await fetch(`${node.url}/webhooks/v1/public-keys`)).json()) as typeof webhook;
      expect(other.keys.map((k) => k.kid)).toEqual(webhook.keys.map((k) => k.kid));
    } finally {
      await node.close();
    }
  });

  it('rejects a tampered JWT', async () => {
    const jwt = await signAppJwt(server.ctx(), { data: { amount: 1 } });
    const jwks = await (await fetch(`${server.url}/webhooks/v1/public-keys`)).json();
    const [h, , s] = jwt.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ data: { amount: 1000 } })).toString('base64url')}.${s}`;
    await expect(jwtVerify(forged, createLocalJWKSet(jwks as never))).rejects.toThrow();
  });
});
