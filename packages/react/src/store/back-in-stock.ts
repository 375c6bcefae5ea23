import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PLAZA_CATALOG_APP_ID } from '@plaza/contracts/constants';
import { listProducts, type Product } from '@plaza/sdk/catalog';
import {
  countBackInStockNotificationRequestsByCatalogReferences,
  deleteBackInStockNotificationRequest,
  markAsNotificationSent,
  queryBackInStockNotificationRequests,
  reportItemsBackInStock,
} from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

export interface WaitingItem {
  product: Product;
  waiting: number;
}

/**
 * The products shoppers wait for, most requests first: the newest 100 products (hidden ones too) and their open
 * request counts in one call each.
 */
async function waitingItems(client: FetchClient): Promise<WaitingItem[]> {
  const { products } = await call(client, listProducts, { includeHidden: true, limit: 100, sort: 'CREATED_DESC' });
  if (!products.length) return [];
  const { counts } = await call(
    client,
    countBackInStockNotificationRequestsByCatalogReferences,
    products.map((p) => ({ appId: PLAZA_CATALOG_APP_ID, catalogItemId: p.id })),
  );
  return products
    .map((product, i) => ({ product, waiting: counts[i]?.openRequestsCount ?? 0 }))
    .filter((item) => item.waiting > 0)
    .sort((a, b) => b.waiting - a.waiting);
}

/** What shoppers asked to hear about when a product is back (the back office). */
export const backInStockQueries = {
  all: () => [...storeQueries.all(), 'back-in-stock'] as const,
  waitingItems: (client: FetchClient) =>
    queryOptions({ queryKey: [...backInStockQueries.all(), 'items'] as const, queryFn: () => waitingItems(client) }),
  /** One product's requests, newest first (the first 100); none is asked for without a product. */
  requests: (client: FetchClient, productId: string | null) =>
    queryOptions({
      queryKey: [...backInStockQueries.all(), 'requests', productId ?? ''] as const,
      queryFn: () =>
        call(client, queryBackInStockNotificationRequests, {
          catalogItemId: productId!,
          cursorPaging: { limit: 100 },
        }).then((r) => r.requests),
      enabled: productId !== null,
    }),
};

export const backInStockMutations = {
  /** Mails everyone waiting for the product, in a job; the answer names the job to follow. */
  notifyNow: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, backInStockQueries.all(), (product: Product) =>
      call(client, reportItemsBackInStock, {
        catalogReference: { appId: PLAZA_CATALOG_APP_ID, catalogItemId: product.id },
        itemDetails: {
          name: product.name,
          price: product.price.formattedAmount,
          ...(product.media[0] ? { image: { url: product.media[0].url } } : {}),
        },
      }),
    ),
  markNotified: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, backInStockQueries.all(), (requestId: string) => call(client, markAsNotificationSent, requestId)),
  deleteRequest: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, backInStockQueries.all(), (requestId: string) =>
      call(client, deleteBackInStockNotificationRequest, requestId),
    ),
};
