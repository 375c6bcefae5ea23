import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getProductBySlug, listCollections, listProducts, type ListProductsQuery } from '@plaza/sdk/catalog';
import { call, type FetchClient } from '../call.js';
import { shopQueries } from './roots.js';

// Apart from the back office's catalog (catalog.ts): a bundler ships a module whole, and these load on shop pages.

/** The storefront's catalog: what a shopper sees (visible products and collections only). */
export const shopCatalogQueries = {
  products: (client: FetchClient, query: ListProductsQuery) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'products', query] as const,
      queryFn: () => call(client, listProducts, query),
    }),
  /**
   * The products for the query, `pageSize` at a time (the cursor carries the filters after the first page).
   */
  productPages: (client: FetchClient, query: ListProductsQuery, pageSize: number) =>
    infiniteQueryOptions({
      queryKey: [...shopQueries.all(), 'products', query] as const,
      queryFn: ({ pageParam }) =>
        call(client, listProducts, pageParam ? { cursor: pageParam, limit: pageSize } : query),
      initialPageParam: '',
      getNextPageParam: (last) => (last.pagingMetadata.hasNext ? last.pagingMetadata.cursors.next : undefined),
    }),
  product: (client: FetchClient, slug: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'product', slug] as const,
      queryFn: () => call(client, getProductBySlug, slug).then((r) => r.product),
    }),
  /** Collections change rarely: a minute fresh. */
  collections: (client: FetchClient) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'collections'] as const,
      queryFn: () => call(client, listCollections).then((r) => r.collections.filter((c) => c.visible)),
      staleTime: 60_000,
    }),
};
