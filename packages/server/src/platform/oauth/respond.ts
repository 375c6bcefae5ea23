import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export type ResponseMode = 'query' | 'fragment' | 'web_message';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Sends an HTML page the server renders itself: not framed by strangers, no referrer (the URL has codes), and a
 * policy that runs only the page's own script and style, marked with a nonce made for this answer.
 */
export function sendHostedPage(
  reply: FastifyReply,
  html: (nonce: string) => string,
  frameAncestors: string[] = [],
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const ancestors = frameAncestors.length ? frameAncestors.join(' ') : "'none'";
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; ` +
        `form-action 'none'; frame-ancestors ${ancestors}`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html(nonce));
}

/**
 * Sends an authorization response (RFC 6749 §4.1.2) to the client: in the query or the fragment of its redirect URI,
 * or, for `web_message`, as an HTML page that posts it to the client's registered origin only.
 */
export function sendAuthorizationResponse(
  reply: FastifyReply,
  opts: { mode: ResponseMode; redirectUri: string; params: Record<string, string>; origins: string[] },
): FastifyReply {
  if (opts.mode === 'web_message') {
    // The redirect URI's origin; without one, each allowed origin of the client: the browser delivers a message only
    // to a window on its target origin, so the framing app gets it and no other page does.
    const targets = opts.redirectUri ? [new URL(opts.redirectUri).origin] : opts.origins;
    // Plaza's SDK reads `{ type, response }`; the platform's SDK reads `code` and `state` at the top level.
    const message = JSON.stringify({ type: 'authorization_response', response: opts.params, ...opts.params }).replace(
      /</g,
      '\\u003c',
    );
    // This page posts to its framer or its opener, so it keeps its opener (an app may open it as a popup); every
    // other HTML answer is `same-origin` (http/security-headers.ts). It holds only the answer for the app's origin.
    return sendHostedPage(
      reply.header('cross-origin-opener-policy', 'unsafe-none'),
      (nonce) => `<!doctype html><meta charset="utf-8"><title>Signing in…</title><script nonce="${nonce}">
(function(){var m=${message};var t=window.parent!==window?window.parent:window.opener;
if(t){${JSON.stringify(targets)}.forEach(function(o){t.postMessage(m,o);});}})();
</script>`,
      opts.origins,
    );
  }
  const url = new URL(opts.redirectUri);
  const encoded = new URLSearchParams(opts.params);
  if (opts.mode === 'fragment') url.hash = encoded.toString();
  else for (const [k, v] of encoded) url.searchParams.set(k, v);
  return reply
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .redirect(url.toString(), 302);
}

/**
 * An error the client can't be told about safely (unknown client or redirect URI): shown to the person as a page,
 * or in the usual error shape to a caller that asks for JSON.
 */
export function sendErrorPage(reply: FastifyReply, status: number, title: string, detail: string): FastifyReply {
  if (String(reply.request.headers.accept ?? '').includes('application/json')) {
    return reply.status(status).send({
      message: `${title}: ${detail}`,
      details: { applicationError: { code: 'invalid_request', description: detail } },
    });
  }
  return sendHostedPage(
    reply.status(status),
    (nonce) => `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.25rem}</style>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`,
  );
}
