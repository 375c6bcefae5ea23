import type {
  AddToCheckoutRequest,
  CheckoutResponse,
  CheckoutUrlResponse,
  CreateCheckoutRequest,
  CreateOrderAndChargeRequest,
  CreateOrderRequest,
  CreateOrderResponse,
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse,
  EmptyResponse,
  PaymentSettingsResponse,
  TestCardTokenRequest,
  TestCardTokenResponse,
  UpdateCheckoutLineItemsQuantityRequest,
  UpdateCheckoutRequest,
} from '@plaza/contracts';
import { defineMethod, seg } from '../../core/method.js';

export type {
  AddToCheckoutRequest,
  Checkout,
  CheckoutInfoInput,
  CheckoutResponse,
  CheckoutUrlResponse,
  CreateCheckoutRequest,
  CreateOrderResponse,
  PaymentOption,
  PaymentSettingsResponse,
  UpdateCheckoutRequest,
} from '@plaza/contracts';

type LineQuantities = UpdateCheckoutLineItemsQuantityRequest['lineItems'];

const BASE = '/ecom/v1/checkouts/';
const at = (id: string, tail = '') => BASE + seg(id) + tail;
/** `POST /ecom/v1/checkouts/{id}/{action}`: one builder for the small actions keeps the storefront bundle small. */
const action = <R = CheckoutResponse>(tail: string) =>
  defineMethod<[checkoutId: string], R>({
    argumentNames: ['checkoutId'],
    request: (id) => ({ method: 'POST', path: at(id, tail), body: {} }),
  });

/**
 * Creates a checkout from line items (prices always come from the catalog). Custom lines, catalog overrides and
 * merchant discounts need an API key with the `ecom` scope. On failure, the client's `onError` gets
 * `{ argumentNames: ['request'] }`.
 *
 * @example
 * const { checkout } = await client.checkouts.createCheckout({
 *   lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: productId }, quantity: 1 }],
 *   channelType: 'WEB',
 * });
 */
export const createCheckout = defineMethod<[request: CreateCheckoutRequest], CheckoutResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'POST', path: BASE.slice(0, -1), body }),
});

/**
 * One of the caller's checkouts, re-priced with fresh totals (someone else's is a 404).
 *
 * @example
 * const { checkout } = await client.checkouts.getCheckout(checkoutId);
 * console.log(checkout.priceSummary.total.formattedAmount);
 */
export const getCheckout = defineMethod<[checkoutId: string], CheckoutResponse>({
  argumentNames: ['checkoutId'],
  request: (id) => ({ method: 'GET', path: at(id) }),
});

/**
 * The newest checkout the caller made from a cart.
 *
 * @example
 * const { checkout } = await client.checkouts.getCheckoutByCartId(cartId);
 */
export const getCheckoutByCartId = defineMethod<[cartId: string], CheckoutResponse>({
  argumentNames: ['cartId'],
  request: (id) => ({ method: 'GET', path: at('by-cart-id', `/${seg(id)}`) }),
});

/**
 * Where to send the buyer: the hosted checkout page, or the API key's override URL.
 *
 * @example
 * const { checkoutUrl } = await client.checkouts.getCheckoutUrl(checkoutId);
 * location.assign(checkoutUrl);
 */
export const getCheckoutUrl = defineMethod<[checkoutId: string], CheckoutUrlResponse>({
  argumentNames: ['checkoutId'],
  request: (id) => ({ method: 'GET', path: at(id, '/checkout-url') }),
});

/**
 * A checkout URL on another platform (`{platform}-checkout-url`). No platform is supported yet: the server answers
 * 400 naming `platform`; use {@link getCheckoutUrl}.
 *
 * @example
 * await client.checkouts.getPlatformCheckoutUrl(checkoutId, 'amazon').catch((e) => console.log(e.status)); // 400
 */
export const getPlatformCheckoutUrl = defineMethod<[checkoutId: string, platform: string], CheckoutUrlResponse>({
  argumentNames: ['checkoutId', 'platform'],
  request: (id, platform) => ({ method: 'GET', path: at(id, `/${seg(platform)}-checkout-url`) }),
});

/**
 * Changes what the buyer filled in (`request.checkout` with `fieldMask.paths`; without a mask every given field),
 * sets a coupon or gift card, or adds lines. Answers the whole checkout with new totals.
 *
 * @example
 * const { checkout } = await client.checkouts.updateCheckout(checkoutId, {
 *   checkout: { shippingInfo: { shippingDestination: { address: { country: 'US', subdivision: 'US-NY' } } } },
 *   fieldMask: { paths: ['shippingInfo.shippingDestination'] },
 * });
 */
export const updateCheckout = defineMethod<[checkoutId: string, request: UpdateCheckoutRequest], CheckoutResponse>({
  argumentNames: ['checkoutId', 'request'],
  request: (id, body) => ({ method: 'PATCH', path: at(id), body }),
});

/**
 * Takes the coupon off.
 *
 * @example
 * const { checkout } = await client.checkouts.removeCoupon(checkoutId);
 */
export const removeCoupon = action('/remove-coupon');

/**
 * Takes the gift card off.
 *
 * @example
 * const { checkout } = await client.checkouts.removeGiftCard(checkoutId);
 */
export const removeGiftCard = action('/remove-gift-card');

/**
 * Sends the buyer to the hosted checkout page again (API keys set the override).
 *
 * @example
 * const { checkout } = await client.checkouts.removeOverrideCheckoutUrl(checkoutId);
 */
export const removeOverrideCheckoutUrl = action('/remove-override-checkout-url');

/**
 * Adds lines; an item already there with the same choices adds to its quantity.
 *
 * @example
 * await client.checkouts.addToCheckout(checkoutId, {
 *   lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: productId }, quantity: 2 }],
 * });
 */
export const addToCheckout = defineMethod<[checkoutId: string, request: AddToCheckoutRequest], CheckoutResponse>({
  argumentNames: ['checkoutId', 'request'],
  request: (id, body) => ({ method: 'POST', path: at(id, '/add-to-checkout'), body }),
});

/**
 * Removes lines by id.
 *
 * @example
 * await client.checkouts.removeLineItems(checkoutId, [lineItemId]);
 */
export const removeLineItems = defineMethod<[checkoutId: string, lineItemIds: string[]], CheckoutResponse>({
  argumentNames: ['checkoutId', 'lineItemIds'],
  request: (id, lineItemIds) => ({ method: 'POST', path: at(id, '/remove-line-items'), body: { lineItemIds } }),
});

/**
 * Sets line quantities; 0 removes the line.
 *
 * @example
 * await client.checkouts.updateLineItemsQuantity(checkoutId, [{ id: lineItemId, quantity: 3 }]);
 */
export const updateLineItemsQuantity = defineMethod<[checkoutId: string, lineItems: LineQuantities], CheckoutResponse>({
  argumentNames: ['checkoutId', 'lineItems'],
  request: (id, lineItems) => ({ method: 'POST', path: at(id, '/update-line-items-quantity'), body: { lineItems } }),
});

/**
 * How the checkout can be paid (DEPOSIT_ONLINE only when a line has a deposit; memberships are not enabled).
 *
 * @example
 * const { paymentSettings } = await client.checkouts.getCheckoutPaymentSettings(checkoutId);
 */
export const getCheckoutPaymentSettings = defineMethod<[checkoutId: string], PaymentSettingsResponse>({
  argumentNames: ['checkoutId'],
  request: (id) => ({ method: 'GET', path: at(id, '/payment-settings') }),
});

/**
 * Places the checkout's order without charging (offline payment, or a gift card that pays it all). Exactly once:
 * calling it again answers the same order. `thankYouToken` lets this browser read the order later.
 *
 * @example const { order, thankYouToken } = await client.checkouts.createOrder(checkoutId);
 */
export const createOrder = defineMethod<[checkoutId: string, options?: CreateOrderRequest], CreateOrderResponse>({
  argumentNames: ['checkoutId', 'options'],
  request: (id, options) => ({ method: 'POST', path: at(id, '/create-order'), body: options ?? {} }),
});

/**
 * Places the order and charges the card token (from `createTestCardToken` or a payment app). A declined card is a
 * PlazaError with status 409 and code PAYMENT_DECLINED (its message says why); no order is made.
 *
 * @example
 * const { paymentToken } = await client.checkouts.createTestCardToken({ cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' });
 * const { order } = await client.checkouts.createOrderAndCharge(checkoutId, { paymentToken });
 */
export const createOrderAndCharge = defineMethod<
  [checkoutId: string, request: CreateOrderAndChargeRequest],
  CreateOrderResponse
>({
  argumentNames: ['checkoutId', 'request'],
  request: (id, body) => ({ method: 'POST', path: at(id, '/create-order-and-charge'), body }),
});

/**
 * For a checkout paid and ordered elsewhere (an external flow): it stops counting as open and can't be placed any
 * more. Owner or `ecom` API key.
 * @example await admin.checkouts.markCheckoutAsCompleted(checkoutId);
 */
export const markCheckoutAsCompleted = action<EmptyResponse>('/mark-as-completed');

/**
 * A redirect session to the site's hosted checkout page of this checkout, with the way back (`postFlowUrl`,
 * `thankYouPageUrl`, `cartPageUrl`: on the site or a registered place of the caller's OAuth client).
 * @example
 * const { redirectSession } = await client.checkouts.createCheckoutRedirectSession(checkoutId, {
 *   postFlowUrl: `${location.origin}/cart`,
 * });
 * location.assign(redirectSession.fullUrl);
 */
export const createCheckoutRedirectSession = defineMethod<
  [checkoutId: string, callbacks?: CreateRedirectSessionRequest['callbacks']],
  CreateRedirectSessionResponse
>({
  argumentNames: ['checkoutId', 'callbacks'],
  request: (checkoutId, callbacks) => ({
    method: 'POST',
    path: '/redirects/v1/redirect-session',
    body: { ecomCheckout: { checkoutId }, callbacks },
  }),
});

/** The built-in test-card provider's card form: test numbers only (docs/store/payments.md). */
export const createTestCardToken = defineMethod<[card: TestCardTokenRequest], TestCardTokenResponse>({
  argumentNames: ['card'],
  request: (body) => ({ method: 'POST', path: '/ecom/v1/payments/test-card/tokens', body }),
});

/**
 * The checkouts module: `import { checkouts } from '@plaza/sdk/ecom'`, then
 * `createClient({ ..., modules: { checkouts } })`. Failed calls run the client's `onError` with the call's
 * argument names, then rethrow.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { checkouts }, onError: (e, call) => log(call) });
 */
export const checkouts = {
  createCheckout,
  getCheckout,
  getCheckoutByCartId,
  getCheckoutUrl,
  getPlatformCheckoutUrl,
  updateCheckout,
  removeCoupon,
  removeGiftCard,
  removeOverrideCheckoutUrl,
  addToCheckout,
  removeLineItems,
  updateLineItemsQuantity,
  getCheckoutPaymentSettings,
  createOrder,
  createOrderAndCharge,
  createTestCardToken,
  markCheckoutAsCompleted,
  createCheckoutRedirectSession,
};
