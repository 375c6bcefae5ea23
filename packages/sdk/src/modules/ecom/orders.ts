import type {
  AddOrderActivityRequest,
  AggregateOrdersRequest,
  AggregateOrdersResponse,
  BulkOrderResults,
  BulkUpdateOrdersRequest,
  CancelOrderRequest,
  CommitDeltasRequest,
  CommitDeltasResponse,
  CreateOrderByMerchantRequest,
  OrderApprovalStatus,
  OrderDownloadLinksResponse,
  OrderInvoiceResponse,
  OrderResponse,
  OrderTransactionsResponse,
  SearchOrdersRequest,
  SearchOrdersResponse,
  UpdateOrderActivityRequest,
  UpdateOrderActivityResponse,
  UpdateOrderLineItemRequest,
  UpdateOrderRequest,
  UpdateOrderTagsRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  InvoiceStatus,
  Order,
  OrderActivity,
  OrderInvoice,
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

/**
 * An order the merchant makes for a buyer (phone order, import, sale elsewhere): catalog items priced by the store,
 * custom items (API keys) at their own price. (Only on the module: the checkout's `createOrder` has the top-level name.)
 *
 * @example
 * const { order } = await admin.orders.createOrder({ lineItems, buyerInfo: { email } }, { sendOrderPlacedEmail: true });
 */
const createOrder = defineMethod<
  [order: CreateOrderByMerchantRequest['order'], settings?: CreateOrderByMerchantRequest['settings']],
  OrderResponse
>({
  argumentNames: ['order', 'settings'],
  request: (order, settings) => ({ method: 'POST', path: BASE.slice(0, -1), body: { order, settings } }),
});

/**
 * Contact, addresses, note and tags; a named optional field left out is cleared.
 *
 * @example await admin.orders.updateOrder(id, { buyerNote: 'Gift' }, ['buyerNote']);
 */
export const updateOrder = defineMethod<
  [orderId: string, order: UpdateOrderRequest['order'], fieldMask?: string[]],
  OrderResponse
>({
  argumentNames: ['orderId', 'order', 'fieldMask'],
  request: (id, order, paths) => ({
    method: 'PATCH',
    path: BASE + seg(id),
    body: { order, fieldMask: paths && { paths } },
  }),
});

/** @example await admin.orders.bulkUpdateOrders({ orders: [{ order: { id, tags: ['vip'] } }], returnEntity: true }); */
export const bulkUpdateOrders = defineMethod<[request: BulkUpdateOrdersRequest], BulkOrderResults>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'POST', path: '/ecom/v1/bulk/orders/update', body }),
});

/** Rename or re-describe a line (never its price). @example await admin.orders.updateLineItem(id, lineId, { productName: 'Mug' }); */
export const updateLineItem = defineMethod<
  [orderId: string, lineItemId: string, lineItem: UpdateOrderLineItemRequest['lineItem']],
  OrderResponse
>({
  argumentNames: ['orderId', 'lineItemId', 'lineItem'],
  request: (id, line, lineItem) => ({
    method: 'PATCH',
    path: `${BASE + seg(id)}/line-item/${seg(line)}`,
    body: { lineItem },
  }),
});

/** Comments and custom activities only. @example await admin.orders.updateActivity(id, activityId, { merchantComment: { message } }); */
export const updateActivity = defineMethod<
  [orderId: string, activityId: string, activity: UpdateOrderActivityRequest['activity']],
  UpdateOrderActivityResponse
>({
  argumentNames: ['orderId', 'activityId', 'activity'],
  request: (id, a, activity) => ({
    method: 'PATCH',
    path: `${BASE + seg(id)}/activities/${seg(a)}`,
    body: { activity },
  }),
});

/** @example await admin.orders.deleteActivity(id, activityId); */
export const deleteActivity = defineMethod<[orderId: string, activityId: string], OrderResponse>({
  argumentNames: ['orderId', 'activityId'],
  request: (id, a) => ({ method: 'DELETE', path: `${BASE + seg(id)}/activities/${seg(a)}` }),
});

/**
 * Changes an open order's items, prices, shipping, discounts or fees; `commitSettings.previewOnly` only prices them.
 *
 * @example
 * const { order } = await admin.orders.commitDeltas(id, { changes: { lineItemsRemoved: [lineId] }, reason: 'Out of stock' });
 */
export const commitDeltas = action<CommitDeltasRequest, CommitDeltasResponse>('/commit-deltas', 'request');

/** `{METHOD} /ecom/v1/orders/{id}/invoice{tail}`, answering `{ invoice }`. */
const invoice = (method: 'GET' | 'POST' | 'DELETE', tail = '') =>
  defineMethod<[orderId: string], OrderInvoiceResponse>({
    argumentNames: ['orderId'],
    request: (id) => ({ method, path: `${BASE + seg(id)}/invoice${tail}` }),
  });

/**
 * The order's invoice (number, status, dates, total, amount due): the owner's, or a member's own. 404 before one is
 * issued. @example const { invoice } = await admin.orders.getOrderInvoice(orderId); // invoice.status: 'Sent'
 */
export const getOrderInvoice = invoice('GET');
/** INVOICE_ADDED; 409 while one is issued. @example await admin.orders.issueOrderInvoice(orderId); */
export const issueOrderInvoice = invoice('POST');
/** INVOICE_REMOVED (status Deleted); issuing again makes a new one. @example await admin.orders.removeOrderInvoice(id); */
export const removeOrderInvoice = invoice('DELETE');
/** E-mails the buyer a link to the PDF (INVOICE_SENT). @example await admin.orders.sendOrderInvoice(orderId); */
export const sendOrderInvoice = invoice('POST', '/send');

/**
 * Fresh links to the files of a paid order's digital items (the buyer, with `token` in another browser).
 *
 * @example const { downloadLinks } = await client.orders.getDownloadLinks(orderId, thankYouToken);
 */
export const getDownloadLinks = defineMethod<[orderId: string, token?: string], OrderDownloadLinksResponse>({
  argumentNames: ['orderId', 'token'],
  request: (id, token) => ({ method: 'POST', path: `${BASE + seg(id)}/download-links`, query: { token } }),
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
  createOrder,
  updateOrder,
  bulkUpdateOrders,
  updateLineItem,
  updateActivity,
  deleteActivity,
  commitDeltas,
  getOrderInvoice,
  issueOrderInvoice,
  removeOrderInvoice,
  sendOrderInvoice,
};
