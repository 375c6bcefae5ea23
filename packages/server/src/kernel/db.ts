import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { countSql } from './sql-count.js';
import type { ReplicaSet } from './replicas.js';
import { RoutingPool } from './routing-pool.js';

/** Drizzle tells its logger about every statement it sends: the per-request count (sql-count.ts). */
const sqlCounter = {
  // node-postgres transactions send BEGIN/COMMIT through Drizzle (PGlite's do not): withTx counts those itself.
  logQuery: (query: string) => void (/^(begin|commit|rollback)\b/i.test(query) || countSql(1, query)),
};

/**
 * A database handle or an open transaction; both drivers share this type. Without Drizzle's relational `db.query`
 * API (unused): given the schema, Drizzle builds a query builder per table for every transaction it opens.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a raw statement: `SELECT 1`, advisory locks, template copies. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying PGlite, for dumps in tests; undefined on PostgreSQL. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** DATABASE_REPLICA_URLS: the read replicas, their lag, and the primary's WAL position for consistency tokens. */
  replicas?: ReplicaSet;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; replicaUrls?: string[]; replicaMaxLagMs?: number }
  | { kind: 'pglite'; dataDir: string }
  /** A throwaway PGlite in memory, optionally started from a dumped data dir (tests). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const config = { connectionString: target.url, max: target.poolSize ?? 10 };
    const replicaUrls = target.replicaUrls ?? [];
    const pool = replicaUrls.length
      ? new RoutingPool(config, { urls: replicaUrls, maxLagMs: target.replicaMaxLagMs ?? 5000 })
      : new pg.Pool(config);
    // An idle client erroring (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { logger: sqlCounter }) as unknown as Db;
    // The probes are about the primary, whatever request they answer.
    const ping = pool instanceof RoutingPool ? () => pool.primaryQuery('SELECT 1') : () => pool.query('SELECT 1');
    return {
      db,
      driver: 'postgres',
      pool,
      ...(pool instanceof RoutingPool ? { replicas: pool.replicas } : {}),
      ping: async () => void (await ping()),
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
  trimParsers(client);
  const db = drizzlePglite(client, { logger: sqlCounter }) as unknown as Db;
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

/** Array type OIDs (pg_type.typarray) of the scalar types we keep parsers for. */
const ARRAY_OIDS = [1000, 1005, 1007, 1016, 1009, 1015, 1021, 1022, 1231, 199, 3807, 2951, 1185, 1115, 1182, 1001];

/**
 * PGlite copies its whole parser table (over 300 types) on every query; measured here, that is ~40% of a simple
 * query's cost. Keep the parsers of the types our tables use (and their arrays): add one here before using a column
 * type not listed (types without a parser come back as strings).
 */
function trimParsers(client: PGlite): void {
  const keep = [
    types.BOOL,
    types.BYTEA,
    types.INT2,
    types.INT4,
    types.INT8,
    types.OID,
    types.FLOAT4,
    types.FLOAT8,
    types.NUMERIC,
    types.JSON,
    types.JSONB,
    types.DATE,
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    ...ARRAY_OIDS,
  ];
  const all = client.parsers as Record<number, (value: string, typeId?: number) => unknown>;
  client.parsers = Object.fromEntries(keep.filter((oid) => all[oid]).map((oid) => [oid, all[oid]!]));
}
