import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '../kernel/db.js';
import { rowsOf } from '../lib/rows.js';
import type pg from 'pg';

/** The committed SQL migrations, found from both src/db (tests, dev) and dist (built server). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('SQL migrations folder (packages/server/drizzle) not found');
}

/** Arbitrary constant: serializes start-up work (migrations, seeding) when several nodes start on one PostgreSQL. */
const STARTUP_LOCK_KEY = 72_114_001;

/**
 * Runs `fn` while holding the start-up advisory lock on PostgreSQL (a session lock on a connection of its own), so
 * nodes starting together on an empty database migrate and seed one after the other. PGlite has one process.
 */
export async function withStartupLock<T>(database: Database, fn: (client?: pg.PoolClient) => Promise<T>): Promise<T> {
  if (database.driver === 'pglite') return fn();
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  await withStartupLock(database, async (client) => {
    if (client) await migratePg(drizzlePg(client), { migrationsFolder: folder });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  });
}

let journal: { tag: string; when: number }[] | undefined;

/** The committed migrations in order: their tags and the times Drizzle records when applying them. */
export function migrationJournal(): { tag: string; when: number }[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;
  return journal;
}

/**
 * The migrations this database has not applied yet, by tag (`/ready`). Drizzle records each applied migration with
 * its journal time, and applies them in order, so those after the newest recorded time are the pending ones.
 */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const journal = migrationJournal();
  let newest = -1;
  try {
    const result = await database.db.execute(
      sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
    );
    const value = rowsOf<{ newest: string | null }>(result)[0]?.newest ?? null;
    newest = value === null ? -1 : Number(value);
  } catch {
    // No migrations table yet: nothing is applied.
  }
  return journal.filter((m) => m.when > newest).map((m) => m.tag);
}
