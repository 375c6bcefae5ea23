import type { TokenResponse, TokenRole } from '@plaza/contracts';

export type { TokenRole };

/** An access token and the time it expires, in seconds since the epoch. */
export interface AccessToken {
  value: string;
  expiresAt: number;
}

/** A refresh token and the role of the session it renews. */
export interface RefreshToken {
  value: string;
  role: TokenRole;
  /**
   * The Idempotency-Key sent when this token is renewed. It is made with the tokens and stored with them, so every tab
   * holding the token sends the same key: two tabs renewing it at once (one read the storage before the other's
   * answer landed) get the same new refresh token instead of being taken for a replay that ends the session.
   */
  renewKey?: string;
}

/** The token pair of an OAuth session (SPEC §3). */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/**
 * The token pair a strategy starts with: no tokens, role `none`.
 *
 * @example
 * auth.setTokens(emptyTokens()); // forget the session
 */
export function emptyTokens(): Tokens {
  return { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } };
}

/**
 * The current time in whole seconds since the epoch, the unit of `expiresAt`.
 *
 * @example
 * const expiresAt = nowSeconds() + 3600;
 */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * True when the access token's expiry (seconds) is earlier than now (SPEC §9). A token expiring this second is still valid.
 *
 * @example
 * isExpired({ value: 'abc', expiresAt: nowSeconds() - 1 }); // true
 */
export function isExpired(token: AccessToken, now: number = nowSeconds()): boolean {
  return token.expiresAt < now;
}

/**
 * True for tokens that can be sent: a visitor or member access token that has not expired.
 *
 * @example
 * if (!hasValidAccessToken(auth.getTokens())) await auth.generateVisitorTokens();
 */
export function hasValidAccessToken(tokens: Tokens | null | undefined, now?: number): boolean {
  return (
    !!tokens?.accessToken?.value &&
    (tokens.refreshToken?.role === 'visitor' || tokens.refreshToken?.role === 'member') &&
    !isExpired(tokens.accessToken, now)
  );
}

/**
 * Turns a token endpoint response into a token pair of the given role; `expiresAt` is now plus `expires_in` seconds.
 * `renewKey` is a new random key unless given (a renewal keeps the session's key).
 *
 * @example
 * const tokens = tokensFromResponse(await requestTokens(env, { grantType: 'anonymous', clientId }), 'visitor');
 */
export function tokensFromResponse(
  res: Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'>,
  role: TokenRole,
  renewKey = randomKey(),
): Tokens {
  return {
    accessToken: { value: res.access_token, expiresAt: nowSeconds() + res.expires_in },
    refreshToken: { value: res.refresh_token, role, renewKey },
  };
}

/** A random Idempotency-Key (128 bits, as four numbers) for renewing a token, its retries included. */
export function randomKey(): string {
  return crypto.getRandomValues(new Uint32Array(4)).join('-');
}
