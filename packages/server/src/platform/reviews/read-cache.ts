import type { QueryReviewsResponse } from '@plaza/contracts';
import { createReadCache } from '../../lib/cache.js';

/**
 * Review pages kept for a few seconds per node (see lib/cache.ts): a product's first page is read by every
 * visitor of it. Every successful write under /reviews/v1 and /members/v1 on this node, and member changes made by
 * jobs, clear it (app.ts, members/totals.ts).
 */
export const reviewReads = createReadCache<QueryReviewsResponse>(2_000);
