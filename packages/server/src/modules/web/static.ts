import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '@plaza/contracts';
import type { Config } from '../../config.js';
import type { App } from '../../http/types.js';
import { WEB_CLIENT_ID } from './client.js';

/**
 * Serves the built web app (apps/web/dist) when it exists. Unknown non-API GETs that accept HTML get index.html
 * (client-side routing), with the runtime config inlined so the app starts without an extra request.
 * Returns the SPA fallback for the not-found handler.
 */
export async function registerWebApp(
  app: App,
  config: Config,
): Promise<(req: FastifyRequest, reply: FastifyReply) => boolean> {
  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!config.webDistDir || !fs.existsSync(indexPath)) return () => false;

  const runtimeConfig = JSON.stringify({ clientId: WEB_CLIENT_ID, baseUrl: '' }).replace(/</g, '\\u003c');
  const html = fs
    .readFileSync(indexPath, 'utf8')
    .replace('<!--plaza-config-->', `<script>window.__PLAZA__=${runtimeConfig}</script>`);

  await app.register(fastifyStatic, {
    root: path.join(config.webDistDir, 'assets'),
    prefix: '/assets/',
    // Vite puts a content hash in every asset name, so they can be cached for good.
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  });
  // Other files at the dist root (favicon, robots.txt).
  for (const file of fs.readdirSync(config.webDistDir)) {
    if (file === 'index.html' || file === 'assets') continue;
    const full = path.join(config.webDistDir, file);
    if (!fs.statSync(full).isFile()) continue;
    const body = fs.readFileSync(full);
    app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
      reply.type(contentType(file)).header('cache-control', 'public, max-age=3600').send(body),
    );
  }

  return (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const p = req.url.split('?')[0] ?? '/';
    if (isApiPath(p) || p.startsWith('/assets/')) return false;
    if (!String(req.headers.accept ?? '').includes('text/html')) return false;
    if (p.startsWith('/auth/')) {
      // Hosted sign-in pages: never framed by other sites (clickjacking), and the URL (codes, tokens) never leaks
      // as a referrer. The silent-callback page may be framed by the app itself.
      const ancestors = p.startsWith('/auth/silent-callback') ? "'self'" : "'none'";
      reply.header('content-security-policy', `frame-ancestors ${ancestors}`).header('referrer-policy', 'no-referrer');
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return true;
  };
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
