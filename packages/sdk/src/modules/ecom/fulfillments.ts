import type {
  CreateFulfillmentRequest,
  FulfillmentResponse,
  ListFulfillmentsResponse,
  UpdateFulfillmentRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  CreateFulfillmentRequest,
  Fulfillment,
  FulfillmentResponse,
  ListFulfillmentsResponse,
  UpdateFulfillmentRequest,
} from '@plaza/contracts';

/*
 * Fulfillments: what of an order was sent, with carrier and tracking. The owner and `ecom` API keys send and edit;
 * buyers read their own order's (a visitor also with the thank-you token).
 */

const of = (orderId: string) => `/ecom/v1/orders/${seg(orderId)}/fulfillments`;

/**
 * An order's fulfillments: the owner's, a buyer's own, or one placed in this browser with `token`.
 *
 * @example const { fulfillments } = await client.fulfillments.listFulfillments(orderId, thankYouToken);
 */
export const listFulfillments = defineMethod<[orderId: string, token?: string], ListFulfillmentsResponse>({
  argumentNames: ['orderId', 'token'],
  request: (id, token) => ({ method: 'GET', path: of(id), query: { token } }),
});

/**
 * Sends some lines (with quantities) or, with none, everything not sent yet; the order's `fulfillmentStatus` follows.
 *
 * @example
 * await admin.fulfillments.createFulfillment(orderId, { fulfillment: { trackingInfo: { trackingNumber: '1Z99' } } });
 */
export const createFulfillment = defineMethod<
  [orderId: string, request: CreateFulfillmentRequest],
  FulfillmentResponse
>({
  argumentNames: ['orderId', 'request'],
  request: (id, body) => ({ method: 'POST', path: of(id), body }),
});

/**
 * Changes a fulfillment's tracking (TRACKING_NUMBER_EDITED).
 *
 * @example
 * await admin.fulfillments.updateFulfillment(orderId, id, { fulfillment: { trackingInfo: { trackingNumber: 'X1' } } });
 */
export const updateFulfillment = defineMethod<
  [orderId: string, fulfillmentId: string, request: UpdateFulfillmentRequest],
  FulfillmentResponse
>({
  argumentNames: ['orderId', 'fulfillmentId', 'request'],
  request: (id, fulfillmentId, body) => ({ method: 'PATCH', path: `${of(id)}/${seg(fulfillmentId)}`, body }),
});

/** The module for `createClient({ modules })`. */
export const fulfillments = { listFulfillments, createFulfillment, updateFulfillment };
