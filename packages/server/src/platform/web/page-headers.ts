import { randomBytes } from 'node:crypto';

/** Pages whose address carries a code or a token: the address must never leave as a Referer. */
const SECRET_URL_PAGES = /^\/(auth\/|reset-password(\/|$)|verify-email(\/|$))/;
/** The hidden iframe of silent sign-in loads this page inside the app itself. */
const FRAMED_BY_SELF = /^\/auth\/silent-callback(\/|$)/;

/** A fresh CSP nonce for one page answer (128 random bits, as CSP asks for at least). */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The security headers of one page of the web app.
 * - Scripts: only the app's own files and the inline runtime config, which carries this answer's nonce. No inline
 *   handlers, no eval.
 * - Styles: the app's own CSS and style elements with the nonce (the captcha widget injects one and reads the nonce
 *   from `<meta name="csp-nonce">`); style attributes are allowed (the widget sets them; they cannot load anything).
 * - The captcha's proof-of-work runs in workers made from blob: URLs.
 * - Images and media from any https address (product photos, member photos), plus data:/blob: previews.
 * - Never framed by another site; the silent-callback page only by the app itself.
 */
export function pageHeaders(path: string, nonce: string): Record<string, string> {
  const framedBySelf = FRAMED_BY_SELF.test(path);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framedBySelf ? "'self'" : "'none'"}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    // For browsers that predate frame-ancestors.
    'x-frame-options': framedBySelf ? 'SAMEORIGIN' : 'DENY',
    'referrer-policy': SECRET_URL_PAGES.test(path) ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
}
