import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Ctx } from '../../kernel/context.js';
import type { Database } from '../../kernel/db.js';

/** What the modules report when metrics are scraped; each reads its own tables (or counters) behind its face. */
export interface MetricSources {
  jobs(ctx: Ctx): Promise<{ queued: number; running: number; failed: number }>;
  webhooks(ctx: Ctx): Promise<{ pending: number; failed: number }>;
  orders(ctx: Ctx): { placed: number; placementsFailed: number; paymentsDeclined: number };
}

/** One app's metrics: its own registry, so several servers in one process (tests) never mix their numbers. */
export interface Metrics {
  /** Records one answered request; called from the request log's onResponse hook, so it must stay cheap. */
  observe(req: FastifyRequest, reply: FastifyReply): void;
  /** The Prometheus text exposition, after reading the modules' figures. */
  scrape(ctx: Ctx, sources: MetricSources): Promise<string>;
  readonly contentType: string;
}

/** Seconds; from a cached storefront read to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Database): Metrics {
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  collectDefaultMetrics({ register: registry, prefix: 'plaza_' });

  const requests = new Histogram({
    name: 'plaza_http_request_duration_seconds',
    help: 'Answered HTTP requests by method, route pattern and status, with their latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  poolGauges(database, registers);
  const refresh = sourceMetrics(registers);
  const refreshReplicas = replicaMetrics(database, registers);

  return {
    contentType: registry.contentType,
    observe(req, reply) {
      // The pattern (`/stores/v1/products/:id`), never the raw URL: ids and query strings would make a series each.
      const route = req.routeOptions.url ?? 'unmatched';
      requests.observe({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    },
    async scrape(ctx, sources) {
      await Promise.all([refresh(ctx, sources), refreshReplicas()]);
      return registry.metrics();
    },
  };
}

/** node-postgres' pool as it is at the scrape; PGlite is one connection in the process. */
function poolGauges(database: Database, registers: Registry[]): void {
  const pool = database.pool;
  new Gauge({
    name: 'plaza_db_pool_connections',
    help: 'Database connections of this node by state (total, idle); PGlite is one in-process connection',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      if (pool) this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'plaza_db_pool_waiting',
    help: 'Queries of this node waiting for a free database connection (always 0 on PGlite, which does not say)',
    registers,
    collect() {
      this.set(pool ? pool.waitingCount : 0);
    },
  });
}

/** Each read replica (by its place in DATABASE_REPLICA_URLS, never its URL), measured at the scrape. */
function replicaMetrics(database: Database, registers: Registry[]): () => Promise<void> {
  const replicas = database.replicas;
  if (!replicas) return async () => {};
  const labelNames = ['replica'] as const;
  const lag = new Gauge({
    name: 'plaza_db_replica_lag_seconds',
    help: "How old a read replica's data is: how long ago the primary first had a change it has not replayed yet",
    labelNames,
    registers,
  });
  const up = new Gauge({
    name: 'plaza_db_replica_up',
    help: 'Whether a read replica answers (1) or is skipped as down (0)',
    labelNames,
    registers,
  });
  const connections = new Gauge({
    name: 'plaza_db_replica_pool_connections',
    help: "Connections of this node's pool to a read replica by state (total, idle)",
    labelNames: ['replica', 'state'] as const,
    registers,
  });
  return async () => {
    for (const r of await replicas.status()) {
      const replica = String(r.index);
      lag.set({ replica }, r.lagSeconds);
      up.set({ replica }, r.up ? 1 : 0);
      connections.set({ replica, state: 'total' }, r.pool.totalCount);
      connections.set({ replica, state: 'idle' }, r.pool.idleCount);
    }
  };
}

/** The modules' figures: queue gauges read from the tables, and the placement counters of this node. */
function sourceMetrics(registers: Registry[]): (ctx: Ctx, sources: MetricSources) => Promise<void> {
  const jobs = new Gauge({
    name: 'plaza_jobs',
    help: 'Background jobs by status: queued and running (the queue) and failed (after their last attempt)',
    labelNames: ['status'] as const,
    registers,
  });
  const deliveries = new Gauge({
    name: 'plaza_webhook_deliveries',
    help: 'Webhook deliveries by status: pending (the backlog) and failed (retry window closed)',
    labelNames: ['status'] as const,
    registers,
  });
  const counters = {
    placed: new Counter({ name: 'plaza_orders_placed_total', help: 'Orders placed on this node', registers }),
    placementsFailed: new Counter({
      name: 'plaza_order_placements_failed_total',
      help: 'Order placements on this node that ended in an error, declined cards included',
      registers,
    }),
    paymentsDeclined: new Counter({
      name: 'plaza_payments_failed_total',
      help: 'Card payments declined by the provider at order placement on this node',
      registers,
    }),
  };
  return async (ctx, sources) => {
    const [j, w] = await Promise.all([sources.jobs(ctx), sources.webhooks(ctx)]);
    for (const status of ['queued', 'running', 'failed'] as const) jobs.set({ status }, j[status]);
    for (const status of ['pending', 'failed'] as const) deliveries.set({ status }, w[status]);
    const o = sources.orders(ctx);
    for (const key of Object.keys(counters) as (keyof typeof counters)[]) {
      // The orders module keeps the running count; the counter shows it as it is now.
      counters[key].reset();
      counters[key].inc(o[key]);
    }
  };
}
