import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { jwtClaims } from '../../test/jwt.js';

const { srv } = serverSuite();

const token = (body: Record<string, unknown>) => call<TokenResponse>(srv.url, 'POST', '/oauth2/token', { body });
const anonymous = () => token({ grantType: 'anonymous', clientId: srv.clientId });
const refresh = (refreshToken: string, clientId = srv.clientId) =>
  token({ grantType: 'refresh_token', clientId, refreshToken });
const siteWith = (accessToken: string) => call(srv.url, 'GET', '/site/v1/site', { auth: `Bearer ${accessToken}` });

describe('anonymous grant', () => {
  it('issues a visitor access token signed with a key published in the JWKS', async () => {
    const res = await anonymous();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(res.body.refresh_token).toMatch(/^rv_[A-Za-z0-9_-]{43}$/);

    const jwks = await call<{ keys: object[] }>(srv.url, 'GET', '/.well-known/jwks.json');
    expect(jwks.body.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(jwks.body)).not.toContain('"d"'); // no private key material
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, createLocalJWKSet(jwks.body as never), {
      issuer: srv.url,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ role: 'visitor', client_id: srv.clientId });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect((await call(srv.url, 'GET', '/oauth2/jwks')).body).toEqual(jwks.body);
  });

  it('gives every visitor a different subject', async () => {
    const [a, b] = await Promise.all([anonymous(), anonymous()]);
    const sub = (t: string) => jwtClaims(t).sub;
    expect(sub(a.body.access_token)).not.toBe(sub(b.body.access_token));
  });

  it('accepts the standard form-encoded request', async () => {
    const res = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
      rawBody: new URLSearchParams({ grant_type: 'anonymous', client_id: srv.clientId }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await siteWith(res.body.access_token)).status).toBe(200);
  });

  it.each([
    [{ grantType: 'anonymous' }, 'clientId:REQUIRED_FIELD'],
    [{ clientId: 'plaza-web' }, 'grantType:REQUIRED_FIELD'],
    [{ grantType: 'password', clientId: 'plaza-web' }, 'grantType:INVALID_ENUM_VALUE'],
    [{ grantType: 'anonymous', clientId: '' }, 'clientId:MIN_LENGTH'],
    [{ grantType: 'anonymous', clientId: 'plaza-web', extra: 1 }, 'extra:FIELD_NOT_ALLOWED'],
    [{ grantType: 'refresh_token', clientId: 'plaza-web' }, 'refreshToken:REQUIRED_FIELD'],
  ])('rejects %j with %s', async (body, expected) => {
    const res = await token(body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
  });

  it('rejects an unknown clientId with a clear 400', async () => {
    const res = await token({ grantType: 'anonymous', clientId: 'no-such-client' });
    expect(res.status).toBe(400);
    expect(appCode(res.body)).toBe('invalid_client');
    expect((res.body as unknown as { message: string }).message).toBe('Unknown clientId "no-such-client"');
  });
});

describe('refresh_token grant: rotation and reuse detection', () => {
  it('rotates: the new pair works, keeps the subject, and the old refresh token works only once', async () => {
    const first = (await anonymous()).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const sub = (t: string) => jwtClaims(t).sub;
    expect(sub(second.body.access_token)).toBe(sub(first.access_token));
    expect((await siteWith(second.body.access_token)).status).toBe(200);

    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const a = (await anonymous()).body;
    const b = (await refresh(a.refresh_token)).body;
    const reuse = await refresh(a.refresh_token);
    expect(reuse.status).toBe(400);
    expect(appCode(reuse.body)).toBe('invalid_grant');
    expect((reuse.body as unknown as { message: string }).message).toMatch(/already used/);
    // The token the legitimate holder got is now dead too.
    const afterRevoke = await refresh(b.refresh_token);
    expect(afterRevoke.status).toBe(400);
    expect((afterRevoke.body as unknown as { message: string }).message).toMatch(/revoked/);
    // Other visitors' sessions are untouched.
    const other = (await anonymous()).body;
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('lets exactly one of 10 concurrent uses of one refresh token win', async () => {
    const a = (await anonymous()).body;
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(a.refresh_token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 400).length).toBeGreaterThanOrEqual(9);
    // Reuse was detected, so even the winner's new token is revoked.
    if (ok[0]) expect((await refresh(ok[0].body.refresh_token)).status).toBe(400);
  });

  it('rejects unknown tokens and tokens of another client', async () => {
    expect(appCode((await refresh('rv_not-a-real-token')).body)).toBe('invalid_grant');
    const other = await srv.createApiKey(['oauth-clients.manage']);
    const created = await call<{ client: { id: string } }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
      auth: other,
      body: { name: 'Other app', redirectUris: ['https://other.example/cb'] },
    });
    const a = (await anonymous()).body;
    const res = await refresh(a.refresh_token, created.body.client.id);
    expect(res.status).toBe(400);
    expect(appCode(res.body)).toBe('invalid_grant');
    // The failed cross-client attempt did not consume it.
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });
});

describe('access tokens', () => {
  const claims = { role: 'visitor', client_id: 'plaza-web' };
  const subject = '01900000-0000-7000-8000-000000000000';

  it('are rejected once expired', async () => {
    const expired = await srv.app.keys.sign(claims, { issuer: srv.url, subject, expiresInSeconds: -5 });
    const res = await siteWith(expired);
    expect(res.status).toBe(401);
    expect(appCode(res.body)).toBe('UNAUTHENTICATED');
    const valid = await srv.app.keys.sign(claims, { issuer: srv.url, subject, expiresInSeconds: 60 });
    expect((await siteWith(valid)).status).toBe(200);
  });

  it('are rejected with another issuer or another signing key', async () => {
    const wrongIssuer = await srv.app.keys.sign(claims, {
      issuer: 'https://evil.example',
      subject,
      expiresInSeconds: 60,
    });
    expect((await siteWith(wrongIssuer)).status).toBe(401);
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'foreign' })
      .setIssuer(srv.url)
      .setSubject(subject)
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await siteWith(foreign)).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iss: srv.url, sub: subject })).toString('base64url')}.`;
    expect((await siteWith(unsigned)).status).toBe(401);
  });
});
