import cors from '@fastify/cors';
import { CONSISTENCY_HEADER, REQUEST_ID_HEADER } from '@plaza/contracts';
import type { Config } from '../config/index.js';
import type { App } from './types.js';

/** The allowed origins of every registered OAuth client (oauth owns them; app.ts passes the look-up in). */
export type ClientOrigins = () => Promise<ReadonlySet<string>>;

/**
 * Whether a browser on `origin` may read the API's answers: the server's own address, the Vite dev server, an origin
 * listed in PLAZA_CORS_ORIGINS, or an allowed origin of a registered OAuth client. Compared as exact strings, so
 * `null`, other ports and look-alikes (`http://localhost:3000.evil.example`) never match.
 */
export async function isAllowedOrigin(config: Config, clientOrigins: ClientOrigins, origin: string): Promise<boolean> {
  if (origin === new URL(config.publicUrl).origin || origin === config.devWebOrigin) return true;
  if (config.corsOrigins.includes(origin)) return true;
  return (await clientOrigins()).has(origin);
}

/**
 * CORS by allow-list. An origin that is not allowed gets no CORS headers at all: its browser can neither read an
 * answer nor pass a preflight (the OPTIONS request falls through to the 404/405 handler). Requests without an
 * Origin (servers, scripts) and same-origin page requests are unaffected: they need no CORS headers.
 */
export async function registerCors(app: App, config: Config, clientOrigins: ClientOrigins): Promise<void> {
  await app.register(cors, {
    origin: async (origin: string | undefined) =>
      origin !== undefined && (await isAllowedOrigin(config, clientOrigins, origin)) ? origin : false,
    credentials: false,
    exposedHeaders: [REQUEST_ID_HEADER, CONSISTENCY_HEADER, 'retry-after'],
    maxAge: 600,
  });
}
