import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CommitDeltasRequest, CreateFulfillmentRequest, UpdateOrderRequest } from '@plaza/contracts';
import {
  addActivity,
  aggregateOrders,
  cancelOrder,
  capturePayments,
  commitDeltas,
  createFulfillment,
  createPaymentRequest,
  deleteActivity,
  getOrder,
  getOrderTransactions,
  getRefundability,
  issueOrderInvoice,
  listFulfillments,
  listPaymentRequests,
  markAsPaid,
  recordManualPayment,
  removeOrderInvoice,
  searchOrders,
  sendOrderInvoice,
  triggerRefund,
  updateActivity,
  updateOrder,
  updateOrderStatus,
  voidPayments,
  type SearchOrdersRequest,
} from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';
import { pageQuery } from '../factories.js';

/** The back office's orders. */
export const orderQueries = {
  all: () => [...storeQueries.all(), 'orders'] as const,
  /** One page of the search; the last page stays shown while the next loads. */
  list: (client: FetchClient, search: SearchOrdersRequest['search']) =>
    pageQuery([...orderQueries.all(), 'list', search] as const, () => call(client, searchOrders, search)),
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
  paymentRequests: (client: FetchClient, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'payment-requests', orderId] as const,
      queryFn: () => call(client, listPaymentRequests, orderId).then((r) => r.paymentRequests),
    }),
  /** Orders and sales per day since `firstDay` ("2026-11-11", UTC), canceled orders left out. */
  salesSince: (client: FetchClient, firstDay: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'sales', firstDay] as const,
      queryFn: () =>
        call(client, aggregateOrders, {
          aggregation: { groupBy: ['day'] },
          filter: { createdFrom: `${firstDay}T00:00:00.000Z`, status: ['INITIALIZED', 'APPROVED', 'PENDING'] },
        }),
    }),
  /**
   * The totals an order would have after `changes` (its JSON; empty: nothing to price yet). A refused draft is shown
   * as it is, not asked again; the last totals stay shown while the next are priced.
   */
  draftPreview: (client: FetchClient, orderId: string, changes: string) =>
    queryOptions({
      queryKey: [...storeQueries.all(), 'order-draft', orderId, changes] as const,
      queryFn: () =>
        call(client, commitDeltas, orderId, {
          changes: JSON.parse(changes) as CommitDeltasRequest['changes'],
          commitSettings: { previewOnly: true },
        }),
      enabled: changes !== '',
      retry: false,
      placeholderData: keepPreviousData,
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

export interface ManualPaymentInput {
  orderId: string;
  /** A decimal string in the order's currency, at most what is still due. */
  amount: string;
  /** How it came (cash, a bank transfer…), kept as a comment in the order's history; empty: none. */
  note: string;
}

/**
 * Money received outside Plaza. The payment has no note of its own on the server, so the note becomes a comment on the
 * order's history right after it; a refused payment writes no comment. `noteSaved` is false when the payment was
 * recorded but the comment was not (the owner can add it again).
 */
async function recordPayment(client: FetchClient, v: ManualPaymentInput) {
  const { order } = await call(client, recordManualPayment, v.orderId, { amount: v.amount });
  if (!v.note) return { order, noteSaved: true };
  try {
    const commented = await call(client, addActivity, v.orderId, {
      activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: v.note } },
    });
    return { order: commented.order, noteSaved: true };
  } catch {
    return { order, noteSaved: false };
  }
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
  recordPayment: orderChange(recordPayment),
  /** Approve or reject an order that waits (a payment still with the bank, an online order not paid yet). */
  setStatus: orderChange((client, v: { orderId: string; status: 'APPROVED' | 'REJECTED' }) =>
    call(client, updateOrderStatus, v.orderId, v.status),
  ),
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
  // Changing the items or asking for a payment moves totals, stock and lists all over the store.
  commitEdit: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, storeQueries.all(), (v: { orderId: string; request: CommitDeltasRequest }) =>
      call(client, commitDeltas, v.orderId, v.request),
    ),
  requestPayment: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, storeQueries.all(), (v: { orderId: string; amount: string }) =>
      call(client, createPaymentRequest, { orderId: v.orderId, amount: { amount: v.amount } }),
    ),
};
