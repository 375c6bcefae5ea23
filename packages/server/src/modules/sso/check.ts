import * as oidc from 'openid-client';

/** What a connection needs to reach its provider. */
export interface ProviderAddress {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Seconds to wait for a provider's discovery document when saving or re-checking (sign-ins use the library's 30). */
export const CHECK_TIMEOUT_S = 5;

/** Fetches the provider's OpenID discovery document (RFC 8414 / OIDC Discovery) and builds a client for it. */
export function discover(c: ProviderAddress, timeout?: number): Promise<oidc.Configuration> {
  const issuer = new URL(c.issuer);
  // Plain http only for a provider on this machine (development, tests); anywhere else it must be https.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return oidc.discovery(issuer, c.clientId, c.clientSecret, undefined, {
    ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}),
    ...(timeout ? { timeout } : {}),
  });
}

/** Why a discovery failed, in words the owner can act on. */
export function discoveryProblem(e: unknown): string {
  const err = e as { name?: string; code?: string; cause?: unknown };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError')
    return `The provider did not answer within ${CHECK_TIMEOUT_S} seconds. Check the issuer address, or try again later.`;
  // fetch() rejects with a TypeError when nothing answers (closed port, unknown host, TLS failure).
  if (err?.name === 'TypeError')
    return 'The provider could not be reached at this address. Check the issuer address and that the provider is online.';
  if (err?.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')
    return 'The provider calls itself by a different address. Use the exact issuer address the provider shows.';
  if (typeof err?.code === 'string' && err.code.startsWith('OAUTH_HTTP_REQUEST_FORBIDDEN'))
    return 'The issuer address must start with https:// (plain http works only for a provider on this machine).';
  return 'This address did not answer with an OpenID Connect discovery document. Check the issuer address.';
}

/** Checks that the provider answers discovery; null when it does, else the problem in words. */
export async function checkProvider(c: ProviderAddress): Promise<string | null> {
  try {
    await discover(c, CHECK_TIMEOUT_S);
    return null;
  } catch (e) {
    return discoveryProblem(e);
  }
}
