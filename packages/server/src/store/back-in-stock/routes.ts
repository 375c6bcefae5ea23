import {
  BackInStockNotificationRequestResponse,
  CountBackInStockRequestsBody,
  CountBackInStockRequestsQuery,
  CountBackInStockRequestsResponse,
  CreateBackInStockNotificationRequest,
  EmptyResponse,
  QueryBackInStockRequestsQuery,
  QueryBackInStockRequestsResponse,
  ReportItemsBackInStockRequest,
  ReportItemsBackInStockResponse,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { queryRequests } from './query.service.js';
import { reportItemsBackInStock } from './report.service.js';
import {
  countByCatalogReferences,
  createRequest,
  deleteRequest,
  getRequest,
  markAsNotificationSent,
} from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

const BASE = '/ecom/v1/back-in-stock-notification-requests';

/** Shoppers (visitors, members) ask and read their own; the owner and `ecom` keys manage every request. */
const shoppers: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };

const route = routeOptions({ tags: ['back-in-stock'], errors: errorResponses(404, 409), access: ecomManagers });

export function backInStockRoutes(app: App): void {
  registerRequestListRoutes(app);
  registerStockReportRoutes(app);
  registerOneRequestRoutes(app);
}

/** Asking to be told, and listing who asked. */
function registerRequestListRoutes(app: App): void {
  app.post(
    BASE,
    route({
      summary: 'Ask to be mailed when an item is back in stock',
      description:
        "The item (Plaza's catalog: a product, or `options.variantId` for one variant) must exist and be out of " +
        'stock, else 400. One open request per e-mail and item: asking again answers the open request.',
      body: CreateBackInStockNotificationRequest,
      response: BackInStockNotificationRequestResponse,
      access: shoppers,
    }),
    async (req) => ({ request: await createRequest(req.ctx, req.body) }),
  );

  app.get(
    BASE,
    route({
      summary: 'Query back-in-stock requests',
      description:
        'Owner and `ecom` keys. Filter by `status` (repeatable), `email`, `catalogItemId` and `variantId`; newest ' +
        'first (`sort=CREATED_ASC` for oldest); paged by cursor (send `cursorPaging.cursor` alone with the limit).',
      querystring: QueryBackInStockRequestsQuery,
      response: QueryBackInStockRequestsResponse,
    }),
    async (req) => queryRequests(req.ctx, req.query),
  );
}

/** Counting requests per item, and reporting items back in stock. */
function registerStockReportRoutes(app: App): void {
  app.get(
    `${BASE}/count-by-catalog-reference`,
    route({
      summary: 'Count open requests per item',
      description:
        'Owner and `ecom` keys. `catalogReferences[i].appId`, `catalogReferences[i].catalogItemId` and optionally ' +
        '`catalogReferences[i].options.variantId`; answers the RECEIVED and PROCESSING requests of each, in order.',
      querystring: CountBackInStockRequestsQuery,
      response: CountBackInStockRequestsResponse,
    }),
    async (req) => countByCatalogReferences(req.ctx, req.query),
  );

  app.post(
    `${BASE}/count-by-catalog-reference`,
    route({
      summary: 'Count open requests per item (long lists)',
      description:
        'The GET with `{ catalogReferences: [...] }` in the body (up to 100), for lists too long for a query ' +
        'string; the SDK switches to it by itself.',
      body: CountBackInStockRequestsBody,
      response: CountBackInStockRequestsResponse,
    }),
    async (req) => countByCatalogReferences(req.ctx, req.body),
  );

  app.post(
    `${BASE}/report-items-back-in-stock`,
    route({
      summary: 'Report items back in stock and mail the waiting requests',
      description:
        'Owner and `ecom` keys. Mails every RECEIVED request of `catalogReference`, or only `requestIds` (which ' +
        'may retry FAILED ones), in a job: poll GET /jobs/v1/jobs/{jobId} for progress. Each request ends ' +
        'NOTIFICATION_SENT or FAILED and is mailed at most once.',
      body: ReportItemsBackInStockRequest,
      response: ReportItemsBackInStockResponse,
    }),
    async (req) => reportItemsBackInStock(req.ctx, req.body),
  );
}

/** One request: read, delete, mark as notified. */
function registerOneRequestRoutes(app: App): void {
  app.get(
    `${BASE}/:id`,
    route({
      summary: 'Get a back-in-stock request',
      description: "The requester's own, or any for the owner and `ecom` keys; anyone else gets 404.",
      params: IdParams,
      response: BackInStockNotificationRequestResponse,
      access: shoppers,
    }),
    async (req) => ({ request: await getRequest(req.ctx, req.params.id) }),
  );

  app.delete(
    `${BASE}/:id`,
    route({
      summary: 'Delete a back-in-stock request',
      description: "The requester's own, or any for the owner and `ecom` keys; anyone else gets 404.",
      params: IdParams,
      response: EmptyResponse,
      access: shoppers,
    }),
    async (req) => emptyAfter(deleteRequest(req.ctx, req.params.id)),
  );

  app.put(
    `${BASE}/:id/mark-as-notification-sent`,
    route({
      summary: 'Mark a request as notified by hand',
      description:
        'Owner and `ecom` keys, for a shopper told outside Plaza: RECEIVED, PROCESSING or FAILED → ' +
        'NOTIFICATION_SENT (autoNotified false). Any other status is 409 INVALID_STATUS_TRANSITION.',
      params: IdParams,
      response: BackInStockNotificationRequestResponse,
    }),
    async (req) => ({ request: await markAsNotificationSent(req.ctx, req.params.id) }),
  );
}
