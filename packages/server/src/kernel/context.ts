import type { EventIdentity } from '@plaza/contracts';
import type { JsonWebKey } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/index.js';
import type { Db } from './db.js';
import type { Caller } from './caller.js';
import { countSql } from './sql-count.js';
import { markTransaction } from './tx-guard.js';

export type JwtClaims = Record<string, unknown> & {
  iss?: string;
  sub?: string;
  aud?: string;
  exp?: number;
  iat?: number;
};

/** The server's JWT keys and derived secrets as services use them; platform/oauth/keys.ts keeps them. */
export interface SigningKeys {
  /** Signs an access token (`typ: at+jwt`) or, with `typ: 'JWT'` and an audience, an ID token. */
  sign(
    claims: JwtClaims,
    opts: { issuer: string; subject: string; expiresInSeconds: number; typ?: 'at+jwt' | 'JWT'; audience?: string },
  ): Promise<string>;
  verify(token: string, issuer: string): Promise<JwtClaims>;
  /** A secret derived for one purpose (HMACs of cursors, cookies, state). */
  secret(purpose: string): Buffer;
  jwks(): Promise<{ keys: JsonWebKey[] }>;
}

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
  keys: SigningKeys;
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
    markTransaction(() => fn({ ...ctx, db: tx, inTx: true, rootDb: ctx.db } as TxCtx)),
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
