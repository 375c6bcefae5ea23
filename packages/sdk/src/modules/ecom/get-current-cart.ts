import type { CartResponse } from '@plaza/contracts';
import { defineMethod } from '../../core/method.js';

// Reading the cart is its own module: the storefront's first page reads it (the header's count), and a bundler ships
// a module whole with the first chunk that needs it; the cart's changes load with the store pages.

export const CART = '/ecom/v1/carts/current';

/**
 * The caller's cart (a visitor's or a member's). There is none until something is added: a 404 with
 * `details.applicationError.code === 'CART_NOT_FOUND'`. On failure, `onError` gets `{ argumentNames: [] }`.
 *
 * @example
 * const { cart } = await client.currentCart.getCurrentCart();
 * console.log(cart.lineItems.length, cart.priceSummary.total.formattedAmount);
 */
export const getCurrentCart = defineMethod<[], CartResponse>({
  argumentNames: [],
  request: () => ({ method: 'GET', path: CART }),
});
