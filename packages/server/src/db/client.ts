import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './lock.js';

export type Schema = typeof schema;
/** A database handle or an open transaction; both drivers share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a raw statement: `SELECT 1`, advisory locks, template copies. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite, for dumps in tests; undefined on PostgreSQL. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** A throwaway PGlite in memory, optionally started from a dumped data dir (tests). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client erroring (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      pool,
      ping: async () => void (await pool.query('SELECT 1')),
      close: () => pool.end(),
    };
  }

  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  let client: PGlite;
  try {
    client =
      target.kind === 'pglite'
        ? await PGlite.create({ dataDir: target.dataDir })
        : await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    ping: async () => void (await client.query('SELECT 1')),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
