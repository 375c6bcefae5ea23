import type { JobHandlers } from '../jobs/worker.js';

/** Job handlers of this domain (filled in by the domain's bulk work). */
export const reviewJobHandlers: JobHandlers = {};
