/**
 * The redirect-session flows of `OAuthStrategy`: hosted sign-in (PKCE data, the login page's URL, the code exchange)
 * and logout. The strategy loads this file on first use (`import()`); a storefront that signs members in on the hosted
 * page loads only this, not the iframe flows (frame-login.ts) nor the password forms (member-login.ts).
 * Call these through the strategy (`auth.getAuthUrl(...)`), not directly.
 */
import type { MemberBox } from './login-state.js';
import type { OAuthStrategy } from './oauth.js';
import { generateOAuthData, type OAuthData } from './pkce.js';
import type { Tokens } from './tokens.js';

/** Options of `getAuthUrl`. */
export interface AuthUrlOptions {
  /** `login` (default) shows the login page; `none` answers at once (`login_required` without a session). */
  prompt?: 'login' | 'none' | 'consent' | 'select_account';
  /** How the code comes back: in the redirect URI's `fragment` (default) or `query`, or as a `web_message`. */
  responseMode?: 'fragment' | 'query' | 'web_message';
  /**
   * The session token of a login that just happened elsewhere (a login page of your own): with `prompt: 'none'` the
   * URL signs that person in without showing the login page again.
   */
  sessionToken?: string;
}

interface RedirectSessionAnswer {
  redirectSession: { id: string; fullUrl: string; sessionToken: string };
}

/**
 * An authenticated JSON POST (GET without a body) to the strategy's server, through the client's own `send` (a visitor
 * token is fetched first when needed; a refused token is renewed once). A non-2xx answer throws a `PlazaError`.
 */
export function call<T>(auth: OAuthStrategy, box: MemberBox, path: string, body?: unknown): Promise<T> {
  return box.kit.send({ ...auth.getContext(), auth }, { method: body ? 'POST' : 'GET', path, body }) as Promise<T>;
}

/** A redirect session continuing an authorization request for `data`. */
export async function authSession(
  auth: OAuthStrategy,
  box: MemberBox,
  data: OAuthData,
  prompt: string,
  responseMode: string,
  sessionToken?: string,
): Promise<string> {
  const authRequest = {
    redirectUri: data.redirectUri,
    clientId: auth.clientId,
    codeChallenge: data.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode,
    responseType: 'code',
    scope: 'offline_access',
    state: data.state,
    sessionToken,
  };
  const res = await call<RedirectSessionAnswer>(auth, box, '/redirects/v1/redirect-session', {
    auth: { authRequest, prompt },
  });
  return res.redirectSession.fullUrl;
}

/** See `OAuthStrategy.generateOAuthData`. */
export function oauthData(_auth: OAuthStrategy, _box: MemberBox, redirectUri: string, originalUri?: string) {
  return generateOAuthData(redirectUri, originalUri);
}

/** See `OAuthStrategy.getAuthUrl`. */
export async function getAuthUrl(
  auth: OAuthStrategy,
  box: MemberBox,
  data: OAuthData,
  options: AuthUrlOptions = {},
): Promise<{ authUrl: string }> {
  return {
    authUrl: await authSession(
      auth,
      box,
      data,
      options.prompt ?? 'login',
      options.responseMode ?? 'fragment',
      options.sessionToken,
    ),
  };
}

/** See `OAuthStrategy.getMemberTokens`. Codes work once, so the exchange is never retried. */
export async function getMemberTokens(
  auth: OAuthStrategy,
  box: MemberBox,
  code: string,
  state: string,
  data: OAuthData,
): Promise<Tokens> {
  if (state !== data.state) throw new Error('Invalid _state');
  const ctx = auth.getContext();
  // The visitor's token lets the server move the visitor's cart into the member's at this sign-in.
  const held = auth.getTokens();
  const visitor = held.refreshToken.role === 'visitor' && held.accessToken.value ? held.accessToken.value : undefined;
  const { requestTokens, tokensFromResponse } = box.kit;
  const res = await requestTokens(ctx, {
    grantType: 'authorization_code',
    clientId: ctx.clientId,
    code,
    codeVerifier: data.codeVerifier,
    redirectUri: data.redirectUri,
    ...(visitor ? { visitorToken: visitor } : {}),
  });
  const tokens = tokensFromResponse(res, 'member');
  auth.setTokens(tokens);
  return tokens;
}

/**
 * See `OAuthStrategy.logout`. A member's refresh token is also revoked (which ends its sign-in session on the server,
 * also where no browser cookie will visit the logout URL); the tokens are cleared even when a request fails.
 */
export async function logout(auth: OAuthStrategy, box: MemberBox, originalUrl: string): Promise<{ logoutUrl: string }> {
  try {
    const res = await call<RedirectSessionAnswer>(auth, box, '/redirects/v1/redirect-session', {
      logout: { clientId: auth.clientId },
      callbacks: { postFlowUrl: originalUrl },
    });
    const { refreshToken } = auth.getTokens();
    const revoke = { token: refreshToken.value, clientId: auth.clientId };
    if (refreshToken.role === 'member') await call(auth, box, '/oauth2/revoke', revoke).catch(() => undefined);
    return { logoutUrl: res.redirectSession.fullUrl };
  } finally {
    box.state = { loginState: 'INITIAL', data: {} };
    auth.setTokens(box.kit.emptyTokens());
  }
}
