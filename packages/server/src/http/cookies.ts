import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@plaza/contracts/constants';
import type { Config } from '../config/index.js';

/** The hosted pages' sign-in session cookie. HttpOnly: scripts never see it. */
export const SESSION_COOKIE = 'plaza_session';

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Over https the cookie is `SameSite=None; Secure`, so silent login works in a hidden iframe of a client on another
 * site; over plain http (local development) browsers refuse `None` without `Secure`, so it is `Lax`. The hint cookie
 * (not HttpOnly, no secret) goes and comes with it: web apps read it to skip a silent login that cannot succeed.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, value: string, maxAgeSeconds: number): void {
  const secure = config.publicUrl.startsWith('https:');
  const attrs = (httpOnly: boolean) =>
    ['Path=/', httpOnly && 'HttpOnly', `Max-Age=${maxAgeSeconds}`, secure ? 'SameSite=None; Secure' : 'SameSite=Lax']
      .filter(Boolean)
      .join('; ');
  // Fastify appends set-cookie headers rather than replacing them.
  reply.header('set-cookie', `${SESSION_COOKIE}=${encodeURIComponent(value)}; ${attrs(true)}`);
  reply.header('set-cookie', `${SESSION_HINT_COOKIE}=${value ? '1' : ''}; ${attrs(false)}`);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  setSessionCookie(reply, config, '', 0);
}
