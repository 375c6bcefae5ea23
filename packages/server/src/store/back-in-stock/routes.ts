import { Type } from 'typebox';
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

const tags = ['back-in-stock'];
const BASE = '/ecom/v1/back-in-stock-notification-requests';
const errors = errorResponses(404, 409);
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/** Shoppers (visitors, members) ask and read their own; the owner and `ecom` keys manage every request. */
const shoppers: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };
const managers: Access = { admin: ['OWNER'], scope: 'ecom' };

export function backInStockRoutes(app: App): void {
  registerRequestListRoutes(app);
  registerStockReportRoutes(app);
  registerOneRequestRoutes(app);
}

/** Asking to be told, and listing who asked. */
function registerRequestListRoutes(app: App): void {
  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Ask to be mailed when an item is back in stock',
        description:
          "The item (Plaza's catalog: a product, or `options.variantId` for one variant) must exist and be out of " +
          'stock, else 400. One open request per e-mail and item: asking again answers the open request.',
        body: CreateBackInStockNotificationRequest,
        response: { 200: BackInStockNotificationRequestResponse, ...errors },
      },
      config: { access: shoppers },
    },
    async (req) => ({ request: await createRequest(req.ctx, req.body) }),
  );

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'Query back-in-stock requests',
        description:
          'Owner and `ecom` keys. Filter by `status` (repeatable), `email`, `catalogItemId` and `variantId`; newest ' +
          'first (`sort=CREATED_ASC` for oldest); paged by cursor (send `cursorPaging.cursor` alone with the limit).',
        querystring: QueryBackInStockRequestsQuery,
        response: { 200: QueryBackInStockRequestsResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => queryRequests(req.ctx, req.query),
  );
}

/** Counting requests per item, and reporting items back in stock. */
function registerStockReportRoutes(app: App): void {
  app.get(
    `${BASE}/count-by-catalog-reference`,
    {
      schema: {
        tags,
        summary: 'Count open requests per item',
        description:
          'Owner and `ecom` keys. `catalogReferences[i].appId`, `catalogReferences[i].catalogItemId` and optionally ' +
          '`catalogReferences[i].options.variantId`; answers the RECEIVED and PROCESSING requests of each, in order.',
        querystring: CountBackInStockRequestsQuery,
        response: { 200: CountBackInStockRequestsResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => countByCatalogReferences(req.ctx, req.query),
  );

  app.post(
    `${BASE}/count-by-catalog-reference`,
    {
      schema: {
        tags,
        summary: 'Count open requests per item (long lists)',
        description:
          'The GET with `{ catalogReferences: [...] }` in the body (up to 100), for lists too long for a query ' +
          'string; the SDK switches to it by itself.',
        body: CountBackInStockRequestsBody,
        response: { 200: CountBackInStockRequestsResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => countByCatalogReferences(req.ctx, req.body),
  );

  app.post(
    `${BASE}/report-items-back-in-stock`,
    {
      schema: {
        tags,
        summary: 'Report items back in stock and mail the waiting requests',
        description:
          'Owner and `ecom` keys. Mails every RECEIVED request of `catalogReference`, or only `requestIds` (which ' +
          'may retry FAILED ones), in a job: poll GET /jobs/v1/jobs/{jobId} for progress. Each request ends ' +
          'NOTIFICATION_SENT or FAILED and is mailed at most once.',
        body: ReportItemsBackInStockRequest,
        response: { 200: ReportItemsBackInStockResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => reportItemsBackInStock(req.ctx, req.body),
  );
}

/** One request: read, delete, mark as notified. */
function registerOneRequestRoutes(app: App): void {
  app.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a back-in-stock request',
        description: "The requester's own, or any for the owner and `ecom` keys; anyone else gets 404.",
        params: IdParams,
        response: { 200: BackInStockNotificationRequestResponse, ...errors },
      },
      config: { access: shoppers },
    },
    async (req) => ({ request: await getRequest(req.ctx, req.params.id) }),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a back-in-stock request',
        description: "The requester's own, or any for the owner and `ecom` keys; anyone else gets 404.",
        params: IdParams,
        response: { 200: EmptyResponse, ...errors },
      },
      config: { access: shoppers },
    },
    async (req) => {
      await deleteRequest(req.ctx, req.params.id);
      return {};
    },
  );

  app.put(
    `${BASE}/:id/mark-as-notification-sent`,
    {
      schema: {
        tags,
        summary: 'Mark a request as notified by hand',
        description:
          'Owner and `ecom` keys, for a shopper told outside Plaza: RECEIVED, PROCESSING or FAILED → ' +
          'NOTIFICATION_SENT (autoNotified false). Any other status is 409 INVALID_STATUS_TRANSITION.',
        params: IdParams,
        response: { 200: BackInStockNotificationRequestResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => ({ request: await markAsNotificationSent(req.ctx, req.params.id) }),
  );
}
