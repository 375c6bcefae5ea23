import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

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
 * site; over plain http (local development) browsers refuse `None` without `Secure`, so it is `Lax`.
 */
export function setSessionCookie(reply: FastifyReply, config: Config, value: string, maxAgeSeconds: number): void {
  const secure = config.publicUrl.startsWith('https:');
  const attrs = [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    `Max-Age=${maxAgeSeconds}`,
    secure ? 'SameSite=None; Secure' : 'SameSite=Lax',
  ];
  reply.header('set-cookie', attrs.join('; '));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  setSessionCookie(reply, config, '', 0);
}
