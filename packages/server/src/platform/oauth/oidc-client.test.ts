import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';

// A standard relying-party library, not our SDK: discovery, the code flow with PKCE and refresh must just work.
const { srv } = serverSuite();

describe('openid-client against Plaza', () => {
  it('runs discovery, the authorization code flow with PKCE, and refresh', async () => {
    const config = await oidc.discovery(new URL(srv.url), srv.clientId, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests], // the test server speaks plain http on localhost
    });
    expect(config.serverMetadata().issuer).toBe(srv.url);
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);

    const redirectUri = `${srv.url}/auth/callback`;
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      response_mode: 'query',
    });
    // The login step: a direct-login session token, as the hosted page would add after a password login.
    const { sessionToken } = await srv.signIn();
    authUrl.searchParams.set('sessionToken', sessionToken);
    const res = await fetch(authUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);

    const tokens = await oidc.authorizationCodeGrant(config, new URL(res.headers.get('location')!), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const claims = tokens.claims()!;
    expect(claims.email).toBe(srv.owner.email);
    expect(claims.aud).toBe(srv.clientId);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info.email).toBe(srv.owner.email);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    // The old refresh token is spent.
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
