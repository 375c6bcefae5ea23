import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../kernel/context.js';
import { randomToken } from '../../lib/ids.js';

/** RFC 6749 §4.1.2 says codes must be short-lived; the issue caps them at 60 s. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;

/** What a code is bound to. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  identityId: string;
  sessionId: string;
  scope: string;
  nonce?: string | undefined;
  /** The member's role when the code was issued (the exchange puts it in the access token). */
  role: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Authorization codes are self-contained: the grant, MAC'd with a key derived from the server's signing key, so
 * issuing one writes nothing. They still work once: the exchange stores the code's hash on the refresh token it
 * issues, in a UNIQUE column, so a second exchange of the same code conflicts (and ends the session, RFC 6749 §4.1.2).
 * The person holding a code learns only ids it is about to receive in tokens anyway.
 */
export function createAuthorizationCode(ctx: Ctx, grant: Omit<CodeGrant, 'exp'>): string {
  const exp = Math.floor(ctx.clock().getTime() / 1000) + AUTHORIZATION_CODE_TTL_SECONDS;
  // `jti` makes every code unique, even two for the same session in the same second.
  const payload = Buffer.from(
    JSON.stringify({
      ...grant,
      scope: grant.scope.slice(0, 200),
      nonce: grant.nonce?.slice(0, 200),
      exp,
      jti: randomToken(12),
    }),
  ).toString('base64url');
  return `ac_${payload}.${mac(ctx, payload)}`;
}

/** The grant of a genuine code (expired or not), or undefined for anything forged or malformed. */
export function readAuthorizationCode(ctx: Ctx, code: string): CodeGrant | undefined {
  const m = /^ac_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(code);
  if (!m) return undefined;
  const expected = Buffer.from(mac(ctx, m[1]!));
  const given = Buffer.from(m[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(m[1]!, 'base64url').toString()) as CodeGrant;
  } catch {
    return undefined;
  }
}

const mac = (ctx: Ctx, payload: string) =>
  createHmac('sha256', ctx.keys.secret('authorization-code')).update(payload).digest('base64url');
