import type {
  AddOrderActivityRequest,
  AggregateOrdersRequest,
  AggregateOrdersResponse,
  BulkOrderResults,
  CancelOrderRequest,
  OrderApprovalStatus,
  OrderResponse,
  OrderTransactionsResponse,
  SearchOrdersRequest,
  SearchOrdersResponse,
  UpdateOrderTagsRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  Order,
  OrderActivity,
  OrderPayment,
  OrderRefund,
  OrderResponse,
  OrderTransactions,
  SearchOrdersRequest,
  SearchOrdersResponse,
} from '@plaza/contracts';

/*
 * Orders. Buyers read their own (a visitor also with the thank-you token from placing it); the owner and `ecom`
 * API keys read and manage every order.
 */

const BASE = '/ecom/v1/orders/';
/** `POST /ecom/v1/orders/{id}/{action}` with a body. */
const action = <B, R = OrderResponse>(tail: string, name: string) =>
  defineMethod<[orderId: string, body: B], R>({
    argumentNames: ['orderId', name],
    request: (id, body) => ({ method: 'POST', path: BASE + seg(id) + tail, body }),
  });

/**
 * An order: the caller's own, any for the owner, or one placed in this browser with its `thankYouToken`.
 *
 * @example const { order } = await client.orders.getOrder(orderId, thankYouToken);
 */
export const getOrder = defineMethod<[orderId: string, token?: string], OrderResponse>({
  argumentNames: ['orderId', 'token'],
  request: (id, token) => ({ method: 'GET', path: BASE + seg(id), query: { token } }),
});

/**
 * Newest first; filter by statuses, dates, number, e-mail, tags, channel or text; page with `metadata.cursor`.
 *
 * @example
 * const { orders, metadata } = await admin.orders.searchOrders({ filter: { paymentStatus: ['NOT_PAID'] } });
 */
export const searchOrders = defineMethod<[search?: SearchOrdersRequest['search']], SearchOrdersResponse>({
  argumentNames: ['search'],
  request: (search) => ({ method: 'POST', path: `${BASE}search`, body: { search: search ?? {} } }),
});

/** @example await admin.orders.cancelOrder(orderId, { restockAllItems: true }); */
export const cancelOrder = action<CancelOrderRequest>('/cancel', 'options');

/** INITIALIZED → APPROVED, PENDING…; see the route's table. @example await admin.orders.updateOrderStatus(id, 'APPROVED'); */
export const updateOrderStatus = defineMethod<[orderId: string, status: OrderApprovalStatus], OrderResponse>({
  argumentNames: ['orderId', 'status'],
  request: (id, status) => ({ method: 'POST', path: `${BASE + seg(id)}/update-status`, body: { status } }),
});

/**
 * @example
 * await admin.orders.addActivity(id, { activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: 'Wrap it' } } });
 */
export const addActivity = action<AddOrderActivityRequest>('/activities', 'activity');

/** @example await admin.orders.getOrderTransactions(orderId); // payments and refunds */
export const getOrderTransactions = defineMethod<[orderId: string], OrderTransactionsResponse>({
  argumentNames: ['orderId'],
  request: (id) => ({ method: 'GET', path: `${BASE + seg(id)}/transactions` }),
});

/** @example await admin.orders.bulkUpdateOrderTags({ orderIds, assignTags: ['vip'] }); */
export const bulkUpdateOrderTags = defineMethod<[request: UpdateOrderTagsRequest], BulkOrderResults>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'POST', path: '/ecom/v1/bulk/orders/update-tags', body }),
});

/**
 * Counts and sums by status, payment, channel or day (one or two levels).
 *
 * @example const { groups } = await admin.orders.aggregateOrders({ aggregation: { groupBy: ['day'] } });
 */
export const aggregateOrders = defineMethod<[request: AggregateOrdersRequest], AggregateOrdersResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'POST', path: `${BASE}aggregate`, body }),
});

/** The module for `createClient({ modules })`. */
export const orders = {
  aggregateOrders,
  getOrder,
  searchOrders,
  cancelOrder,
  updateOrderStatus,
  addActivity,
  getOrderTransactions,
  bulkUpdateOrderTags,
};
