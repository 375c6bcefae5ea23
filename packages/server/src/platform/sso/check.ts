import * as oidc from 'openid-client';
import type { Ctx } from '../../kernel/context.js';
import { guardedFetch, type GuardOptions } from '../../lib/guarded-fetch.js';
import { allowPrivateTargets } from '../webhooks/index.js';

/** What a connection needs to reach its provider. */
export interface ProviderAddress {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Seconds to wait for a provider's discovery document when saving or re-checking (sign-ins use the library's 30). */
export const CHECK_TIMEOUT_S = 5;

/**
 * The one text for every failure that depends on what answered at the address (nothing, a closed port, a timeout,
 * another kind of server, a refused private address): distinct texts would let an owner map which ports are open
 * on machines the server can reach. The real cause goes to the log.
 */
export const PROVIDER_UNREACHABLE =
  'The provider could not be reached at this address. Check the issuer address and that the provider is online.';

/**
 * The address guard for SSO calls: the same net-guard and "Your own network" setting as webhooks and service
 * plugins (private addresses are allowed outside production, in production only when the owner allowed them).
 */
export async function ssoGuard(ctx: Ctx): Promise<GuardOptions> {
  return { allowPrivate: await allowPrivateTargets(ctx), ...(guardOverride ?? {}) };
}

/** Lets a test treat one loopback address as public, to exercise the guard on the calls that follow discovery. */
let guardOverride: Partial<GuardOptions> | undefined;
export const setSsoGuardForTests = (g: Partial<GuardOptions> | undefined) => (guardOverride = g);

/**
 * Fetches the provider's OpenID discovery document (RFC 8414 / OIDC Discovery) and builds a client for it. Every
 * request of that client (discovery, JWKS, token, UserInfo) goes through the address guard.
 */
export function discover(c: ProviderAddress, guard: GuardOptions, timeout?: number): Promise<oidc.Configuration> {
  const issuer = new URL(c.issuer);
  // Plain http only for a provider on this machine (development, tests); anywhere else it must be https.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  return oidc.discovery(issuer, c.clientId, c.clientSecret, undefined, {
    [oidc.customFetch]: guardedFetch(guard),
    ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}),
    ...(timeout ? { timeout } : {}),
  });
}

/** Why a discovery failed, in words the owner can act on; only what the address itself shows is told apart. */
export function discoveryProblem(e: unknown): string {
  const err = e as { code?: string };
  if (typeof err?.code === 'string' && err.code.startsWith('OAUTH_HTTP_REQUEST_FORBIDDEN'))
    return 'The issuer address must start with https:// (plain http works only for a provider on this machine).';
  return PROVIDER_UNREACHABLE;
}

/** Checks that the provider answers discovery; null when it does, else the problem in words. */
export async function checkProvider(ctx: Ctx, c: ProviderAddress): Promise<string | null> {
  try {
    await discover(c, await ssoGuard(ctx), CHECK_TIMEOUT_S);
    return null;
  } catch (e) {
    ctx.log.info({ err: e, issuer: c.issuer }, 'SSO discovery check failed');
    return discoveryProblem(e);
  }
}
