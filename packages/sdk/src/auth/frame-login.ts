/**
 * The sign-in flows of `OAuthStrategy` that finish in a hidden iframe (browsers) or by reading a redirect (elsewhere):
 * the direct login after a password sign-in, and the silent login. The strategy loads this file on first use
 * (`import()`). Call these through the strategy (`auth.silentLogin()`), not directly.
 */
import type { MemberBox } from './login-state.js';
import type { OAuthStrategy } from './oauth.js';
import { generateOAuthData, type OAuthData } from './pkce.js';
import { authSession, getMemberTokens } from './redirect-login.js';
import { authorizeInIframe } from './silent-login.js';
import type { Tokens } from './tokens.js';

function redirectUriOf(box: MemberBox, redirectUri?: string): string {
  const uri = redirectUri ?? box.redirectUri ?? (globalThis.location && `${location.origin}/auth/callback`);
  if (!uri) throw new Error('OAuthStrategy needs a redirectUri (one registered for the client)');
  return uri;
}

function inBrowser() {
  return typeof document !== 'undefined' && typeof window !== 'undefined';
}

/** A redirect session answered in a hidden iframe (`web_message`, `prompt=none`), then the code exchange. */
async function inIframe(
  auth: OAuthStrategy,
  box: MemberBox,
  data: OAuthData,
  sessionToken?: string,
  timeoutMs?: number,
): Promise<Tokens> {
  const fullUrl = await authSession(auth, box, data, 'none', 'web_message', sessionToken);
  const { code, state } = await authorizeInIframe(box.kit, fullUrl, data.state, timeoutMs);
  return getMemberTokens(auth, box, code, state, data);
}

/**
 * See `OAuthStrategy.getMemberTokensForDirectLogin`. A browser can't read a redirect's `Location` (`redirect: 'manual'`
 * gives an opaque answer), so there the code comes from a hidden iframe (`web_message`); elsewhere (Node, workers)
 * from the `Location` of the server's 302 (`response_mode=query`).
 */
export async function directLogin(
  auth: OAuthStrategy,
  box: MemberBox,
  sessionToken: string,
  options: { redirectUri?: string } = {},
): Promise<Tokens> {
  const data = await generateOAuthData(redirectUriOf(box, options.redirectUri), '');
  if (inBrowser()) return inIframe(auth, box, data, sessionToken);
  const fullUrl = await authSession(auth, box, data, 'none', 'query', sessionToken);
  const res = await auth.getContext().fetch(fullUrl, { redirect: 'manual' });
  await res.body?.cancel();
  const location = res.headers.get('location');
  if (!location) throw new Error(`Direct login failed: ${res.status} without a redirect`);
  const { code, state } = auth.parseFromUrl(new URL(location, fullUrl).href, 'query');
  return getMemberTokens(auth, box, code, state, data);
}

/** See `OAuthStrategy.silentLogin`. */
export async function silentLogin(
  auth: OAuthStrategy,
  box: MemberBox,
  options: { redirectUri?: string; timeoutMs?: number } = {},
): Promise<Tokens> {
  const data = await generateOAuthData(redirectUriOf(box, options.redirectUri), '');
  return inIframe(auth, box, data, undefined, options.timeoutMs);
}
