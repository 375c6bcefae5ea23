import type { OAuthData } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';

const KEY = 'plaza.oauth.';

/** Where the web app's OAuth client receives codes: a registered redirect URI of `plaza-web`. */
export const callbackUri = () => `${window.location.origin}/auth/callback`;

/** The path, query and hash of the current page: where to come back after signing in. */
export const herePath = () => window.location.pathname + window.location.search + window.location.hash;

const SESSION_RETURN = /^\/redirects\/v1\/redirect-session\/[0-9a-f-]{36}\/continue$/;

/**
 * Where a login redirect session goes back to another site (an app's registered page): through the server, which
 * knows the session's checked postFlowUrl; never to a URL the login page's query names.
 */
export const sessionReturnUrl = (apiBase: string, redirectSessionId: string) =>
  `${apiBase}/redirects/v1/redirect-session/${encodeURIComponent(redirectSessionId)}/continue`;

/** Whether `target` is a sessionReturnUrl of this API (the callback page then leaves the app for it). */
export function isSessionReturn(target: string | null | undefined, apiBase: string): boolean {
  if (!target) return false;
  try {
    const u = new URL(target, window.location.origin);
    return u.origin === new URL(apiBase, window.location.origin).origin && SESSION_RETURN.test(u.pathname);
  } catch {
    return false;
  }
}

/** A same-origin path to return to, or `/` for anything else (never an open redirect). */
export function safeReturn(target: string | null | undefined): string {
  if (!target) return '/';
  try {
    const u = new URL(target, window.location.origin);
    if (u.origin !== window.location.origin) return '/';
    return u.pathname + u.search + u.hash;
  } catch {
    return '/';
  }
}

/** Keeps the PKCE data of a flow until the callback page needs it (the page reloads in between). */
export function rememberOAuthData(data: OAuthData): void {
  sessionStorage.setItem(KEY + data.state, JSON.stringify(data));
}

/** The PKCE data of the flow whose `state` came back, once: it is removed as it is read. */
export function takeOAuthData(state: string): OAuthData | undefined {
  const raw = sessionStorage.getItem(KEY + state);
  sessionStorage.removeItem(KEY + state);
  try {
    return raw ? (JSON.parse(raw) as OAuthData) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The storefront's "Log in": the hosted login page through the OAuth code flow with PKCE. The browser leaves the
 * app; it comes back at /auth/callback, which finishes the login and returns to `returnTo`.
 */
export async function startHostedLogin(client: PlazaClient, returnTo = herePath()): Promise<void> {
  const data = await client.auth.generateOAuthData(callbackUri(), safeReturn(returnTo));
  rememberOAuthData(data);
  const { authUrl } = await client.auth.getAuthUrl(data, { prompt: 'login', responseMode: 'fragment' });
  window.location.assign(authUrl);
}
