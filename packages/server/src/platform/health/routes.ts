import { Type } from 'typebox';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import { notReady } from './ready.js';

const ReadyResponse = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Object({
    database: Type.Literal('up'),
    migrations: Type.Literal('applied'),
    storage: Type.Literal('writable'),
  }),
});

const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Object({ status: Type.Literal('up'), driver: Type.String(), latencyMs: Type.Number() }),
});

export function healthRoutes(app: App): void {
  app.get(
    '/health',
    {
      schema: { tags: ['platform'], summary: 'Liveness and database status', response: { 200: HealthResponse } },
      config: { access: 'public' },
    },
    async () => {
      const started = performance.now();
      try {
        await app.database.ping();
      } catch {
        throw new AppError('INTERNAL', 'Database unavailable', {
          applicationCode: 'DATABASE_UNAVAILABLE',
          data: { database: 'down' },
        });
      }
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      return { status: 'ok' as const, database: { status: 'up' as const, driver: app.database.driver, latencyMs } };
    },
  );
}

/**
 * GET /ready: whether this node should get traffic (a load balancer's check). 503 names what is not ready: the
 * database does not answer, migrations are not all applied, or media storage cannot be written. `/health` is the
 * liveness check: a node that is up but not ready is left running.
 */
export function readyRoutes(app: App): void {
  app.get(
    '/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: database, migrations and media storage',
        response: { 200: ReadyResponse },
      },
      config: { access: 'public' },
    },
    async (req) => {
      const problems = await notReady(app.database, req.ctx.config);
      const names = Object.keys(problems);
      if (names.length) {
        req.log.warn({ notReady: problems }, 'not ready');
        const what = Object.entries(problems).map(([check, why]) => `${check}: ${why}`);
        throw new AppError('UNAVAILABLE', `Not ready: ${what.join('; ')}`, {
          applicationCode: 'NOT_READY',
          data: { notReady: problems },
        });
      }
      return {
        status: 'ready' as const,
        checks: { database: 'up', migrations: 'applied', storage: 'writable' } as const,
      };
    },
  );
}
