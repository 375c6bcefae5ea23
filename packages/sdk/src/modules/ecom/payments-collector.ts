import type {
  BulkOrderResults,
  CapturePaymentsRequest,
  ChargeMembershipsRequest,
  ChargeMembershipsResponse,
  CollectabilityResponse,
  CreatePaymentGatewayOrderRequest,
  OrderResponse,
  OrderTransactionsResponse,
  PaymentGatewayOrderResponse,
  PreparePaymentCollectionRequest,
  RefundabilityResponse,
  TriggerRefundRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  CollectabilityResponse,
  CreatePaymentGatewayOrderRequest,
  PaymentGatewayOrderResponse,
  PreparePaymentCollectionRequest,
  RefundabilityResponse,
} from '@plaza/contracts';

/* The payments collector: capture, void, refund, record and prepare payments of an order (owner or `ecom` API key). */

const at = (id: string, tail: string) => `/ecom/v1/payments-collector/orders/${seg(id)}/${tail}`;
const post = <A extends unknown[], R>(tail: string, names: { [K in keyof A]: string }, body: (...a: A) => unknown) =>
  defineMethod<[orderId: string, ...A], R>({
    argumentNames: ['orderId', ...names] as never,
    request: (id, ...a) => ({ method: 'POST', path: at(id, tail), body: body(...(a as A)) }),
  });
const get = <R>(tail: string) =>
  defineMethod<[orderId: string], R>({
    argumentNames: ['orderId'],
    request: (id) => ({ method: 'GET', path: at(id, tail) }),
  });

/** @example await admin.paymentsCollector.capturePayments(orderId, [{ paymentId, amount: { amount: '30.00' } }]); */
export const capturePayments = post<[payments: CapturePaymentsRequest['payments']], OrderTransactionsResponse>(
  'capture-authorized-payments',
  ['payments'],
  (payments) => ({ payments }),
);
/** @example await admin.paymentsCollector.voidPayments(orderId, [paymentId]); */
export const voidPayments = post<[paymentIds: string[]], OrderTransactionsResponse>(
  'void-authorized-payments',
  ['paymentIds'],
  (paymentIds) => ({ paymentIds }),
);
/**
 * @example
 * await admin.paymentsCollector.triggerRefund(orderId, {
 *   payments: [{ paymentId, amount: { amount: '10.00' } }],
 *   sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
 * });
 */
export const triggerRefund = post<[request: TriggerRefundRequest], OrderTransactionsResponse>(
  'trigger-refund',
  ['request'],
  (r) => r,
);
/** @example await admin.paymentsCollector.markAsPaid(orderId); */
export const markAsPaid = post<[], OrderResponse>('mark-as-paid', [], () => ({}));
/** @example await admin.paymentsCollector.recordManualPayment(orderId, { amount: '20.00' }); */
export const recordManualPayment = post<[amount: { amount: string }], OrderResponse>(
  'manual-payment',
  ['amount'],
  (amount) => ({ amount }),
);
/** @example const { status, amount } = await admin.paymentsCollector.getPaymentCollectabilityStatus(orderId); */
export const getPaymentCollectabilityStatus = get<CollectabilityResponse>('payment-collectability-status');
/** @example const { refundablePerItem } = await admin.paymentsCollector.getRefundability(orderId); */
export const getRefundability = get<RefundabilityResponse>('refundability');
/** @example await admin.paymentsCollector.bulkMarkAsPaid([id1, id2]); // results per order */
export const bulkMarkAsPaid = defineMethod<[ecomOrderIds: string[]], BulkOrderResults>({
  argumentNames: ['ecomOrderIds'],
  request: (ecomOrderIds) => ({
    method: 'POST',
    path: '/ecom/v1/bulk/payments-collector/mark-as-paid',
    body: { ecomOrderIds },
  }),
});
/**
 * Holds part of what the order still owes for a payment about to be taken (24 hours); answers its gateway order id.
 * @example const { paymentGatewayOrderId } = await admin.paymentsCollector.preparePaymentCollection(orderId, { amount: { amount: '20.00' } });
 */
export const preparePaymentCollection = post<[request: PreparePaymentCollectionRequest], PaymentGatewayOrderResponse>(
  'prepare-payment-collection',
  ['request'],
  (r) => r,
);
/**
 * A gateway order for all the order still owes, with who takes the payment.
 * @example await admin.paymentsCollector.createPaymentGatewayOrder(orderId, { chargedBy: { fullName: 'Anna' } });
 */
export const createPaymentGatewayOrder = post<
  [request?: CreatePaymentGatewayOrderRequest],
  PaymentGatewayOrderResponse
>('create-payment-gateway-order', ['request'], (r) => r ?? {});
/**
 * Pays lines of an order with a member's plans (their credits), each order line once. No credits left: 409
 * `NOT_ENOUGH_CREDITS`.
 * @example await admin.paymentsCollector.chargeMembership(orderId, { memberId, membershipCharges: [{ membershipId, appId: 'plaza-plans', lineItemId }] });
 */
export const chargeMembership = post<[request: ChargeMembershipsRequest], ChargeMembershipsResponse>(
  'charge-membership',
  ['request'],
  (r) => r,
);

/** The module for `createClient({ modules })`. */
export const paymentsCollector = {
  capturePayments,
  voidPayments,
  triggerRefund,
  markAsPaid,
  recordManualPayment,
  getPaymentCollectabilityStatus,
  getRefundability,
  bulkMarkAsPaid,
  preparePaymentCollection,
  createPaymentGatewayOrder,
  chargeMembership,
};
