import {
  CreatePaymentRequestRequest,
  ListPaymentRequestsQuery,
  ListPaymentRequestsResponse,
  PaymentRequestResponse,
  PaymentRequestTokenQuery,
  PayPaymentRequestRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { createPaymentRequest, getPaymentRequest, listPaymentRequests, payPaymentRequest } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';

/** The hosted page: anyone holding the link (its token), signed in or not. */
const withLink: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };
const BASE = '/ecom/v1/payment-requests';

const route = routeOptions({ tags: ['payments'], errors: errorResponses(404, 409), access: ecomManagers });

export function paymentRequestRoutes(app: App): void {
  app.post(
    BASE,
    route({
      summary: 'Ask the buyer to pay what an order still owes',
      description:
        'A link to a hosted page (`url`) that takes the payment by card; e-mailed to the buyer unless ' +
        '`sendEmail` is false. `amount` defaults to everything still due and may not exceed it. Orders paid with a ' +
        'deposit get one for the balance when they are placed.',
      body: CreatePaymentRequestRequest,
      response: PaymentRequestResponse,
    }),
    async (req) => ({ paymentRequest: await createPaymentRequest(req.ctx, req.body) }),
  );
  app.get(
    BASE,
    route({
      summary: 'An order’s payment requests',
      querystring: ListPaymentRequestsQuery,
      response: ListPaymentRequestsResponse,
    }),
    async (req) => ({ paymentRequests: await listPaymentRequests(req.ctx, req.query.orderId) }),
  );
  app.get(
    `${BASE}/:id`,
    route({
      summary: 'Read a payment request',
      description: 'Managers, or anyone with the link’s `token` (the hosted page). Otherwise 404.',
      params: IdParams,
      querystring: PaymentRequestTokenQuery,
      response: PaymentRequestResponse,
      access: withLink,
    }),
    async (req) => ({ paymentRequest: await getPaymentRequest(req.ctx, req.params.id, req.query.token) }),
  );
  app.post(
    `${BASE}/:id/pay`,
    route({
      summary: 'Pay a payment request by card',
      description:
        'Charges `paymentToken` for the amount and records it on the order, once: paying again answers the paid ' +
        'request. Expired: 409 PAYMENT_REQUEST_EXPIRED; declined: 409 PAYMENT_DECLINED with nothing written.',
      params: IdParams,
      body: PayPaymentRequestRequest,
      response: PaymentRequestResponse,
      access: withLink,
    }),
    async (req) => ({ paymentRequest: await payPaymentRequest(req.ctx, req.params.id, req.body) }),
  );
}
