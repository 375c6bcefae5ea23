import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@plaza/contracts';
import type { Ctx } from '../kernel/context.js';
import { startSession } from '../platform/identity/sessions.service.js';
import { identities } from '../platform/identity/tables.js';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type Db } from '../kernel/db.js';
import * as schema from '../db/schema.js';
import type { App } from '../http/types.js';
import { createApiKey } from '../platform/apps/api-keys.service.js';
import { DEMO_OWNER_EMAIL } from '../platform/members/owner.js';
import { ensureWebClient, WEB_CLIENT_ID } from '../platform/oauth/web-client.js';
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
  /**
   * A new sign-in session for the identity with this e-mail (default: the owner) and its single-use sessionToken,
   * as a finished login would produce.
   */
  signIn(email?: string): Promise<{ identityId: string; sessionId: string; sessionToken: string }>;
  /** A service context for calling services directly in tests (caller: none). */
  ctx(): Ctx;
  /**
   * A second server on the same database, as another node behind a load balancer would be: its own process
   * state (caches, keys in memory), shared data.
   */
  secondNode(): Promise<{ url: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a random port over a fresh, migrated and seeded database
 * (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). No part of the server is mocked.
 */
export async function startTestServer(
  /** `databaseUrl`: the PostgreSQL server to make the database on, instead of TEST_DATABASE_URL's. */
  opts: { clock?: () => Date; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestServer> {
  // Tests play a loopback reverse proxy: X-Forwarded-For from 127.0.0.1 names the client (per-address limits).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PLAZA_WEB_DIST: '',
    PLAZA_TRUST_PROXY: '127.0.0.1',
    // Jobs queued by a test start at once; due ones (a later sendDate) are found within 50 ms.
    PLAZA_JOB_POLL_MS: '50',
    // Each server's media bytes in their own temporary folder, removed on close.
    PLAZA_MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'plaza-media-')),
    // Payment keys are sealed with it; a fresh one per server, as nothing outlives a test.
    PLAZA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...opts.env,
  });
  const database = await freshTestDatabase(config, opts.databaseUrl);
  const app = await buildApp({ config, database, ...(opts.clock ? { clock: opts.clock } : {}) });
  app.addHook('onClose', async () => {
    await database.close();
    rmSync(config.media.dir, { recursive: true, force: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Tokens name the issuer; make it this server's real address.
  config.publicUrl = url;
  await ensureWebClient(database.db, url);

  const ctx = (): Ctx => ({
    db: database.db,
    caller: { type: 'NONE' },
    clock: opts.clock ?? (() => new Date()),
    config,
    log: app.log,
    keys: app.keys,
  });

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
    signIn: async (email = DEMO_OWNER_EMAIL) => {
      const [identity] = await database.db
        .select({ id: identities.id })
        .from(identities)
        .where(sql`lower(${identities.email}) = lower(${email})`);
      if (!identity) throw new Error(`no identity ${email}`);
      const started = await startSession(ctx(), { identityId: identity.id, amr: ['pwd'] });
      return { identityId: identity.id, ...started };
    },
    ctx,
    secondNode: async () => {
      const other: Database = database.pglite
        ? { ...database, db: drizzlePglite(database.pglite, { schema }) as unknown as Db, close: async () => {} }
        : await openDatabase({
            kind: 'postgres',
            url: (database.pool!.options as { connectionString: string }).connectionString,
            poolSize: 5,
          });
      const node = await buildApp({ config: { ...config }, database: other });
      node.addHook('onClose', async () => other.close());
      await node.listen({ port: 0, host: '127.0.0.1' });
      const addr = node.server.address();
      return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => node.close() };
    },
    close: () => app.close(),
  };
}
