import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '@plaza/contracts';
import type { Config } from '../../config/index.js';
import type { App } from '../../http/types.js';
import { WEB_CLIENT_ID } from '../oauth/index.js';
import { newNonce, pageHeaders } from './page-headers.js';

/** API paths that are pages too when a browser asks for one: the GraphQL explorer (the GraphQL route hands these over). */
const API_PAGES = /^\/graphql\/[^/?]+$/;

/**
 * Serves the built web app (apps/web/dist) when it exists. Unknown non-API GETs get index.html (client-side routing),
 * with the runtime config inlined so the app starts without an extra request. Assets are sent precompressed (the
 * build writes .br and .gz next to them) by the browser's Accept-Encoding.
 * Returns the SPA fallback for the not-found handler.
 */
export async function registerWebApp(
  app: App,
  config: Config,
): Promise<(req: FastifyRequest, reply: FastifyReply) => boolean> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!config.webDistDir || !fs.existsSync(indexPath)) return () => false;

  const runtimeConfig = JSON.stringify({ clientId: WEB_CLIENT_ID, baseUrl: '' }).replace(/</g, '\\u003c');
  const [head, tail = ''] = fs.readFileSync(indexPath, 'utf8').split('<!--plaza-config-->');
  // The nonce lets this one inline script (and the captcha's style element) past the page's CSP.
  const pageHtml = (nonce: string) =>
    `${head}<meta name="csp-nonce" content="${nonce}"><script nonce="${nonce}">window.__PLAZA__=${runtimeConfig}</script>${tail}`;

  await app.register(fastifyStatic, {
    root: path.join(config.webDistDir, 'assets'),
    prefix: '/assets/',
    // Vite puts a content hash in every asset name, so they can be cached for good.
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    decorateReply: false,
  });
  // The answer depends on Accept-Encoding: caches must keep the copies apart.
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/assets/')) return;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  });
  // Other files of the dist (favicon, robots.txt, the demo catalog's images under /demo/).
  for (const file of fs.readdirSync(config.webDistDir, { recursive: true }).map(String)) {
    if (file === 'index.html' || file.split(path.sep)[0] === 'assets' || /\.(br|gz)$/.test(file)) continue;
    const full = path.join(config.webDistDir, file);
    if (!fs.statSync(full).isFile()) continue;
    const body = fs.readFileSync(full);
    app.get(
      `/${file.split(path.sep).join('/')}`,
      { config: { access: 'public' }, schema: { hide: true } },
      async (_req, reply) => reply.type(contentType(file)).header('cache-control', 'public, max-age=3600').send(body),
    );
  }

  return (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const p = req.url.split('?')[0] ?? '/';
    const apiOnly = isApiPath(p) && !API_PAGES.test(p);
    if (apiOnly || p.startsWith('/assets/') || !wantsPage(req.headers.accept)) return false;
    const canonical = canonicalUrl(req, config);
    if (canonical) {
      reply.redirect(canonical, 307);
      return true;
    }
    const nonce = newNonce();
    reply
      .headers(pageHeaders(p, nonce))
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(pageHtml(nonce));
    return true;
  };
}

/**
 * A page is wanted unless the Accept header names neither HTML nor "anything": browsers send text/html; curl, uptime
 * checkers and link previews send * / * or nothing. A fetch for JSON keeps getting the JSON 404.
 */
function wantsPage(accept: string | undefined): boolean {
  if (!accept) return true;
  return /(^|,)\s*(text\/html|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

/**
 * Where to send a browser that opened the app on another host than PLAZA_PUBLIC_URL (127.0.0.1, a network address):
 * sign-in redirects, cookies and CORS are all set up for the public address. Behind a proxy we cannot tell what the
 * browser used unless the proxy is trusted (then Fastify reads X-Forwarded-Host), so no redirect there.
 */
function canonicalUrl(req: FastifyRequest, config: Config): string | undefined {
  const forwarded = req.headers['x-forwarded-host'] ?? req.headers['x-forwarded-for'] ?? req.headers.forwarded;
  if (forwarded !== undefined && !config.trustProxy) return undefined;
  const publicUrl = new URL(config.publicUrl);
  if (req.host.toLowerCase() === publicUrl.host) return undefined;
  return `${publicUrl.origin}${publicUrl.pathname.replace(/\/$/, '')}${req.url}`;
}

function contentType(file: string): string {
  const ext = path.extname(file);
  return (
    {
      '.svg': 'image/svg+xml',
      '.ico': 'image/x-icon',
      '.png': 'image/png',
      '.txt': 'text/plain',
      '.json': 'application/json',
      '.webmanifest': 'application/manifest+json',
    }[ext] ?? 'application/octet-stream'
  );
}
