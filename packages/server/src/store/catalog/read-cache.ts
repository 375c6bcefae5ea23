import type { ListProductsResponse } from '@plaza/contracts';
import { createReadCache } from '../../lib/cache.js';
import type { catalogProducts, catalogVariants } from './tables.js';

/**
 * Storefront product pages kept for two seconds per node (see lib/cache.ts): every visitor of a category page asks
 * for the same page. Every catalog write on this node clears it once its transaction has committed (`afterWrite`).
 */
export const productPages = createReadCache<ListProductsResponse>(2_000);

/** A product as carts price and check their lines: the row, its variants and its collections. */
export interface ProductForLines {
  product: typeof catalogProducts.$inferSelect;
  variants: Array<typeof catalogVariants.$inferSelect>;
  collectionIds: string[];
}

/**
 * Products for cart changes (add to cart), kept two seconds per node like the pages: a shopper adding a product sees
 * the price and stock of at most two seconds ago; reads of a cart or checkout, and placing an order, read fresh.
 */
export const productsForLines = createReadCache<ProductForLines>(2_000, 2_000);

/** Awaits a committed catalog write, then makes cached pages and products stale. */
export async function afterWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  catalogChanged();
  return result;
}

/** Makes this node's cached catalog reads stale: after any write to products, variants, stock or collections. */
export function catalogChanged(): void {
  productPages.changed();
  productsForLines.changed();
}
