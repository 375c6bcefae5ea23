import { Type } from 'typebox';
import {
  BulkOrderResults,
  BulkUpdateOrdersRequest,
  CommitDeltasRequest,
  CommitDeltasResponse,
  CreateOrderByMerchantRequest,
  OrderResponse,
  UpdateOrderActivityRequest,
  UpdateOrderActivityResponse,
  UpdateOrderLineItemRequest,
  UpdateOrderRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import {
  bulkUpdateOrders,
  createOrderByMerchant,
  deleteOrderActivity,
  updateOrder,
  updateOrderActivity,
  updateOrderLineItem,
} from './edits.service.js';
import { commitDeltas } from './drafts.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

const uuid = Type.String({ format: 'uuid' });

const route = routeOptions({ tags: ['orders'], errors: errorResponses(404, 409), access: ecomManagers });

/** Orders the merchant makes and edits: everything here is for the owner and `ecom` API keys. */
export function orderEditRoutes(app: App): void {
  registerOrderEditRoutes(app);
  registerActivityAndDraftRoutes(app);
}

/** Creating an order by hand, and editing orders and their lines. */
function registerOrderEditRoutes(app: App): void {
  app.post(
    '/ecom/v1/orders',
    route({
      summary: 'Create an order for a buyer',
      description:
        'A phone order, an import or a sale made elsewhere. Catalog items are priced by the store (taxes, ' +
        'discounts and shipping as at checkout); custom items (API keys) bring their own price. Paid offline ' +
        'unless `paymentOption` says online (then it waits, INITIALIZED, for a payment). `settings.updateInventory` ' +
        '(default true) takes the stock; `settings.sendOrderPlacedEmail` (default false) confirms to the buyer.',
      body: CreateOrderByMerchantRequest,
      response: OrderResponse,
    }),
    async (req) => ({ order: await createOrderByMerchant(req.ctx, req.body) }),
  );
  app.patch(
    '/ecom/v1/orders/:id',
    route({
      summary: 'Change an order’s contact, addresses, note or tags',
      description:
        '`fieldMask.paths` names what changes (without one: every field sent). A named billingInfo, shipping ' +
        'destination or buyerNote left out of `order` is cleared. Logs EMAIL_EDITED and SHIPPING_ADDRESS_EDITED. ' +
        'Items and prices change through a draft (commit-deltas).',
      params: IdParams,
      body: UpdateOrderRequest,
      response: OrderResponse,
    }),
    async (req) => ({ order: await updateOrder(req.ctx, req.params.id, req.body) }),
  );
  app.post(
    '/ecom/v1/bulk/orders/update',
    route({
      summary: 'Change many orders',
      description:
        'Up to 100 orders, each with its own field mask; each succeeds or fails on its own ' +
        '(`results[].itemMetadata`), with the changed order in `results[].item` when `returnEntity` is true.',
      body: BulkUpdateOrdersRequest,
      response: BulkOrderResults,
    }),
    async (req) => bulkUpdateOrders(req.ctx, req.body),
  );
  app.patch(
    '/ecom/v1/orders/:id/line-item/:lineItemId',
    route({
      summary: 'Rename or re-describe an order’s line',
      description: 'productName, descriptionLines, sku and image; the price and quantity stay as bought.',
      params: Type.Object({ id: uuid, lineItemId: Type.String({ minLength: 1, maxLength: 100 }) }),
      body: UpdateOrderLineItemRequest,
      response: OrderResponse,
    }),
    async (req) => ({
      order: await updateOrderLineItem(req.ctx, req.params.id, req.params.lineItemId, req.body),
    }),
  );
}

/** Editing an order's activities, and committing a draft of its changes. */
function registerActivityAndDraftRoutes(app: App): void {
  const ActivityParams = Type.Object({ id: uuid, activityId: Type.String({ minLength: 1, maxLength: 100 }) });
  app.patch(
    '/ecom/v1/orders/:id/activities/:activityId',
    route({
      summary: 'Edit a comment or custom activity',
      description: 'The order’s own history (placed, paid, shipped…) cannot be changed: 400.',
      params: ActivityParams,
      body: UpdateOrderActivityRequest,
      response: UpdateOrderActivityResponse,
    }),
    async (req) => updateOrderActivity(req.ctx, req.params.id, req.params.activityId, req.body),
  );
  app.delete(
    '/ecom/v1/orders/:id/activities/:activityId',
    route({
      summary: 'Delete a comment or custom activity',
      params: ActivityParams,
      response: OrderResponse,
    }),
    async (req) => ({ order: await deleteOrderActivity(req.ctx, req.params.id, req.params.activityId) }),
  );
  app.post(
    '/ecom/v1/orders/:id/commit-deltas',
    route({
      summary: 'Change an order’s items, prices, shipping, discounts or fees',
      description:
        'Applies a draft of changes to an open order that has not been shipped: lines changed, removed or added ' +
        '(catalog items at today’s price, custom items), a new shipping line, discounts and fees. The order is ' +
        'priced again (its own prices and discounts kept, taxes recalculated); stock moves for the difference. ' +
        '`commitSettings.previewOnly` answers the order as it would be (DRAFT) and writes nothing. Refused with ' +
        '409 DRAFT_ORDER_COMMIT_BLOCKED and `reasons` when the order was refunded, came from another channel, ' +
        'was shipped or canceled, has a subscription, or would cost less than was paid. The same `draftOrderId` ' +
        'commits once. Logs DRAFT_ORDER_CHANGES_APPLIED.',
      params: IdParams,
      body: CommitDeltasRequest,
      response: CommitDeltasResponse,
    }),
    async (req) => commitDeltas(req.ctx, req.params.id, req.body),
  );
}
