import pg from 'pg';
import { currentReadScope, isReadOnlyStatement } from './read-scope.js';
import { ReplicaSet } from './replicas.js';

type QueryArgs = Parameters<pg.Pool['query']>;
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The primary's pool, sending reads of GET/HEAD requests to a replica when one may answer. Drizzle's node-postgres
 * driver treats a `pg.Pool` as a pool (`query()` per statement, `connect()` for a transaction), so this stays one:
 * - `query()` outside a read scope (jobs, CLI, writes) or of a statement that may write goes to the primary; such a
 *   statement also makes the rest of the request read the primary (a GET that writes sees its own write);
 * - a read in an open scope goes to an eligible replica (read-scope.ts, replicas.ts) or the primary;
 * - `connect()` by a caller (a transaction) is always the primary, and ends the request's replica reads.
 */
export class RoutingPool extends pg.Pool {
  readonly replicas: ReplicaSet;

  constructor(config: pg.PoolConfig, replica: { urls: string[]; maxLagMs: number }) {
    super(config);
    this.replicas = new ReplicaSet({
      urls: replica.urls,
      poolSize: config.max ?? 10,
      maxLagMs: replica.maxLagMs,
      primaryQuery: (text) => this.primaryQuery(text),
    });
    // pg.Pool's query() is a set of overloads; routing forwards whichever form it was called with.
    this.query = this.route.bind(this) as pg.Pool['query'];
  }

  /** A statement on the primary whatever the scope (pings, WAL positions). */
  primaryQuery(text: string): Promise<pg.QueryResult> {
    return (pg.Pool.prototype.query as (text: string) => Promise<pg.QueryResult>).call(this, text);
  }

  private route(...args: QueryArgs): Promise<unknown> {
    const scope = currentReadScope();
    const [first, , callback] = args as unknown[];
    const primary = () => (pg.Pool.prototype.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    if (!scope || scope.primaryOnly || typeof callback === 'function' || typeof args[1] === 'function') {
      return primary();
    }
    const text = typeof first === 'string' ? first : (first as { text?: string }).text;
    if (!text || !isReadOnlyStatement(text)) {
      scope.primaryOnly = true;
      return primary();
    }
    return this.replicas.read(scope, (pool) => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args), primary);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    // pg-pool's own query() connects with a callback; a caller without one holds a client for a transaction.
    const scope = currentReadScope();
    if (scope) scope.primaryOnly = true;
    return super.connect();
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.replicas.close()]);
  }
}
