import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  adjustInventory,
  createCollection,
  createProduct,
  deleteCollection,
  deleteProduct,
  getProduct,
  getProductBySlug,
  listCollections,
  listProducts,
  updateCollection,
  updateProduct,
  type AdjustInventoryRequest,
  type CollectionInput,
  type ListProductsQuery,
  type ProductInput,
} from '@plaza/sdk/catalog';
import { call, invalidating, type FetchClient } from '../call.js';
import { shopQueries, storeQueries } from './roots.js';

/** The back office's products and collections: hidden ones included (the owner sees everything she sells or drafts). */
export const catalogQueries = {
  /** Every product query: pages and single products. */
  allProducts: () => [...storeQueries.all(), 'products'] as const,
  allCollections: () => [...storeQueries.all(), 'collections'] as const,
  /** One page of products; the last page stays shown while the next loads. */
  products: (client: FetchClient, query: ListProductsQuery = {}) =>
    queryOptions({
      queryKey: [...catalogQueries.allProducts(), query] as const,
      queryFn: () => call(client, listProducts, { ...query, includeHidden: true }),
      placeholderData: keepPreviousData,
    }),
  product: (client: FetchClient, productId: string) =>
    queryOptions({
      queryKey: [...catalogQueries.allProducts(), 'one', productId] as const,
      queryFn: () => call(client, getProduct, productId).then((r) => r.product),
    }),
  collections: (client: FetchClient) =>
    queryOptions({
      queryKey: catalogQueries.allCollections(),
      queryFn: () => call(client, listCollections).then((r) => r.collections),
    }),
};

// `changes` hold only the changed fields: they become the field mask.
export const catalogMutations = {
  createProduct: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allProducts(), (product: ProductInput) => call(client, createProduct, product)),
  updateProduct: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allProducts(), (v: { productId: string; product: Partial<ProductInput> }) =>
      call(client, updateProduct, v.productId, v.product, Object.keys(v.product)),
    ),
  deleteProduct: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allProducts(), (productId: string) => call(client, deleteProduct, productId)),
  adjustInventory: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allProducts(), (v: { productId: string; adjustment: AdjustInventoryRequest }) =>
      call(client, adjustInventory, v.productId, v.adjustment),
    ),
  createCollection: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allCollections(), (collection: CollectionInput) =>
      call(client, createCollection, collection),
    ),
  updateCollection: (client: FetchClient, qc: QueryClient) =>
    invalidating(
      qc,
      catalogQueries.allCollections(),
      (v: { collectionId: string; collection: Partial<CollectionInput> }) =>
        call(client, updateCollection, v.collectionId, v.collection, Object.keys(v.collection)),
    ),
  deleteCollection: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allCollections(), (collectionId: string) =>
      call(client, deleteCollection, collectionId),
    ),
};

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
