import type { Config } from './config/index.js';
import { openDatabase, type Database } from './kernel/db.js';
import { runMigrations } from './db/migrate.js';
import { buildApp } from './app.js';
import { wireModules } from './module-wiring.js';
import type { App } from './http/types.js';
import { listenOnIpv6Loopback } from './http/loopback.js';
import { seed, type SeedResult } from './seed.js';

export function databaseTarget(config: Config) {
  return config.databaseUrl
    ? ({
        kind: 'postgres',
        url: config.databaseUrl,
        replicaUrls: config.replicaUrls,
        replicaMaxLagMs: config.replicaMaxLagMs,
      } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
}

/** Opens the configured database and brings its schema up to date. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(databaseTarget(config));
  try {
    await runMigrations(database);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

export interface RunningServer {
  app: App;
  url: string;
  seedResult: SeedResult;
  close(): Promise<void>;
}

/** Migrates, seeds, builds and listens. `close()` drains in-flight requests, then closes the database. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openMigratedDatabase(config);
  let app: App | undefined;
  try {
    // The demo data is written through the modules' services: their hooks answer from the start.
    wireModules();
    const seedResult = await seed(database, config, {
      demo: true,
      ...(config.devWebOrigin ? { devOrigins: [config.devWebOrigin] } : {}),
    });
    app = await buildApp({ config, database });
    app.addHook('onClose', async () => database.close());
    let ipv6Loopback: { close(): void } | undefined;
    // Stop taking connections on [::1] when the main listener stops; the ones it took drain with the rest.
    app.addHook('preClose', async () => {
      ipv6Loopback?.close();
    });
    const loopbacks = config.host === 'localhost';
    await app.listen({ port: config.port, host: loopbacks ? '127.0.0.1' : config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    if (loopbacks) ipv6Loopback = await listenOnIpv6Loopback(app, port);
    return { app, url: `http://localhost:${port}`, seedResult, close: () => app!.close() };
  } catch (e) {
    if (app) await app.close();
    else await database.close();
    throw e;
  }
}
