import type { ApiKeyScope } from '@plaza/contracts';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { App } from '../http/types.js';
import { createApiKey } from '../modules/apps/api-keys.service.js';
import { DEMO_OWNER_EMAIL } from '../modules/identity/owner.js';
import { ensureWebClient, WEB_CLIENT_ID } from '../modules/web/client.js';
import { freshTestDatabase, TEST_OWNER_PASSWORD } from './template-db.js';

export interface TestServer {
  /** Base URL of the real HTTP server, e.g. http://127.0.0.1:54321 */
  url: string;
  /** The seeded web app's OAuth client id. */
  clientId: string;
  owner: { email: string; password: string };
  app: App;
  database: Database;
  config: Config;
  /** Creates an API key with these scopes and returns the key itself. */
  createApiKey(scopes: ApiKeyScope[], name?: string): Promise<string>;
  /** A fresh visitor access token from the real token endpoint. */
  visitorToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a random port over a fresh, migrated and seeded database
 * (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). No part of the server is mocked.
 */
export async function startTestServer(
  opts: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PLAZA_WEB_DIST: '',
    ...opts.env,
  });
  const database = await freshTestDatabase(config);
  const app = await buildApp({ config, database, ...(opts.clock ? { clock: opts.clock } : {}) });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Tokens name the issuer; make it this server's real address.
  config.publicUrl = url;
  await ensureWebClient(database.db, url);

  return {
    url,
    clientId: WEB_CLIENT_ID,
    owner: { email: DEMO_OWNER_EMAIL, password: TEST_OWNER_PASSWORD },
    app,
    database,
    config,
    createApiKey: async (scopes, name = 'test key') => (await createApiKey(database, { name, scopes })).key,
    visitorToken: async () => {
      const res = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grantType: 'anonymous', clientId: WEB_CLIENT_ID }),
      });
      if (!res.ok) throw new Error(`visitor token: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    close: () => app.close(),
  };
}
