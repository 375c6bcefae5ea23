import { useQuery } from '@tanstack/react-query';
import { PLAZA_CATALOG_APP_ID } from '@plaza/contracts/constants';
import type { Product } from '@plaza/sdk/catalog';
import { listProducts } from '@plaza/sdk/catalog';
import {
  countBackInStockNotificationRequestsByCatalogReferences,
  deleteBackInStockNotificationRequest,
  markAsNotificationSent,
  queryBackInStockNotificationRequests,
  reportItemsBackInStock,
} from '@plaza/sdk/ecom';
import { callMethod, storeKeys, useStoreChange, usePlazaClient } from './api.js';

const keys = {
  all: () => [...storeKeys.all(), 'back-in-stock'] as const,
  requests: (productId: string) => [...keys.all(), 'requests', productId] as const,
};
export const backInStockKeys = keys;

export interface WaitingItem {
  product: Product;
  waiting: number;
}

/**
 * The products shoppers wait for, most requests first: the newest 100 products (hidden ones too) and their open
 * request counts in one call each.
 */
export function useWaitingItems() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...keys.all(), 'items'],
    queryFn: async (): Promise<WaitingItem[]> => {
      const { products } = await callMethod(plaza, listProducts, {
        includeHidden: true,
        limit: 100,
        sort: 'CREATED_DESC',
      });
      if (!products.length) return [];
      const { counts } = await callMethod(
        plaza,
        countBackInStockNotificationRequestsByCatalogReferences,
        products.map((p) => ({ appId: PLAZA_CATALOG_APP_ID, catalogItemId: p.id })),
      );
      return products
        .map((product, i) => ({ product, waiting: counts[i]?.openRequestsCount ?? 0 }))
        .filter((item) => item.waiting > 0)
        .sort((a, b) => b.waiting - a.waiting);
    },
  });
}

/** One product's requests, newest first (the first 100). */
export function useProductRequests(productId: string | null) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.requests(productId ?? ''),
    queryFn: () =>
      callMethod(plaza, queryBackInStockNotificationRequests, {
        catalogItemId: productId!,
        cursorPaging: { limit: 100 },
      }).then((r) => r.requests),
    enabled: productId !== null,
  });
}

/** Mails everyone waiting for the product, in a job; the answer names the job to follow. */
export const useNotifyNow = () =>
  useStoreChange(keys.all(), (plaza, product: Product) =>
    callMethod(plaza, reportItemsBackInStock, {
      catalogReference: { appId: PLAZA_CATALOG_APP_ID, catalogItemId: product.id },
      itemDetails: {
        name: product.name,
        price: product.price.formattedAmount,
        ...(product.media[0] ? { image: { url: product.media[0].url } } : {}),
      },
    }),
  );

export const useMarkNotified = () =>
  useStoreChange(keys.all(), (plaza, requestId: string) => callMethod(plaza, markAsNotificationSent, requestId));

export const useDeleteRequest = () =>
  useStoreChange(keys.all(), (plaza, requestId: string) =>
    callMethod(plaza, deleteBackInStockNotificationRequest, requestId),
  );
