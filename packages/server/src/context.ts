import type { EventIdentity } from '@plaza/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Caller } from './http/caller.js';
import type { KeyStore } from './platform/oauth/keys.js';
import { countSql } from './lib/sql-count.js';
import { markTransaction } from './lib/tx-guard.js';

/**
 * What every service function gets first: the database (or the open transaction), who is calling,
 * the clock, the config and a logger. Plain data, no container.
 */
export interface Ctx {
  db: Db;
  caller: Caller;
  clock: () => Date;
  config: Config;
  log: FastifyBaseLogger;
  /** JWT signing keys of this server instance. */
  keys: KeyStore;
  /**
   * The caller's last `x-plaza-consistency` token (ms since epoch): data cached before it may predate the caller's
   * own write, so caches refetch (read-your-writes across nodes).
   */
  consistencyMs?: number;
  /** Who events name when the work runs apart from its request (a job started by the owner or an app). */
  actor?: EventIdentity;
}

/** Runs `fn` in one transaction; nested calls reuse the open one. */
export async function withTx<T>(ctx: Ctx, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  if ((ctx as TxCtx).inTx) return fn(ctx);
  countSql(2); // BEGIN and COMMIT (or ROLLBACK)
  return ctx.db.transaction(async (tx) =>
    markTransaction(() => fn({ ...ctx, db: tx as unknown as Db, inTx: true, rootDb: ctx.db } as TxCtx)),
  );
}

interface TxCtx extends Ctx {
  inTx: true;
  /** The handle the transaction was opened on (node-wide caches are kept per root handle). */
  rootDb: Db;
}

/** The handle a transaction was opened on (or `ctx.db` itself outside one): what node-wide caches are kept per. */
export const rootDbOf = (ctx: Ctx): Db => (inTransaction(ctx) ? (ctx as TxCtx).rootDb : ctx.db);

/** Whether `ctx.db` is an open transaction (whose reads must not fill shared caches). */
export const inTransaction = (ctx: Ctx): boolean => (ctx as TxCtx).inTx === true;
