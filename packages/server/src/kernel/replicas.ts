import pg from 'pg';
import { parseLsn } from './read-scope.js';

/** A token-bound read re-asks a replica how far it has replayed at most this often. */
const REPLAY_TTL_MS = 5;
/** How often a replica's lag (and the primary's position) is measured while reads come in. */
const LAG_TTL_MS = 250;
/** A replica that failed is left alone this long before it is tried again. */
const DOWN_RETRY_MS = 2000;
/** A replica that takes longer than this to say how far it is counts as down. */
const PROBE_TIMEOUT_MS = 1000;
/** Primary positions kept to measure lag; past this, every other one is dropped (same span, coarser). */
const MAX_SAMPLES = 1024;

export interface ReplicaStatus {
  /** 0-based position in DATABASE_REPLICA_URLS: metrics never show URLs. */
  index: number;
  up: boolean;
  /** How old the replica's data is: 0 when it has replayed all the primary had at the last look. */
  lagSeconds: number;
  pool: pg.Pool;
}

interface Replica {
  index: number;
  pool: pg.Pool;
  up: boolean;
  replayLsn: bigint;
  lagMs: number;
  /** When replayLsn / lagMs were last measured. */
  replayAt: number;
  lagAt: number;
  downUntil: number;
  probing?: Promise<void>;
}

export interface ReplicaSetOptions {
  urls: string[];
  poolSize: number;
  maxLagMs: number;
  /** Runs a statement on the primary, bypassing routing. */
  primaryQuery: (text: string) => Promise<pg.QueryResult>;
}

/**
 * The read replicas of one primary: which may take a read needing WAL position X, how far behind each is, and the
 * primary's current position after writes (for consistency tokens). Lag is measured on this node's own clock:
 * the primary's position is sampled over time, and a replica's lag is how long ago the primary first had something
 * the replica has not replayed yet (no clock comparison between machines).
 */
export class ReplicaSet {
  private readonly replicas: Replica[];
  private samples: Array<{ lsn: bigint; at: number }> = [];
  private turn = 0;
  private nextLsn: Promise<bigint> | undefined;

  constructor(private readonly opts: ReplicaSetOptions) {
    this.replicas = opts.urls.map((url, index) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: opts.poolSize,
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      });
      pool.on('error', () => {}); // an idle client dropped by a restarting replica; the pool replaces it
      return { index, pool, up: true, replayLsn: 0n, lagMs: 0, replayAt: 0, lagAt: 0, downUntil: 0 };
    });
  }

  /**
   * Runs a read on an eligible replica (round-robin), else on the primary. Eligible: up, within the lag bound and,
   * when the caller needs it, replayed up to `minLsn`. A replica that fails the read is marked down for a while
   * and the read runs on the primary instead, so a replica never fails a request.
   */
  async read<T>(
    need: { minLsn?: bigint; tokenMs?: number },
    onReplica: (pool: pg.Pool) => Promise<T>,
    onPrimary: () => Promise<T>,
  ): Promise<T> {
    // A token without a WAL position (from a node without replicas): only a write older than the bound is surely in.
    const recent = need.minLsn === undefined && need.tokenMs !== undefined;
    if (recent && Date.now() - need.tokenMs! < this.opts.maxLagMs) return onPrimary();
    const start = this.turn++ % this.replicas.length;
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(start + i) % this.replicas.length]!;
      if (!(await this.eligible(replica, need.minLsn))) continue;
      try {
        return await onReplica(replica.pool);
      } catch (error) {
        if (isConnectionError(error)) this.markDown(replica);
        break; // a read that failed on a replica (down, or cancelled by recovery) is retried once, on the primary
      }
    }
    return onPrimary();
  }

  /**
   * The primary's WAL position now. Callers that ask together share one statement, sent after they all asked: a
   * write that committed before asking is at or before the answer.
   */
  currentLsn(): Promise<bigint> {
    this.nextLsn ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.nextLsn = undefined;
      return this.samplePrimary();
    });
    return this.nextLsn;
  }

  /** Every replica measured now (for a metrics scrape). */
  async status(): Promise<ReplicaStatus[]> {
    await Promise.all(this.replicas.map((r) => this.probe(r, true).catch(() => {})));
    return this.replicas.map((r) => ({ index: r.index, up: r.up, lagSeconds: r.lagMs / 1000, pool: r.pool }));
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }

  private async eligible(replica: Replica, minLsn: bigint | undefined): Promise<boolean> {
    const now = Date.now();
    if (now < replica.downUntil) return false;
    // A probe that fails has marked the replica down; the read goes elsewhere.
    if (!replica.up || now - replica.lagAt > LAG_TTL_MS) await this.probe(replica, true).catch(() => {});
    else if (minLsn !== undefined && replica.replayLsn < minLsn && now - replica.replayAt > REPLAY_TTL_MS) {
      await this.probe(replica, false).catch(() => {});
    }
    if (!replica.up || replica.lagMs > this.opts.maxLagMs) return false;
    return minLsn === undefined || replica.replayLsn >= minLsn;
  }

  /** Asks the replica how far it has replayed (and, with `lag`, the primary where it is); one at a time. */
  private probe(replica: Replica, lag: boolean): Promise<void> {
    replica.probing ??= this.measure(replica, lag).finally(() => (replica.probing = undefined));
    return replica.probing;
  }

  private async measure(replica: Replica, lag: boolean): Promise<void> {
    const asked = Date.now();
    try {
      const [replay] = await Promise.all([
        withTimeout(replica.pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn')),
        lag ? this.samplePrimary() : undefined,
      ]);
      const lsn = parseLsn(replay.rows[0]?.lsn ?? '');
      if (lsn === undefined) throw new Error('not a streaming replica (pg_last_wal_replay_lsn() is null)');
      Object.assign(replica, { up: true, replayLsn: lsn, replayAt: asked });
      if (lag) Object.assign(replica, { lagMs: this.lagOf(lsn, asked), lagAt: asked });
    } catch (error) {
      this.markDown(replica);
      throw error;
    }
  }

  private markDown(replica: Replica): void {
    replica.up = false;
    replica.downUntil = Date.now() + DOWN_RETRY_MS;
  }

  private async samplePrimary(): Promise<bigint> {
    const at = Date.now();
    const res = await this.opts.primaryQuery('SELECT pg_current_wal_lsn()::text AS lsn');
    const lsn = parseLsn((res.rows[0] as { lsn: string }).lsn)!;
    const last = this.samples.at(-1);
    if (!last || lsn > last.lsn) this.samples.push({ lsn, at });
    this.prune();
    return lsn;
  }

  /** How long ago the primary first had a position past `replay`: 0 if the replica has all it had when last seen. */
  private lagOf(replay: bigint, now: number): number {
    const missing = this.samples.find((s) => s.lsn > replay);
    return missing ? Math.max(0, now - missing.at) : 0;
  }

  /** Keeps the samples some replica may still be behind, and the newest one every replica has passed. */
  private prune(): void {
    const oldest = this.replicas.reduce((min, r) => (r.replayLsn < min ? r.replayLsn : min), this.samples.at(-1)!.lsn);
    let drop = 0;
    while (drop < this.samples.length - 1 && this.samples[drop + 1]!.lsn <= oldest) drop++;
    if (drop) this.samples.splice(0, drop);
    if (this.samples.length > MAX_SAMPLES) {
      this.samples = this.samples.filter((_, i) => i % 2 === 0 || i === this.samples.length - 1);
    }
  }
}

/** Not an answer from the server (refused, reset, timed out) or a connection/shutdown/resource class error. */
function isConnectionError(error: unknown): boolean {
  return !(error instanceof pg.DatabaseError) || /^(08|53|57|58)/.test(error.code ?? '');
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('replica probe timed out')), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
