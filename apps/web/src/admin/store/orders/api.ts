import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CreateFulfillmentRequest,
  FulfillmentResponse,
  ListFulfillmentsResponse,
  UpdateOrderRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '@plaza/sdk';
import {
  addActivity,
  cancelOrder,
  deleteActivity,
  capturePayments,
  getOrder,
  getOrderTransactions,
  getRefundability,
  issueOrderInvoice,
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
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const keys = {
  all: () => [...storeKeys.all(), 'orders'] as const,
  list: (search: SearchOrdersRequest['search']) => [...keys.all(), 'list', search] as const,
  one: (id: string) => [...keys.all(), 'one', id] as const,
};

export function useOrders(search: SearchOrdersRequest['search']) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.list(search),
    queryFn: () => callMethod(plaza, searchOrders, search),
    placeholderData: keepPreviousData,
  });
}

/** The order and its payments and refunds, read together. */
export function useOrder(id: string) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.one(id),
    queryFn: async () => {
      const [{ order }, { orderTransactions }] = await Promise.all([
        callMethod(plaza, getOrder, id),
        callMethod(plaza, getOrderTransactions, id),
      ]);
      return { order, transactions: orderTransactions };
    },
  });
}

// Every change refreshes the order and the lists it shows in.
export const useCapture = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; paymentId: string; amount?: string }) =>
    callMethod(plaza, capturePayments, v.orderId, [
      { paymentId: v.paymentId, ...(v.amount ? { amount: { amount: v.amount } } : {}) },
    ]),
  );
export const useVoid = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; paymentId: string }) =>
    callMethod(plaza, voidPayments, v.orderId, [v.paymentId]),
  );
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
export const useRefund = () =>
  useStoreChange(keys.all(), (plaza, v: RefundInput) =>
    callMethod(plaza, triggerRefund, v.orderId, {
      payments: [{ paymentId: v.paymentId, amount: { amount: v.amount } }],
      ...(v.reason ? { details: { reason: v.reason } } : {}),
      sideEffects: {
        restockInfo: v.restockItems.length ? { type: 'SOME_ITEMS', items: v.restockItems } : { type: 'NO_ITEMS' },
        sendOrderRefundedEmail: v.notify,
      },
    }),
  );
/** What each payment can still give back, formatted in the shop's currency (read when the refund dialog opens). */
export function useRefundability(orderId: string, enabled: boolean) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...keys.one(orderId), 'refundability'],
    queryFn: () => callMethod(plaza, getRefundability, orderId),
    enabled,
  });
}
export const useMarkPaid = () =>
  useStoreChange(keys.all(), (plaza, orderId: string) => callMethod(plaza, markAsPaid, orderId));
export const useCancelOrder = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; restock: boolean }) =>
    callMethod(plaza, cancelOrder, v.orderId, { restockAllItems: v.restock }),
  );
export const useComment = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; message: string }) =>
    callMethod(plaza, addActivity, v.orderId, {
      activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: v.message } },
    }),
  );

export const useUpdateOrder = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; order: UpdateOrderRequest['order']; paths: string[] }) =>
    callMethod(plaza, updateOrder, v.orderId, v.order, v.paths),
  );
export const useEditComment = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; activityId: string; message: string }) =>
    callMethod(plaza, updateActivity, v.orderId, v.activityId, { merchantComment: { message: v.message } }),
  );
export const useDeleteComment = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; activityId: string }) =>
    callMethod(plaza, deleteActivity, v.orderId, v.activityId),
  );

// Fulfillments have no SDK module yet (the client SDK is at its size budget): the routes are described here.
const fulfillmentsOf = defineMethod<[orderId: string], ListFulfillmentsResponse>({
  argumentNames: ['orderId'],
  request: (id) => ({ method: 'GET', path: `/ecom/v1/orders/${seg(id)}/fulfillments` }),
});
const createFulfillment = defineMethod<[orderId: string, body: CreateFulfillmentRequest], FulfillmentResponse>({
  argumentNames: ['orderId', 'body'],
  request: (id, body) => ({ method: 'POST', path: `/ecom/v1/orders/${seg(id)}/fulfillments`, body }),
});

export function useFulfillments(orderId: string) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...keys.one(orderId), 'fulfillments'],
    queryFn: () => callMethod(plaza, fulfillmentsOf, orderId).then((r) => r.fulfillments),
  });
}
export const useFulfill = () =>
  useStoreChange(keys.all(), (plaza, v: { orderId: string; body: CreateFulfillmentRequest }) =>
    callMethod(plaza, createFulfillment, v.orderId, v.body),
  );

export const useIssueInvoice = () =>
  useStoreChange(keys.all(), (plaza, orderId: string) => callMethod(plaza, issueOrderInvoice, orderId));
export const useSendInvoice = () =>
  useStoreChange(keys.all(), (plaza, orderId: string) => callMethod(plaza, sendOrderInvoice, orderId));
export const useRemoveInvoice = () =>
  useStoreChange(keys.all(), (plaza, orderId: string) => callMethod(plaza, removeOrderInvoice, orderId));
