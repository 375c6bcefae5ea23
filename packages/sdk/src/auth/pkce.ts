/** What {@link generateOAuthData} returns: keep it (e.g. in `sessionStorage`) until the user comes back. */
export interface OAuthData {
  /** The PKCE code verifier: 43–128 characters from letters, digits and `-._~`. */
  codeVerifier: string;
  /** base64url(SHA-256(codeVerifier)), sent with method S256. */
  codeChallenge: string;
  /** Random value that must come back unchanged with the code. */
  state: string;
  /** Where the server sends the code: one of the client's registered redirect URIs, exactly. */
  redirectUri: string;
  /** Where to send the user after login (default: the current page, or '' outside browsers). */
  originalUri: string;
}

/**
 * A random string of `length` characters (43–128, default 43) from letters, digits and `-._~`, drawn with
 * `crypto.getRandomValues` and rejection sampling (no modulo bias). Any other length throws
 * `Expected a length between 43 and 128. Received {n}.`
 *
 * @example
 * const verifier = generateCodeVerifier(); // 'Xy3~...' (43 characters)
 */
export function generateCodeVerifier(length = 43): string {
  if (!Number.isInteger(length) || length < 43 || length > 128)
    throw new Error(`Expected a length between 43 and 128. Received ${length}.`);
  // Local, not module constants: this file is loaded lazily (see SignInKit).
  const charset = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
  // Bytes at or above this (3 × 66 = 198) are rejected, so every character is exactly equally likely.
  const limit = 256 - (256 % charset.length);
  let out = '';
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length))) {
      if (b < limit && out.length < length) out += charset[b % charset.length];
    }
  }
  return out;
}

/**
 * The S256 code challenge of a verifier: the SHA-256 digest (Web Crypto) in URL-safe base64 without padding.
 *
 * @example
 * await codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'); // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export async function codeChallengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Makes the PKCE data of one authorization-code flow: a 43-character verifier, its S256 challenge and a random state.
 * Async because the digest uses Web Crypto (`crypto.subtle`, browsers and Node 20+).
 *
 * @example
 * const data = await auth.generateOAuthData(`${location.origin}/auth/callback`);
 * sessionStorage.setItem('plaza.oauth', JSON.stringify(data));
 */
export async function generateOAuthData(redirectUri: string, originalUri?: string): Promise<OAuthData> {
  const codeVerifier = generateCodeVerifier();
  return {
    codeVerifier,
    codeChallenge: await codeChallengeOf(codeVerifier),
    state: generateCodeVerifier(),
    redirectUri,
    originalUri: originalUri ?? globalThis.location?.href ?? '',
  };
}
