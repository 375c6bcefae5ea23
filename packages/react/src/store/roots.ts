/**
 * The roots of the store's query keys. Everything the back office reads about the store sits under `storeQueries`, so
 * a change that touches many areas (a bulk action on orders, an order edit) can refresh them all at once; the
 * storefront's reads sit under `shopQueries`, so placing an order refreshes the whole shop.
 */
export const storeQueries = {
  all: () => ['plaza', 'admin', 'store'] as const,
};

export const shopQueries = {
  all: () => ['plaza', 'shop'] as const,
};
