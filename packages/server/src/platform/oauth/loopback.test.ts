import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateRedirectSessionResponse, OAuthClient, TokenResponse } from '@plaza/contracts';
import { codeGrant } from '../../test/oauth-code.js';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { redirectUriMatches } from './clients.service.js';

const { srv } = serverSuite();
let visitor: string;
beforeAll(async () => {
  visitor = `Bearer ${await srv.visitorToken()}`;
});

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const authRequest = (clientId: string, redirectUri: string, challenge: string, sessionToken?: string) =>
  call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', {
    auth: visitor,
    body: {
      auth: {
        authRequest: {
          clientId,
          redirectUri,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          responseType: 'code',
          responseMode: 'query',
          state: 's',
          ...(sessionToken ? { sessionToken } : {}),
        },
      },
    },
  });

describe('the web app signs in on any loopback address (RFC 8252 §7.3)', () => {
  it.each(['http://127.0.0.1:5999', 'http://localhost:8123', 'http://[::1]:3000', 'http://localhost'])(
    'from %s: redirect session, code and tokens',
    async (origin) => {
      const redirectUri = `${origin}/auth/callback`;
      const { verifier, challenge } = pkcePair();
      const { sessionToken } = await srv.signIn();
      const rs = await authRequest(srv.clientId, redirectUri, challenge, sessionToken);
      expect(rs.status, JSON.stringify(rs.body)).toBe(200);
      const res = await fetch(rs.body.redirectSession.fullUrl, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(redirectUri);
      const tokens = await call<TokenResponse>(srv.url, 'POST', '/oauth2/token', {
        body: codeGrant(srv, { code: location.searchParams.get('code'), verifier, redirectUri }),
      });
      expect(tokens.status).toBe(200);
    },
  );

  it('lets the silent sign-in page be framed by, and post to, the loopback origin it came from', async () => {
    const { challenge } = pkcePair();
    const rs = await authRequest(srv.clientId, 'http://localhost:5173/auth/silent-callback', challenge);
    const url = new URL(rs.body.redirectSession.fullUrl);
    url.searchParams.set('response_mode', 'web_message');
    url.searchParams.set('prompt', 'none');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors');
    expect(res.headers.get('content-security-policy')).toContain('http://localhost:5173');
    expect(await res.text()).toContain('"http://localhost:5173"');
  });

  it('refuses other hosts, other paths, https look-alikes and user info', async () => {
    const { challenge } = pkcePair();
    for (const uri of [
      'http://localhost.evil.example/auth/callback',
      'http://127.0.0.1.nip.io:3000/auth/callback',
      'http://127.0.0.2:3000/auth/callback',
      'http://localhost:3000/auth/other',
      'http://localhost:3000/auth/callback/more',
      'http://localhost:3000/auth/callback?x=1',
      'http://user@localhost:3000/auth/callback',
      'http://localhost:3000/auth/callback#frag',
      'https://evil.example/auth/callback',
    ]) {
      const rs = await authRequest(srv.clientId, uri, challenge);
      expect(rs.status, uri).toBe(400);
      expect(violations(rs.body)).toEqual(['auth.authRequest.redirectUri:FORMAT']);
    }
  });

  it('keeps exact matching for every other client, loopback ones included', async () => {
    const admin = await srv.createApiKey(['oauth-clients.manage']);
    const created = await call<{ client: OAuthClient }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
      auth: admin,
      body: { name: 'Local tool', redirectUris: ['http://127.0.0.1:4000/auth/callback'] },
    });
    const { challenge } = pkcePair();
    const id = created.body.client.id;
    expect((await authRequest(id, 'http://127.0.0.1:4000/auth/callback', challenge)).status).toBe(200);
    for (const uri of ['http://127.0.0.1:4001/auth/callback', 'http://localhost:4000/auth/callback']) {
      const rs = await authRequest(id, uri, challenge);
      expect(rs.status, uri).toBe(400);
    }
    // The authorize endpoint itself checks the same way (a hand-made URL never reaches the redirect session).
    const direct = new URL(`${srv.url}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      client_id: id,
      redirect_uri: 'http://127.0.0.1:4001/auth/callback',
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
    }))
      direct.searchParams.set(k, v);
    const res = await fetch(direct, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Unregistered redirect URI');
  });

  it('matches by rule, as a pure function', () => {
    const web = { id: 'plaza-web', redirectUris: ['https://shop.example/auth/callback'] };
    expect(redirectUriMatches(web, 'https://shop.example/auth/callback')).toBe(true);
    expect(redirectUriMatches(web, 'http://127.0.0.1:1/auth/callback')).toBe(true);
    expect(redirectUriMatches(web, 'https://127.0.0.1:1/auth/callback')).toBe(false);
    expect(redirectUriMatches(web, 'not a url')).toBe(false);
    expect(redirectUriMatches({ ...web, id: 'other' }, 'http://127.0.0.1:1/auth/callback')).toBe(false);
  });
});
