import { Type } from 'typebox';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';

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
