// Background jobs: modules enqueue work and register handlers; the worker runs them on any node.
export { cancelJob, enqueueJob, jobCounts } from './service.js';
export { jobRoutes } from './routes.js';
export type { JobHandler, JobRun } from './types.js';
export { startJobWorker, type JobHandlers, type JobWorker } from './worker.js';
export { jobMetrics, type JobMetrics } from './metrics.js';
