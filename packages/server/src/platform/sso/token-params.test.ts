/** POST /identity/v1/sso/login-with-token-params against a real OpenID provider (test/oidc-idp). */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdpConnection, SsoLoginWithTokenParamsResponse, TokenResponse } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { startSsoPeers, type SsoPeers } from './testing.js';
import { codeGrant, webAuthorizeParams } from '../../test/oauth-code.js';
import { rowsOf } from '../../lib/rows.js';
import { browse } from '../../../test/oidc-idp.js';
import { call, violations } from '../../../test/http.js';
import { idpConnections } from './tables.js';

let peers: SsoPeers | undefined;
let srv: TestServer;
let idp: SsoPeers['idp'];
let connection: IdpConnection;
beforeAll(async () => {
  peers = await startSsoPeers();
  ({ srv, idp, connection } = peers);
});
afterAll(async () => peers?.close());

/** The web client's authorization request as token params, with its PKCE verifier. */
function tokenParams(extra: Record<string, string> = {}) {
  const { verifier, params } = webAuthorizeParams(srv, { state: 'tp-state' });
  const p = {
    clientId: params.client_id!,
    redirectUri: params.redirect_uri!,
    responseType: 'code',
    responseMode: 'query',
    codeChallenge: params.code_challenge!,
    codeChallengeMethod: 'S256',
    state: params.state!,
    ...extra,
  };
  return { verifier, p };
}

const start = (body: unknown, auth?: string) =>
  call<SsoLoginWithTokenParamsResponse>(srv.url, 'POST', '/identity/v1/sso/login-with-token-params', {
    body,
    ...(auth ? { auth } : {}),
  });
const flows = async () =>
  rowsOf<{ n: number }>(await srv.ctx().db.execute(sql`SELECT count(*)::int AS n FROM sso_flows`))[0]!.n;

describe('POST /identity/v1/sso/login-with-token-params', () => {
  it('answers the provider URL; following it signs the person in and ends at the redirect URI with a code', async () => {
    const { verifier, p } = tokenParams();
    const res = await start({ tenantId: 'default', idpConnectionId: connection.id, tokenParams: p });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const to = new URL(res.body.redirectUrl);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${srv.url}/identity/v1/callback`);
    // Not the client's own state or challenge: the round trip to the provider has its own.
    expect(to.searchParams.get('state')).not.toBe('tp-state');
    expect(to.searchParams.get('code_challenge')).not.toBe(p.codeChallenge);

    const landed = await browse(res.body.redirectUrl, (u) => u.href.startsWith(`${srv.url}/auth/callback`), 'carol');
    expect(landed.searchParams.get('state')).toBe('tp-state');
    const tokens = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
      body: codeGrant(srv, { code: landed.searchParams.get('code'), verifier, redirectUri: p.redirectUri }),
    });
    expect(tokens.status).toBe(200);
    const me = await call<{ email: string }>(srv.url, 'GET', '/oauth2/userinfo', {
      auth: `Bearer ${tokens.body.access_token}`,
    });
    expect(me.body.email).toBe('carol@idp.example');
  });

  it('works for a visitor token too, and without the tenant id', async () => {
    const res = await start(
      { idpConnectionId: connection.id, tokenParams: tokenParams().p },
      `Bearer ${await srv.visitorToken()}`,
    );
    expect(res.status).toBe(200);
    expect(new URL(res.body.redirectUrl).origin).toBe(idp.issuer);
  });

  it('refuses bad input naming the fields, and writes nothing', async () => {
    const before = await flows();
    const missing = await start({ tokenParams: { clientId: srv.clientId } });
    expect(missing.status).toBe(400);
    expect(violations(missing.body)).toEqual(
      expect.arrayContaining([
        'idpConnectionId:REQUIRED_FIELD',
        'tokenParams.redirectUri:REQUIRED_FIELD',
        'tokenParams.codeChallenge:REQUIRED_FIELD',
        'tokenParams.state:REQUIRED_FIELD',
      ]),
    );
    const plain = await start({
      idpConnectionId: connection.id,
      tokenParams: tokenParams({ codeChallengeMethod: 'plain' }).p,
    });
    expect(violations(plain.body)).toEqual(['tokenParams.codeChallengeMethod:INVALID_ENUM_VALUE']);
    const notUuid = await start({ idpConnectionId: 'google', tokenParams: tokenParams().p });
    expect(violations(notUuid.body)).toEqual(['idpConnectionId:FORMAT']);
    const unknownClient = await start({
      idpConnectionId: connection.id,
      tokenParams: tokenParams({ clientId: 'nope' }).p,
    });
    expect(unknownClient.status).toBe(400);
    expect(violations(unknownClient.body)).toEqual(['tokenParams.clientId:VALIDATION']);
    const elsewhere = await start({
      idpConnectionId: connection.id,
      tokenParams: tokenParams({ redirectUri: 'https://evil.example/cb' }).p,
    });
    expect(elsewhere.status).toBe(400);
    expect(violations(elsewhere.body)).toEqual(['tokenParams.redirectUri:FORMAT']);
    expect(await flows()).toBe(before);
  });

  it('answers 404 for a connection or tenant that does not exist', async () => {
    const before = await flows();
    const unknown = await start({
      idpConnectionId: '01900000-0000-7000-8000-000000000000',
      tokenParams: tokenParams().p,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'This sign-in option is not available any more' });
    const otherTenant = await start({ tenantId: 'acme', idpConnectionId: connection.id, tokenParams: tokenParams().p });
    expect(otherTenant.status).toBe(404);
    expect(await flows()).toBe(before);
  });

  it('answers 404 for a disabled connection, as for one that does not exist', async () => {
    await srv.ctx().db.update(idpConnections).set({ enabled: false }).where(eq(idpConnections.id, connection.id));
    try {
      const before = await flows();
      const res = await start({ idpConnectionId: connection.id, tokenParams: tokenParams().p });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'This sign-in option is not available any more' });
      expect(await flows()).toBe(before);
    } finally {
      await srv.ctx().db.update(idpConnections).set({ enabled: true }).where(eq(idpConnections.id, connection.id));
    }
    expect((await start({ idpConnectionId: connection.id, tokenParams: tokenParams().p })).status).toBe(200);
  });
});
