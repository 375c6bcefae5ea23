import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import type { MetricSources } from './registry.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the Authorization header carries the metrics token (compared in constant time). */
function holdsToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics: Prometheus text for a scraper holding PLAZA_METRICS_TOKEN. Off (no token configured) it is not
 * there at all. It is `public` to the caller model: the token is not a member's or an app's credential.
 */
export function metricsRoutes(app: App, sources: MetricSources): void {
  app.get(
    '/metrics',
    {
      schema: { tags: ['platform'], summary: 'Prometheus metrics (with PLAZA_METRICS_TOKEN as a bearer token)' },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const token = req.ctx.config.metricsToken;
      // Off: the same answer as a path that does not exist.
      if (!token || !app.metrics) {
        throw new AppError('NOT_FOUND', 'No route for GET /metrics', { applicationCode: 'NOT_FOUND' });
      }
      if (!holdsToken(req.headers.authorization, token)) {
        throw new AppError('UNAUTHENTICATED', 'Metrics need the metrics token as a bearer token', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      }
      const text = await app.metrics.scrape(req.ctx, sources);
      return reply.header('content-type', app.metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
