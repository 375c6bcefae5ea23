import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import type { AddressWithContact, LineItemInput } from '@plaza/contracts';
import {
  addToCurrentCart,
  removeCouponFromCurrentCart,
  removeLineItemsFromCurrentCart,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
} from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { cartChanged, cartQueries, type Cart } from './cart.js';

/** One change to the current cart. */
export type CartAction =
  | { kind: 'add'; lineItems: LineItemInput[] }
  | { kind: 'quantity'; lineItems: { id: string; quantity: number }[] }
  | { kind: 'remove'; lineItemIds: string[] }
  | { kind: 'coupon'; couponCode: string }
  | { kind: 'removeCoupon' }
  | { kind: 'contactInfo'; contactInfo: AddressWithContact };

function cartRequest(client: FetchClient, a: CartAction) {
  switch (a.kind) {
    case 'add':
      return call(client, addToCurrentCart, { lineItems: a.lineItems });
    case 'quantity':
      return call(client, updateCurrentCartLineItemQuantity, { lineItems: a.lineItems });
    case 'remove':
      return call(client, removeLineItemsFromCurrentCart, { lineItemIds: a.lineItemIds });
    case 'coupon':
      return call(client, updateCurrentCart, { couponCode: a.couponCode });
    case 'removeCoupon':
      return call(client, removeCouponFromCurrentCart);
    case 'contactInfo':
      return call(client, updateCurrentCart, {
        cartInfo: { contactInfo: a.contactInfo },
        fieldMask: { paths: ['contactInfo'] },
      });
  }
}

export const cartMutations = {
  /** Every answer is the whole cart: it replaces the cached one (no second read); a refusal reads the cart again. */
  change: (client: FetchClient, qc: QueryClient): UseMutationOptions<Cart, Error, CartAction> => ({
    mutationFn: (a: CartAction) => cartRequest(client, a).then((r) => r.cart as Cart),
    onSuccess: (cart) => cartChanged(qc, cart),
    onError: () => void qc.invalidateQueries({ queryKey: cartQueries.all() }),
  }),
};
