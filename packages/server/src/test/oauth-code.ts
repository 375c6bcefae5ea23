import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { CreateRedirectSessionResponse } from '@plaza/contracts';
import { call } from '../../test/http.js';
import type { TestServer } from './harness.js';

/**
 * The query of the web client's authorize request with a fresh PKCE pair (the verifier redeems its code), as the web
 * app's sign-in sends it; `extra` adds or overrides parameters (a session token, another state).
 */
export function webAuthorizeParams(server: { url: string; clientId: string }, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const params: Record<string, string> = {
    client_id: server.clientId,
    redirect_uri: `${server.url}/auth/callback`,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's',
    response_mode: 'query',
    ...extra,
  };
  return { verifier, params };
}

/** The body of the token request that redeems an authorization code of this client with its PKCE verifier. */
export const codeGrant = (
  client: { clientId: string },
  { code, verifier, redirectUri }: { code: string | null; verifier: string; redirectUri: string },
) => ({ grantType: 'authorization_code', clientId: client.clientId, code, codeVerifier: verifier, redirectUri });

/** The body of the redirect session that turns a session token into a code (query mode, state `s`). */
export const codeRedirectSession = (a: {
  clientId: string;
  redirectUri: string;
  challenge: string;
  sessionToken: string;
}) => ({
  auth: {
    authRequest: {
      redirectUri: a.redirectUri,
      clientId: a.clientId,
      codeChallenge: a.challenge,
      codeChallengeMethod: 'S256',
      responseMode: 'query',
      responseType: 'code',
      scope: 'offline_access',
      state: 's',
      sessionToken: a.sessionToken,
    },
  },
});

/**
 * An authorization code of the web client (with its PKCE verifier) issued in this sign-in session, the way the web
 * app's sign-in gets one: a redirect session for the session token, then its URL followed to the callback.
 */
export async function authorizationCode(
  srv: TestServer,
  sessionToken: string,
  redirectUri = `${srv.url}/auth/callback`,
): Promise<{ code: string | null; verifier: string; redirectUri: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const rs = await call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', {
    auth: `Bearer ${await srv.visitorToken()}`,
    body: codeRedirectSession({ clientId: srv.clientId, redirectUri, challenge, sessionToken }),
  });
  expect(rs.status, JSON.stringify(rs.body)).toBe(200);
  const res = await fetch(rs.body.redirectSession.fullUrl, { redirect: 'manual' });
  return { code: new URL(res.headers.get('location')!).searchParams.get('code'), verifier, redirectUri };
}
