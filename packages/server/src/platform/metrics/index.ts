// Prometheus metrics: request counts and latency by route, the database pool, and the modules' figures read at scrape.
export { createMetrics, type Metrics, type MetricSources } from './registry.js';
export { metricsRoutes } from './routes.js';
