/** An OAuth error answer (`error=login_required`, …): the message is the error code. */
export interface OAuthFlowError extends Error {
  error: string;
  errorDescription?: string;
}

/**
 * The error for an OAuth error answer: its message is the `error` code itself (`login_required`, `access_denied`, …).
 *
 * @example
 * throw oauthError('login_required', 'No sign-in session');
 */
export function oauthError(error: string, errorDescription?: string | null): OAuthFlowError {
  return Object.assign(new Error(error), { error, errorDescription: errorDescription ?? undefined });
}

/**
 * Reads `code` and `state` from the URL the server returned to (default: the current page), in its fragment
 * (default) or its query. An `error` parameter throws an {@link OAuthFlowError} with that error; a missing code or
 * state throws `Missing code or _state`.
 *
 * @example
 * const { code, state } = parseFromUrl('https://shop.example.com/auth/callback#code=abc&state=xyz');
 */
export function parseFromUrl(
  url: string = globalThis.location?.href ?? '',
  responseMode: 'fragment' | 'query' = 'fragment',
): { code: string; state: string } {
  const u = new URL(url, 'http://localhost');
  const params = new URLSearchParams(responseMode === 'query' ? u.search : u.hash.slice(1));
  const error = params.get('error');
  if (error) throw oauthError(error, params.get('error_description'));
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) throw new Error('Missing code or _state');
  return { code, state };
}
