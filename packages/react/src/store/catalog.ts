import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  adjustInventory,
  createCollection,
  createProduct,
  deleteCollection,
  deleteProduct,
  getProduct,
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
import { fieldQuery, invalidatingCall, pageQuery } from '../factories.js';
import { storeQueries } from './roots.js';

/** The back office's products and collections: hidden ones included (the owner sees everything she sells or drafts). */
export const catalogQueries = {
  /** Every product query: pages and single products. */
  allProducts: () => [...storeQueries.all(), 'products'] as const,
  allCollections: () => [...storeQueries.all(), 'collections'] as const,
  /** One page of products; the last page stays shown while the next loads. */
  products: (client: FetchClient, query: ListProductsQuery = {}) =>
    pageQuery([...catalogQueries.allProducts(), query] as const, () =>
      call(client, listProducts, { ...query, includeHidden: true }),
    ),
  product: (client: FetchClient, productId: string) =>
    queryOptions({
      queryKey: [...catalogQueries.allProducts(), 'one', productId] as const,
      queryFn: () => call(client, getProduct, productId).then((r) => r.product),
    }),
  collections: (client: FetchClient) =>
    fieldQuery(client, catalogQueries.allCollections(), listCollections, 'collections'),
};

// `changes` hold only the changed fields: they become the field mask.
export const catalogMutations = {
  createProduct: invalidatingCall(catalogQueries.allProducts(), createProduct),
  updateProduct: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allProducts(), (v: { productId: string; product: Partial<ProductInput> }) =>
      call(client, updateProduct, v.productId, v.product, Object.keys(v.product)),
    ),
  deleteProduct: invalidatingCall(catalogQueries.allProducts(), deleteProduct),
  adjustInventory: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, catalogQueries.allProducts(), (v: { productId: string; adjustment: AdjustInventoryRequest }) =>
      call(client, adjustInventory, v.productId, v.adjustment),
    ),
  createCollection: invalidatingCall(catalogQueries.allCollections(), createCollection),
  updateCollection: (client: FetchClient, qc: QueryClient) =>
    invalidating(
      qc,
      catalogQueries.allCollections(),
      (v: { collectionId: string; collection: Partial<CollectionInput> }) =>
        call(client, updateCollection, v.collectionId, v.collection, Object.keys(v.collection)),
    ),
  deleteCollection: invalidatingCall(catalogQueries.allCollections(), deleteCollection),
};
