import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CreateFulfillmentRequest, UpdateOrderRequest } from '@plaza/contracts';
import {
  addActivity,
  cancelOrder,
  capturePayments,
  createFulfillment,
  deleteActivity,
  getOrder,
  getOrderTransactions,
  getRefundability,
  issueOrderInvoice,
  listFulfillments,
  markAsPaid,
  removeOrderInvoice,
  searchOrders,
  sendOrderInvoice,
  triggerRefund,
  updateActivity,
  updateOrder,
  voidPayments,
  type SearchOrdersRequest,
} from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

/** The back office's orders. */
export const orderQueries = {
  all: () => [...storeQueries.all(), 'orders'] as const,
  /** One page of the search; the last page stays shown while the next loads. */
  list: (client: FetchClient, search: SearchOrdersRequest['search']) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'list', search] as const,
      queryFn: () => call(client, searchOrders, search),
      placeholderData: keepPreviousData,
    }),
  /** The order and its payments and refunds, read together. */
  order: (client: FetchClient, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'one', orderId] as const,
      queryFn: async () => {
        const [{ order }, { orderTransactions }] = await Promise.all([
          call(client, getOrder, orderId),
          call(client, getOrderTransactions, orderId),
        ]);
        return { order, transactions: orderTransactions };
      },
    }),
  /** What each payment can still give back, in the shop's currency (read when the refund dialog opens). */
  refundability: (client: FetchClient, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'one', orderId, 'refundability'] as const,
      queryFn: () => call(client, getRefundability, orderId),
    }),
  fulfillments: (client: FetchClient, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'one', orderId, 'fulfillments'] as const,
      queryFn: () => call(client, listFulfillments, orderId).then((r) => r.fulfillments),
    }),
};

export interface RefundInput {
  orderId: string;
  paymentId: string;
  amount: string;
  reason: string;
  /** The lines that go back in stock and how many of each; none: nothing goes back. */
  restockItems: Array<{ lineItemId: string; quantity: number }>;
  /** E-mail the buyer about it. */
  notify: boolean;
}

function refund(client: FetchClient, v: RefundInput) {
  return call(client, triggerRefund, v.orderId, {
    payments: [{ paymentId: v.paymentId, amount: { amount: v.amount } }],
    ...(v.reason ? { details: { reason: v.reason } } : {}),
    sideEffects: {
      restockInfo: v.restockItems.length ? { type: 'SOME_ITEMS', items: v.restockItems } : { type: 'NO_ITEMS' },
      sendOrderRefundedEmail: v.notify,
    },
  });
}

/** A change of one order: it refreshes the order and every list it shows in. */
const orderChange = <V, R>(fn: (client: FetchClient, vars: V) => Promise<R>) => {
  return (client: FetchClient, qc: QueryClient) => invalidating(qc, orderQueries.all(), (v: V) => fn(client, v));
};

export const orderMutations = {
  capturePayment: orderChange((client, v: { orderId: string; paymentId: string; amount?: string }) =>
    call(client, capturePayments, v.orderId, [
      { paymentId: v.paymentId, ...(v.amount ? { amount: { amount: v.amount } } : {}) },
    ]),
  ),
  voidPayment: orderChange((client, v: { orderId: string; paymentId: string }) =>
    call(client, voidPayments, v.orderId, [v.paymentId]),
  ),
  refund: orderChange(refund),
  markPaid: orderChange((client, orderId: string) => call(client, markAsPaid, orderId)),
  cancel: orderChange((client, v: { orderId: string; restock: boolean }) =>
    call(client, cancelOrder, v.orderId, { restockAllItems: v.restock }),
  ),
  comment: orderChange((client, v: { orderId: string; message: string }) =>
    call(client, addActivity, v.orderId, {
      activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: v.message } },
    }),
  ),
  editComment: orderChange((client, v: { orderId: string; activityId: string; message: string }) =>
    call(client, updateActivity, v.orderId, v.activityId, { merchantComment: { message: v.message } }),
  ),
  deleteComment: orderChange((client, v: { orderId: string; activityId: string }) =>
    call(client, deleteActivity, v.orderId, v.activityId),
  ),
  update: orderChange((client, v: { orderId: string; order: UpdateOrderRequest['order']; paths: string[] }) =>
    call(client, updateOrder, v.orderId, v.order, v.paths),
  ),
  fulfill: orderChange((client, v: { orderId: string; body: CreateFulfillmentRequest }) =>
    call(client, createFulfillment, v.orderId, v.body),
  ),
  issueInvoice: orderChange((client, orderId: string) => call(client, issueOrderInvoice, orderId)),
  sendInvoice: orderChange((client, orderId: string) => call(client, sendOrderInvoice, orderId)),
  removeInvoice: orderChange((client, orderId: string) => call(client, removeOrderInvoice, orderId)),
};
