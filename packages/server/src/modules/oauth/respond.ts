import type { FastifyReply } from 'fastify';

export type ResponseMode = 'query' | 'fragment' | 'web_message';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Headers of every HTML page the server renders: not framed by strangers, no referrer (the URL has codes). */
export function hostedPageHeaders(reply: FastifyReply, frameAncestors: string[] = []): FastifyReply {
  const ancestors = frameAncestors.length ? frameAncestors.join(' ') : "'none'";
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors ${ancestors}`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
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
    const targetOrigin = new URL(opts.redirectUri).origin;
    const message = JSON.stringify({ type: 'authorization_response', response: opts.params }).replace(/</g, '\\u003c');
    const html = `<!doctype html><meta charset="utf-8"><title>Signing in…</title><script>
(function(){var m=${message};var t=window.parent!==window?window.parent:window.opener;
if(t){t.postMessage(m,${JSON.stringify(targetOrigin)});}})();
</script>`;
    return hostedPageHeaders(reply, opts.origins).type('text/html; charset=utf-8').send(html);
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
  const html = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.25rem}</style>
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`;
  return hostedPageHeaders(reply).status(status).type('text/html; charset=utf-8').send(html);
}
