import type {
  CreatePaymentRequestRequest,
  ListPaymentRequestsResponse,
  PaymentRequestResponse,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type { PaymentRequest, PaymentRequestResponse } from '@plaza/contracts';

/*
 * Payment requests: links to a hosted page where a buyer pays what an order still owes. The owner and `ecom` API
 * keys create and list them; the page reads and pays one with the link's token.
 */

const PATH = '/ecom/v1/payment-requests';

/** @example const { paymentRequest } = await admin.paymentRequests.createPaymentRequest({ orderId }); // .url */
export const createPaymentRequest = defineMethod<[request: CreatePaymentRequestRequest], PaymentRequestResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'POST', path: PATH, body }),
});
/** @example const { paymentRequests } = await admin.paymentRequests.listPaymentRequests(orderId); */
export const listPaymentRequests = defineMethod<[orderId: string], ListPaymentRequestsResponse>({
  argumentNames: ['orderId'],
  request: (orderId) => ({ method: 'GET', path: PATH, query: { orderId } }),
});
/** The hosted page. @example await client.paymentRequests.getPaymentRequest(id, token); */
export const getPaymentRequest = defineMethod<[paymentRequestId: string, token?: string], PaymentRequestResponse>({
  argumentNames: ['paymentRequestId', 'token'],
  request: (id, token) => ({ method: 'GET', path: `${PATH}/${seg(id)}`, query: { token } }),
});
/** @example await client.paymentRequests.payPaymentRequest(id, token, paymentToken); */
export const payPaymentRequest = defineMethod<
  [paymentRequestId: string, token: string, paymentToken: string],
  PaymentRequestResponse
>({
  argumentNames: ['paymentRequestId', 'token', 'paymentToken'],
  request: (id, token, paymentToken) => ({
    method: 'POST',
    path: `${PATH}/${seg(id)}/pay`,
    body: { token, paymentToken },
  }),
});

/** The module for `createClient({ modules })`. */
export const paymentRequests = { createPaymentRequest, listPaymentRequests, getPaymentRequest, payPaymentRequest };
