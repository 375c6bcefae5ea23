import type {
  BackInStockItemDetails,
  BackInStockNotificationRequestResponse,
  CatalogReference,
  CountBackInStockRequestsResponse,
  CreateBackInStockNotificationRequest,
  EmptyResponse,
  QueryBackInStockRequestsQuery,
  QueryBackInStockRequestsResponse,
  ReportItemsBackInStockRequest,
  ReportItemsBackInStockResponse,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  BackInStockItemDetails,
  BackInStockNotificationRequest,
  BackInStockNotificationRequestResponse,
  BackInStockStatus,
  CountBackInStockRequestsResponse,
  QueryBackInStockRequestsResponse,
  ReportItemsBackInStockResponse,
} from '@plaza/contracts';

const BASE = '/ecom/v1/back-in-stock-notification-requests';

/** The query of {@link queryBackInStockNotificationRequests}, with the cursor paging nested. */
export interface BackInStockRequestsQuery {
  status?: QueryBackInStockRequestsQuery['status'];
  email?: string;
  catalogItemId?: string;
  variantId?: string;
  sort?: 'CREATED_DESC' | 'CREATED_ASC';
  cursorPaging?: { limit?: number; cursor?: string };
}

/**
 * Asks to be mailed once when an out-of-stock item is back (visitors, members, the owner, `ecom` keys). Asking again
 * with the same e-mail for the same item answers the open request. An item in stock or not in the catalog is a 400.
 *
 * @example
 * const { request } = await client.backInStockNotifications.createBackInStockNotificationRequest(
 *   { email: 'ann@example.com', catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id } },
 *   { name: product.name, price: product.price.formattedAmount, image: { url: product.media[0].url } },
 * );
 */
export const createBackInStockNotificationRequest = defineMethod<
  [request: CreateBackInStockNotificationRequest['request'], itemDetails: BackInStockItemDetails],
  BackInStockNotificationRequestResponse
>({
  argumentNames: ['request', 'itemDetails'],
  request: (request, itemDetails) => ({ method: 'POST', path: BASE, body: { request, itemDetails } }),
});

/**
 * One request: the requester's own, or any for the owner and `ecom` keys (others get 404).
 *
 * @example
 * const { request } = await client.backInStockNotifications.getBackInStockNotificationRequest(id);
 */
export const getBackInStockNotificationRequest = defineMethod<[id: string], BackInStockNotificationRequestResponse>({
  argumentNames: ['id'],
  request: (id) => ({ method: 'GET', path: `${BASE}/${seg(id)}` }),
});

/**
 * Deletes a request (the requester's own, or any for the owner and `ecom` keys).
 *
 * @example
 * await client.backInStockNotifications.deleteBackInStockNotificationRequest(id);
 */
export const deleteBackInStockNotificationRequest = defineMethod<[id: string], EmptyResponse>({
  argumentNames: ['id'],
  request: (id) => ({ method: 'DELETE', path: `${BASE}/${seg(id)}` }),
});

/**
 * Marks a request as notified by hand (owner and `ecom` keys): the shopper was told outside Plaza.
 *
 * @example
 * const { request } = await admin.backInStockNotifications.markAsNotificationSent(id); // request.autoNotified === false
 */
export const markAsNotificationSent = defineMethod<[id: string], BackInStockNotificationRequestResponse>({
  argumentNames: ['id'],
  request: (id) => ({ method: 'PUT', path: `${BASE}/${seg(id)}/mark-as-notification-sent` }),
});

/**
 * Requests filtered by status, e-mail and item, newest first, paged by cursor (owner and `ecom` keys). For the next
 * page pass `{ cursorPaging: { cursor: pagingMetadata.cursors.next } }` alone.
 *
 * @example
 * const { requests, pagingMetadata } = await admin.backInStockNotifications.queryBackInStockNotificationRequests({
 *   status: ['RECEIVED'], catalogItemId: product.id, cursorPaging: { limit: 20 },
 * });
 */
export const queryBackInStockNotificationRequests = defineMethod<
  [query?: BackInStockRequestsQuery],
  QueryBackInStockRequestsResponse
>({
  argumentNames: ['query'],
  request: (query = {}) => ({ method: 'GET', path: BASE, query: { ...query } }),
});

/**
 * How many open requests (RECEIVED or PROCESSING) wait for each item, in the order given (owner and `ecom` keys).
 * Long lists (a query string over 4000 characters) go as a POST by themselves; up to 100 references.
 *
 * @example
 * const { counts } = await admin.backInStockNotifications.countBackInStockNotificationRequestsByCatalogReferences([
 *   { appId: 'plaza-catalog', catalogItemId: product.id },
 * ]);
 */
export const countBackInStockNotificationRequestsByCatalogReferences = defineMethod<
  [catalogReferences: CatalogReference[]],
  CountBackInStockRequestsResponse
>({
  argumentNames: ['catalogReferences'],
  request: (catalogReferences) => ({
    method: 'GET',
    path: `${BASE}/count-by-catalog-reference`,
    query: {
      catalogReferences: catalogReferences.map((r) => ({
        appId: r.appId,
        catalogItemId: r.catalogItemId,
        options: r.options?.variantId ? { variantId: String(r.options.variantId as string) } : undefined,
      })),
    },
  }),
  fallback: (catalogReferences) => ({
    method: 'POST',
    path: `${BASE}/count-by-catalog-reference`,
    body: { catalogReferences },
  }),
});

/**
 * Mails every waiting request of an item (or only `requestIds`, which may retry FAILED ones) in a background job
 * (owner and `ecom` keys). Follow it with `jobs.getJob(jobId)` from `@plaza/sdk/jobs` for progress.
 *
 * @example
 * const { jobId, requestCount } = await admin.backInStockNotifications.reportItemsBackInStock({
 *   catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id },
 *   itemDetails: { name: product.name, price: product.price.formattedAmount },
 * });
 */
export const reportItemsBackInStock = defineMethod<
  [report: ReportItemsBackInStockRequest],
  ReportItemsBackInStockResponse
>({
  argumentNames: ['report'],
  request: (report) => ({ method: 'POST', path: `${BASE}/report-items-back-in-stock`, body: report }),
});

/**
 * The back-in-stock module: `import { backInStockNotifications } from '@plaza/sdk/ecom'`, then
 * `createClient({ ..., modules: { backInStockNotifications } })`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { backInStockNotifications } });
 */
export const backInStockNotifications = {
  createBackInStockNotificationRequest,
  getBackInStockNotificationRequest,
  deleteBackInStockNotificationRequest,
  markAsNotificationSent,
  queryBackInStockNotificationRequests,
  countBackInStockNotificationRequestsByCatalogReferences,
  reportItemsBackInStock,
};
