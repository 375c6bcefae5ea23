import type {
  CompleteStripeSessionRequest,
  ConnectStripeRequest,
  CreateOrderResponse,
  PaymentMethodsResponse,
  StripeSessionResponse,
  StripeSettingsResponse,
  UpdateStripeSettingsRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  CaptureMethod,
  ConnectStripeRequest,
  PaymentMethodsResponse,
  PaymentMode,
  StripeSessionResponse,
  StripeSettings,
  StripeSettingsResponse,
} from '@plaza/contracts';

const SETTINGS = '/ecom/v1/payments/stripe/settings';
const session = (checkoutId: string, tail = '') => `/ecom/v1/checkouts/${seg(checkoutId)}/stripe-session${tail}`;

/**
 * How buyers pay by card in this shop: the built-in test cards, or Stripe's hosted page (`provider: 'STRIPE'`).
 * `testMode` says no real money moves.
 *
 * @example
 * const { card } = await client.payments.getPaymentMethods();
 * if (card.provider === 'STRIPE') location.assign((await client.payments.createStripeSession(checkoutId)).url);
 */
export const getPaymentMethods = defineMethod<[], PaymentMethodsResponse>({
  argumentNames: [],
  request: () => ({ method: 'GET', path: '/ecom/v1/payments/methods' }),
});

/**
 * A Stripe Checkout Session for what the checkout has due now: send the buyer to its `url`. Stripe sends them back to
 * the shop's `/checkout/{checkoutId}/paid?session_id=…` page, which calls `completeStripeSession`; a buyer who cancels
 * comes back to their checkout, unchanged.
 */
export const createStripeSession = defineMethod<[checkoutId: string], StripeSessionResponse>({
  argumentNames: ['checkoutId'],
  request: (id) => ({ method: 'POST', path: session(id), body: {} }),
});

/**
 * After Stripe's page: places the order for a paid session (once, whether Stripe's webhook came first or not) and
 * answers it with its thank-you token. A payment not finished yet is a 409 STRIPE_PAYMENT_NOT_FINISHED; a checkout
 * that changed while the buyer paid is a 409 PAYMENT_RETURNED whose message says the money went back.
 */
export const completeStripeSession = defineMethod<
  [checkoutId: string, request: CompleteStripeSessionRequest],
  CreateOrderResponse
>({
  argumentNames: ['checkoutId', 'request'],
  request: (id, body) => ({ method: 'POST', path: session(id, '/complete'), body }),
});

/** The shop's Stripe connection, secrets shown only as hints (owner). */
export const getStripeSettings = defineMethod<[], StripeSettingsResponse>({
  argumentNames: [],
  request: () => ({ method: 'GET', path: SETTINGS }),
});

/**
 * Connects Stripe (owner): the keys are checked with one harmless call to Stripe before they are stored, sealed.
 * A wrong key, a test key for live mode or keys of two modes are a 400 naming the field.
 */
export const connectStripe = defineMethod<[request: ConnectStripeRequest], StripeSettingsResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'PUT', path: SETTINGS, body }),
});

/** Changes how Stripe payments are captured (AUTOMATIC, or MANUAL: the owner captures each). */
export const updateStripeSettings = defineMethod<[request: UpdateStripeSettingsRequest], StripeSettingsResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'PATCH', path: SETTINGS, body }),
});

/** Disconnects Stripe: the keys are deleted; buyers pay with the test cards again. Paid orders keep their payments. */
export const disconnectStripe = defineMethod<[], StripeSettingsResponse>({
  argumentNames: [],
  request: () => ({ method: 'DELETE', path: SETTINGS }),
});

/** The payments module: `import { payments } from '@plaza/sdk/ecom'`. */
export const payments = {
  getPaymentMethods,
  createStripeSession,
  completeStripeSession,
  getStripeSettings,
  connectStripe,
  updateStripeSettings,
  disconnectStripe,
};
