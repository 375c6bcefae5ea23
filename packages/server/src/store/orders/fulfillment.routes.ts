import { Type } from 'typebox';
import {
  CreateFulfillmentRequest,
  FulfillmentResponse,
  GetOrderQuery,
  ListFulfillmentsResponse,
  UpdateFulfillmentRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createFulfillment, listFulfillments, updateFulfillment } from './fulfillment.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

const ItemParams = Type.Object(
  { id: Type.String({ format: 'uuid' }), fulfillmentId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

const route = routeOptions({ tags: ['fulfillments'], errors: errorResponses(404, 409), access: ecomManagers });

export function fulfillmentRoutes(app: App): void {
  app.get(
    '/ecom/v1/orders/:id/fulfillments',
    route({
      summary: 'An order’s fulfillments (what was sent, with tracking)',
      description: 'Same readers as the order (its buyer; a visitor with `token`).',
      params: IdParams,
      querystring: GetOrderQuery,
      response: ListFulfillmentsResponse,
      access: { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' },
    }),
    async (req) => ({ fulfillments: await listFulfillments(req.ctx, req.params.id, req.query.token) }),
  );
  app.post(
    '/ecom/v1/orders/:id/fulfillments',
    route({
      summary: 'Send items of an order',
      description:
        'Some lines (`lineItems` with quantities) or everything not sent yet, with the carrier, tracking number and ' +
        'link. Never more of a line than is left to send. The order’s fulfillmentStatus follows; the buyer gets ' +
        'the shipping confirmation unless `notifyBuyer` is false.',
      params: IdParams,
      body: CreateFulfillmentRequest,
      response: FulfillmentResponse,
    }),
    async (req) => createFulfillment(req.ctx, req.params.id, req.body),
  );
  app.patch(
    '/ecom/v1/orders/:id/fulfillments/:fulfillmentId',
    route({
      summary: 'Change a fulfillment’s tracking',
      params: ItemParams,
      body: UpdateFulfillmentRequest,
      response: FulfillmentResponse,
    }),
    async (req) => updateFulfillment(req.ctx, req.params.id, req.params.fulfillmentId, req.body),
  );
}
