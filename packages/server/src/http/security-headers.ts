import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import type { App } from './types.js';

/** One year: the usual HSTS lifetime. Subdomains are left out: they may be other people's sites. */
const HSTS = 'max-age=31536000';

/**
 * Whether the browser reached us over HTTPS: PLAZA_PUBLIC_URL says so, or the connection (or, with PLAZA_TRUST_PROXY,
 * the proxy's X-Forwarded-Proto, which Fastify reads only then) was TLS.
 */
export function isHttps(req: FastifyRequest, config: Config): boolean {
  return config.publicUrl.startsWith('https:') || req.protocol === 'https';
}

/**
 * Browser features no Plaza page uses, turned off for the page and every frame in it (an injected script or a
 * third-party frame can't ask for the camera either). Clipboard writes (copy buttons), fullscreen and autoplay keep
 * their default (this origin only).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Headers every answer carries, API included: `nosniff` (a JSON error never runs as a script or style), the
 * Permissions-Policy, and `Strict-Transport-Security` when served over HTTPS. HTML answers get
 * `Cross-Origin-Opener-Policy: same-origin` unless they set their own: a page of ours opened by another site (or
 * opening one) shares no window handle with it. Page-specific policies (CSP, framing, referrers) are set where the
 * pages are sent (platform/web/page-headers.ts, the hosted OAuth pages, swagger-ui for /docs).
 */
export function registerSecurityHeaders(app: App, config: Config): void {
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('cross-origin-opener-policy'))
      reply.header('cross-origin-opener-policy', 'same-origin');
    // Defaults for answers that set no policy of their own (the API docs, JSON): never framed, referrers trimmed.
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('content-security-policy') && !reply.hasHeader('x-frame-options'))
      reply.header('x-frame-options', 'DENY');
    if (isHttps(req, config)) reply.header('strict-transport-security', HSTS);
  });
}
