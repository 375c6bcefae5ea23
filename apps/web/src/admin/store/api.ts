import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
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
import { usePlaza } from '@plaza/react';
import { callMethod } from '../../lib/callMethod.js';
import type { PlazaClient } from '../../plaza.js';

export { callMethod };

export const usePlazaClient = () => usePlaza<PlazaClient>();

export const storeKeys = {
  all: () => ['plaza', 'admin', 'store'] as const,
  products: (query?: ListProductsQuery) => [...storeKeys.all(), 'products', query ?? {}] as const,
  collections: () => [...storeKeys.all(), 'collections'] as const,
};

/**
 * A change that refreshes the queries under `key` when it ends (a refusal too: the screen may be outdated).
 * `onSuccess` runs even when the screen that asked is gone by then.
 */
export function useStoreChange<V, R>(
  key: QueryKey,
  fn: (plaza: PlazaClient, vars: V) => Promise<R>,
  onSuccess?: (result: R, vars: V) => void,
) {
  const plaza = usePlazaClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => fn(plaza, vars),
    ...(onSuccess ? { onSuccess } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** One page of products, hidden ones included (the owner sees everything she sells or drafts). */
export function useProducts(query: ListProductsQuery) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: storeKeys.products(query),
    queryFn: () => callMethod(plaza, listProducts, { ...query, includeHidden: true }),
    placeholderData: keepPreviousData,
  });
}

export function useCollections() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: storeKeys.collections(),
    queryFn: () => callMethod(plaza, listCollections).then((r) => r.collections),
  });
}

const products = () => [...storeKeys.all(), 'products'] as const;

export const useCreateProduct = () =>
  useStoreChange(products(), (plaza, product: ProductInput) => callMethod(plaza, createProduct, product));

export const useUpdateProduct = () =>
  useStoreChange(products(), (plaza, v: { productId: string; product: Partial<ProductInput> }) =>
    callMethod(plaza, updateProduct, v.productId, v.product, Object.keys(v.product)),
  );

export const useDeleteProduct = () =>
  useStoreChange(products(), (plaza, productId: string) => callMethod(plaza, deleteProduct, productId));

export const useAdjustInventory = () =>
  useStoreChange(products(), (plaza, v: { productId: string; adjustment: AdjustInventoryRequest }) =>
    callMethod(plaza, adjustInventory, v.productId, v.adjustment),
  );

export const useCreateCollection = () =>
  useStoreChange(storeKeys.collections(), (plaza, collection: CollectionInput) =>
    callMethod(plaza, createCollection, collection),
  );

export const useUpdateCollection = () =>
  useStoreChange(storeKeys.collections(), (plaza, v: { collectionId: string; collection: Partial<CollectionInput> }) =>
    callMethod(plaza, updateCollection, v.collectionId, v.collection, Object.keys(v.collection)),
  );

export const useDeleteCollection = () =>
  useStoreChange(storeKeys.collections(), (plaza, collectionId: string) =>
    callMethod(plaza, deleteCollection, collectionId),
  );

export function useProduct(productId: string) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...storeKeys.all(), 'products', 'one', productId],
    queryFn: () => callMethod(plaza, getProduct, productId).then((r) => r.product),
  });
}
