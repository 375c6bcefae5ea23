import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Config } from '../config/index.js';
import { openDatabase, type Database } from '../kernel/db.js';
import { migrationsFolder, runMigrations } from '../db/migrate.js';
import { KeyStore } from '../platform/oauth/keys.js';
import { seed } from '../seed.js';

/** The seeded owner's password in every test database (the template is seeded once, with this). */
export const TEST_OWNER_PASSWORD = 'owner-test-password';

/** Changes whenever a migration or the server code that seeds changes, so a stale template is never reused. */
function migrationsHash(): string {
  const h = createHash('sha256');
  const dir = migrationsFolder();
  for (const f of fs.readdirSync(dir).sort()) if (f.endsWith('.sql')) h.update(fs.readFileSync(path.join(dir, f)));
  h.update(fs.readFileSync(path.join(dir, 'meta', '_journal.json')));
  const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  for (const f of (fs.readdirSync(src, { recursive: true }) as string[]).sort()) {
    if (f.endsWith('.ts') && !f.endsWith('.test.ts')) h.update(fs.readFileSync(path.join(src, f)));
  }
  return h.digest('hex').slice(0, 12);
}

async function prepare(database: Database, config: Config): Promise<void> {
  await runMigrations(database);
  await seed(database, config, { ownerPassword: TEST_OWNER_PASSWORD });
  await new KeyStore(database.db).init();
}

/**
 * A fresh, migrated and seeded database for one test server. Migrating takes seconds, so it happens once per
 * run into a template: a dumped PGlite data dir (loaded in ~0.4 s) or a PostgreSQL template database
 * (`CREATE DATABASE … TEMPLATE`), when TEST_DATABASE_URL is set.
 */
export async function freshTestDatabase(config: Config, baseUrl?: string): Promise<Database> {
  const url = baseUrl ?? process.env.TEST_DATABASE_URL;
  return url ? freshPostgres(url, config) : freshPglite(config);
}

async function freshPglite(config: Config): Promise<Database> {
  const file = path.join(os.tmpdir(), 'plaza-test-templates', `pglite-${migrationsHash()}.tar.gz`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ kind: 'pglite-memory' });
    await prepare(database, config);
    const dump = await database.pglite!.dumpDataDir('gzip');
    await database.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Write then rename: parallel test workers may race here, and a half-written template must never be read.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([fs.readFileSync(file)]) });
}

const TEMPLATE_LOCK = 72_114_002;
/** A whole test run takes well under this; older templates of other code are dropped. */
const STALE_TEMPLATE_MS = 3 * 3_600_000;

async function freshPostgres(baseUrl: string, config: Config): Promise<Database> {
  const template = `plaza_tpl_${migrationsHash()}`;
  const name = `plaza_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // One worker builds the template; CREATE DATABASE … TEMPLATE also needs the template to be idle, so serialize.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!rowCount) {
        // Templates of older code are of no more use, once no run can still be using them: another checkout of the
        // repo (a CI clone next to a working copy) may be testing against its own template right now.
        const old = await admin.query(
          `SELECT datname FROM pg_database WHERE datname LIKE 'plaza_tpl_%'
             AND coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $1`,
          [Date.now() - STALE_TEMPLATE_MS],
        );
        for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${template}"`);
        await admin.query(`COMMENT ON DATABASE "${template}" IS '${Date.now()}'`);
        const database = await openDatabase({ kind: 'postgres', url: withDatabase(baseUrl, template), poolSize: 2 });
        try {
          await prepare(database, config);
        } catch (e) {
          await database.close();
          await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
          throw e;
        }
        await database.close();
      }
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
  // Replicas (DATABASE_REPLICA_URLS naming servers only) stream the new database too: read it there.
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(baseUrl, name),
    poolSize: 10,
    replicaUrls: config.replicaUrls.map((url) => withDatabase(url, name)),
    replicaMaxLagMs: config.replicaMaxLagMs,
  });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => c.end());
  };
  return database;
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
