import { clockRoutes, controlledClock } from './platform/clock/index.js';
import { SQL_COUNT_HEADER, startSqlCount } from './kernel/sql-count.js';
import { drainHandlersOnClose } from './http/drain.js';
import { type DeliveryWorker, ensureWebhookKey, startDeliveryWorker } from './platform/webhooks/index.js';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CONSISTENCY_HEADER, REQUEST_ID_HEADER } from '@plaza/contracts';
import type { Config } from './config/index.js';
import type { Database } from './kernel/db.js';
import { consistencyToken, parseConsistencyToken, startReadScope } from './kernel/read-scope.js';
import type { ReplicaSet } from './kernel/replicas.js';
import type { Ctx } from './kernel/context.js';
import { checkAccess } from './kernel/caller.js';
import { registerCors } from './http/cors.js';
import { AppError } from './kernel/errors.js';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './http/error-handler.js';
import { logRequest, loggerOptions, type LogDestination } from './http/logger.js';
import { notFoundHandler, RouteIndex } from './http/not-found.js';
import { registerOpenApi } from './http/openapi.js';
import { canonicalUrl } from './http/platform-aliases.js';
import { AJV_OPTIONS, lazySchemaCompilers } from './http/schema-compilers.js';
import { resolveCaller } from './http/resolve-caller.js';
import { credentialChecks } from './credential-checks.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import type { App } from './http/types.js';
import { checkRequestText } from './http/validation.js';
import { startAbandonedCheckoutSweeper } from './store/abandoned-checkouts/index.js';
import { startPeriodic } from './lib/periodic.js';
import { emptyOldTrash } from './platform/media/index.js';
import { jobHandlers } from './job-handlers.js';
import { type JobWorker, startJobWorker } from './platform/jobs/index.js';
import { afterSuccessfulWrite } from './write-effects.js';
import { allClientOrigins, KeyStore } from './platform/oauth/index.js';
import { registerRoutes } from './routes.js';
import { collectOperations, graphqlRoutes } from './graphql/index.js';
import { wireModules } from './module-wiring.js';
import { registerWebApp } from './platform/web/index.js';
import { createMetrics, type Metrics } from './platform/metrics/index.js';
import { expireMemberships } from './store/plans/index.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Overrides the clock (tests). */
  clock?: () => Date;
  /** Where log lines go instead of stdout (tests capture them). */
  logDestination?: LogDestination;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** JSON, text (never an event stream: each event must leave at once), scripts and SVG; not images or media. */
const COMPRESSIBLE = /^(application\/([\w.+-]+\+)?json|text\/(?!event-stream)|application\/javascript|image\/svg\+xml)/;

/** Builds the HTTP app: plumbing, the caller model, every domain's routes and the web app. Does not listen. */
export async function buildApp({
  config,
  database,
  clock: baseClock = () => new Date(),
  logDestination,
}: AppOptions): Promise<App> {
  // Test and demo nodes may run ahead of real time; every request, job and timestamp reads this one clock.
  const clockControl = config.clockControl ? controlledClock(baseClock) : undefined;
  const clock = clockControl?.clock ?? baseClock;
  const schemas = lazySchemaCompilers();
  const app = createFastify(config, schemas.compilersFactory, logDestination);

  const keys = new KeyStore(database.db);
  await keys.init();
  app.decorate('database', database);
  app.decorate('keys', keys);
  // Off unless a scraper has a token: no series are kept and the request hook stays as it was.
  app.decorate('metrics', config.metricsToken ? createMetrics(database) : undefined);
  app.decorate('compileAllSchemas', () => schemas.compileAll());
  app.decorate('resolveCaller', (header: string | undefined, now: Date) =>
    resolveCaller(header, { db: database.db, keys, issuer: config.publicUrl, now, checks: credentialChecks }),
  );

  drainHandlersOnClose(app);
  const routeIndex = indexRoutes(app);
  const operations = collectOperations(app);
  // Before the caller check, so a 401/403 answer still carries the CORS headers an allowed site needs to read it.
  // Only the read cache's own fields are used; this runs before a request has its context.
  await registerCors(app, config, () => allClientOrigins({ db: database.db } as Ctx));
  addRequestHooks(app, { db: database.db, clock, config, keys }, database.replicas);

  // The standard OAuth token request is form-encoded; everything else is JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  registerSecurityHeaders(app, config);
  // JSON answers above 1 KB go out compressed; assets come precompressed (Content-Encoding set, so not twice).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE });

  app.setErrorHandler(errorHandler);
  await registerOpenApi(app);
  await registerRoutes(app);
  if (clockControl) clockRoutes(app, clockControl);
  await graphqlRoutes(app, operations, config.nodeEnv === 'development');
  wireModules();
  const serveSpa = await registerWebApp(app, config);
  const apiNotFound = notFoundHandler(routeIndex);
  app.setNotFoundHandler((req, reply) => (serveSpa(req, reply) ? reply : apiNotFound(req, reply)));

  const background: Ctx = { db: database.db, caller: { type: 'NONE' }, clock, config, log: app.log, keys };
  // The webhook key exists before any request signs with it (inside a transaction, see webhooks/signing.ts).
  app.addHook('onReady', async () => {
    await ensureWebhookKey(background);
  });
  if (config.jobWorker) runBackgroundWork(app, { ...background });
  return app;
}

/** Fastify with our logger, error shapes, request ids, limits and validator settings. */
function createFastify(
  config: Config,
  compilersFactory: ReturnType<typeof lazySchemaCompilers>['compilersFactory'],
  logDestination: LogDestination | undefined,
): App {
  return Fastify({
    schemaController: { compilersFactory },
    logger: loggerOptions(config, logDestination),
    // One line per request, written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The framework's own refusals (bad URL encoding, over-long path parameter, malformed HTTP) in our error shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Accept a caller's request id when it is harmless, so traces can span services; otherwise make one.
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    // Fastify accepts a hop count at run time; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The hosted platform's SDK paths reach the same routes (one table, http/platform-aliases.ts).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    ajv: AJV_OPTIONS as unknown as FastifyServerOptions['ajv'],
  }).withTypeProvider<TypeBoxTypeProvider>();
}

/** Every route must declare who may call it; the index lets a wrong method answer 405 instead of 404. */
function indexRoutes(app: App): RouteIndex {
  const routeIndex = new RouteIndex();
  app.addHook('onRoute', (route) => {
    const isPluginRoute =
      route.method === 'OPTIONS' ||
      route.url.startsWith('/docs') ||
      route.url.startsWith('/assets') ||
      route.url === '/openapi.json';
    if (!route.config?.access) {
      if (!isPluginRoute) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
      route.config = { ...route.config, access: 'public' };
    }
    routeIndex.add(route.method, route.url);
  });
  return routeIndex;
}

/** The caller and context of each request, the text check, the request log, and the headers every answer carries. */
function addRequestHooks(
  app: App,
  base: Pick<Ctx, 'db' | 'clock' | 'config' | 'keys'>,
  replicas: ReplicaSet | undefined,
): void {
  app.decorateRequest('ctx', null as never);
  const sqlCounts = new WeakMap<object, { n: number }>();
  if (process.env.PLAZA_SQL_COUNT === '1') {
    app.addHook('onRequest', async (req) => void sqlCounts.set(req, startSqlCount()));
    app.addHook('onSend', async (req, reply) => {
      const count = sqlCounts.get(req);
      if (count) reply.header(SQL_COUNT_HEADER, String(count.n));
    });
  }
  app.addHook('onRequest', async (req) => {
    const consistency = req.headers[CONSISTENCY_HEADER];
    const token = typeof consistency === 'string' ? parseConsistencyToken(consistency) : {};
    // Before the first await, so the handler inherits it. Opened once the caller is known: credentials and
    // revocations are read on the primary.
    const reads = replicas ? startReadScope(req.method === 'GET' || req.method === 'HEAD' ? token : undefined) : null;
    const access = req.routeOptions.config?.access;
    const now = base.clock();
    const caller =
      access && access !== 'public'
        ? await app.resolveCaller(req.headers.authorization, now)
        : ({ type: 'NONE' } as const);
    req.ctx = { ...base, caller, log: req.log };
    if (token.tokenMs !== undefined) req.ctx.consistencyMs = token.tokenMs;
    if (access) checkAccess(access, caller);
    if (reads) reads.primaryOnly = false;
  });

  // Text the database cannot store is refused here for every route, before its schema or handler sees it.
  app.addHook('preValidation', async (req) => {
    const bad = checkRequestText({ params: req.params, query: req.query, body: req.body });
    if (bad) throw new AppError('VALIDATION', `Invalid request: ${bad.description}`, { violations: [bad] });
  });

  const metrics = app.metrics;
  app.addHook('onResponse', async (req, reply) => {
    logRequest(req, reply);
    metrics?.observe(req, reply);
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    if (reply.statusCode < 400) afterSuccessfulWrite(req.method, req.url);
    // Writes hand out a consistency token; the SDK echoes it so a read replica never shows stale own-writes.
    // With replicas it carries the primary's WAL position after the write: a replica that has replayed it may answer.
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) {
      const ms = Date.now();
      const lsn = replicas ? await replicas.currentLsn().catch(() => undefined) : undefined;
      reply.header(CONSISTENCY_HEADER, consistencyToken(ms, lsn));
    }
  });
}

/** Background jobs run next to the API (any number of nodes share them); they stop before the database closes. */
function runBackgroundWork(app: App, ctx: Ctx): void {
  let worker: JobWorker | undefined;
  let webhooks: DeliveryWorker | undefined;
  let sweeper: { stop(): void } | undefined;
  let trash: { stop(): void } | undefined;
  let planExpiry: { stop(): void } | undefined;
  app.addHook('onReady', async () => {
    worker = startJobWorker(ctx, jobHandlers, ctx.config.jobPollMs);
    webhooks = startDeliveryWorker(ctx, { pollMs: ctx.config.jobPollMs });
    sweeper = startAbandonedCheckoutSweeper(ctx, ctx.config.abandonedSweepMs);
    trash = startPeriodic(ctx, 'media trash sweep', 3_600_000, emptyOldTrash);
    // Reads already treat a passed end date as ended; this writes it down (and says so in an event).
    planExpiry = startPeriodic(ctx, 'plan membership expiry', 60_000, expireMemberships);
  });
  app.addHook('preClose', async () => {
    sweeper?.stop();
    trash?.stop();
    planExpiry?.stop();
    await Promise.all([worker?.stop(), webhooks?.stop()]);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    keys: KeyStore;
    /** This node's Prometheus metrics; undefined when they are off (no PLAZA_METRICS_TOKEN). */
    metrics: Metrics | undefined;
    /** Compiles every route schema not compiled yet (they compile on first use); returns how many. */
    compileAllSchemas(): number;
  }
}
