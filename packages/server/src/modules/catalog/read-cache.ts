import type { ListProductsResponse } from '@plaza/contracts';
import { createReadCache } from '../../lib/cache.js';

/**
 * Storefront product pages kept for two seconds per node (see lib/cache.ts): every visitor of a category page asks
 * for the same page. Every catalog write on this node clears it once its transaction has committed (`afterWrite`).
 */
export const productPages = createReadCache<ListProductsResponse>(2_000);

/** Awaits a committed catalog write, then makes cached pages stale. */
export async function afterWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  productPages.changed();
  return result;
}
