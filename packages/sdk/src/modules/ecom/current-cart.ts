import type {
  AddToCartRequest,
  CartResponse,
  CheckoutResponse,
  CreateCheckoutFromCartRequest,
  EmptyResponse,
  EstimateTotalsRequest,
  EstimateTotalsResponse,
  UpdateCartLineItemsQuantityRequest,
  UpdateCurrentCartRequest,
} from '@plaza/contracts';
import { defineMethod } from '../../core/method.js';
import { CART, getCurrentCart } from './get-current-cart.js';

export { getCurrentCart };

export type {
  AddToCartRequest,
  Cart,
  CartResponse,
  CreateCheckoutFromCartRequest,
  EstimateTotalsRequest,
  EstimateTotalsResponse,
  LineItem,
  LineItemInput,
  PriceSummary,
  UpdateCurrentCartRequest,
  Violation,
} from '@plaza/contracts';

type LineQuantities = UpdateCartLineItemsQuantityRequest['lineItems'];

const post = <B, R = CartResponse>(tail: string) =>
  defineMethod<[request: B], R>({
    argumentNames: ['request'],
    request: (body) => ({ method: 'POST', path: `${CART}/${tail}`, body }),
  });

/**
 * Cart info (contact, note, business location) by field mask, a coupon code, or items to add. Creates the cart when
 * there is none.
 *
 * @example
 * await client.currentCart.updateCurrentCart({ couponCode: 'SUMMER10' });
 * await client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: 'Gift wrap' }, fieldMask: { paths: ['buyerNote'] } });
 */
export const updateCurrentCart = defineMethod<[request: UpdateCurrentCartRequest], CartResponse>({
  argumentNames: ['request'],
  request: (body) => ({ method: 'PATCH', path: CART, body }),
});

/** @example await client.currentCart.deleteCurrentCart(); */
export const deleteCurrentCart = defineMethod<[], EmptyResponse>({
  argumentNames: [],
  request: () => ({ method: 'DELETE', path: CART }),
});

/**
 * Adds catalog items (products with variants need `options.variantId`); the same item twice is one line with the
 * quantities summed. Prices always come from the catalog.
 *
 * @example
 * const { cart } = await client.currentCart.addToCurrentCart({
 *   lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 2 }],
 * });
 */
export const addToCurrentCart = post<AddToCartRequest>('add-to-cart');

/** @example await client.currentCart.removeLineItemsFromCurrentCart({ lineItemIds: [line.id] }); */
export const removeLineItemsFromCurrentCart = post<{ lineItemIds: string[] }>('remove-line-items');

/**
 * New quantities by line id; quantity 0 removes the line.
 *
 * @example await client.currentCart.updateCurrentCartLineItemQuantity({ lineItems: [{ id: line.id, quantity: 3 }] });
 */
export const updateCurrentCartLineItemQuantity = post<{ lineItems: LineQuantities }>('update-line-items-quantity');

/** @example await client.currentCart.removeCouponFromCurrentCart(); */
export const removeCouponFromCurrentCart = defineMethod<[], CartResponse>({
  argumentNames: [],
  request: () => ({ method: 'POST', path: `${CART}/remove-coupon`, body: {} }),
});

/**
 * Totals with shipping options and tax for an address, without changing the cart.
 *
 * @example
 * const est = await client.currentCart.estimateCurrentCartTotals({ shippingAddress: { country: 'US', subdivision: 'US-NY' } });
 * console.log(est.shippingInfo, est.priceSummary.total.formattedAmount);
 */
export const estimateCurrentCartTotals = post<EstimateTotalsRequest, EstimateTotalsResponse>('estimate-totals');

/**
 * A checkout from the cart (lines, coupon, note), with the addresses, shipping option and e-mail given; open it
 * with `checkouts.getCheckoutUrl(checkout.id)`.
 *
 * @example const { checkout } = await client.currentCart.createCheckoutFromCurrentCart({ email: 'ana@example.com' });
 */
export const createCheckoutFromCurrentCart = post<CreateCheckoutFromCartRequest, CheckoutResponse>('create-checkout');

/** The current cart's methods as one module: `createClient({ modules: { currentCart } })`. */
export const currentCart = {
  getCurrentCart,
  updateCurrentCart,
  deleteCurrentCart,
  addToCurrentCart,
  removeLineItemsFromCurrentCart,
  updateCurrentCartLineItemQuantity,
  removeCouponFromCurrentCart,
  estimateCurrentCartTotals,
  createCheckoutFromCurrentCart,
};
