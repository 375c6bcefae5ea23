import cors from '@fastify/cors';
import { CONSISTENCY_HEADER, REQUEST_ID_HEADER } from '@plaza/contracts';
import type { Config } from '../config/index.js';
import type { Ctx } from '../kernel/context.js';
import type { Db } from '../kernel/db.js';
import { allClientOrigins } from '../platform/oauth/clients.service.js';
import type { App } from './types.js';

/**
 * Whether a browser on `origin` may read the API's answers: the server's own address, the Vite dev server, an origin
 * listed in PLAZA_CORS_ORIGINS, or an allowed origin of a registered OAuth client. Compared as exact strings, so
 * `null`, other ports and look-alikes (`http://localhost:3000.evil.example`) never match.
 */
export async function isAllowedOrigin(db: Db, config: Config, origin: string): Promise<boolean> {
  if (origin === new URL(config.publicUrl).origin || origin === config.devWebOrigin) return true;
  if (config.corsOrigins.includes(origin)) return true;
  // Only the read cache's own fields are used; this runs before a request has its context.
  return (await allClientOrigins({ db } as Ctx)).has(origin);
}

/**
 * CORS by allow-list. An origin that is not allowed gets no CORS headers at all: its browser can neither read an
 * answer nor pass a preflight (the OPTIONS request falls through to the 404/405 handler). Requests without an
 * Origin (servers, scripts) and same-origin page requests are unaffected: they need no CORS headers.
 */
export async function registerCors(app: App, db: Db, config: Config): Promise<void> {
  await app.register(cors, {
    origin: async (origin: string | undefined) =>
      origin !== undefined && (await isAllowedOrigin(db, config, origin)) ? origin : false,
    credentials: false,
    exposedHeaders: [REQUEST_ID_HEADER, CONSISTENCY_HEADER, 'retry-after'],
    maxAge: 600,
  });
}
