import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MethodDescriptor } from '@plaza/sdk';
import type { AddressWithContact, LineItemInput } from '@plaza/contracts';
import { getProductBySlug, listCollections, listProducts, type ListProductsQuery } from '@plaza/sdk/catalog';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../../plaza.js';
import {
  addToCurrentCart,
  removeCouponFromCurrentCart,
  removeLineItemsFromCurrentCart,
  updateCurrentCart,
  updateCurrentCartLineItemQuantity,
} from '@plaza/sdk/ecom';
import { cartChanged, cartKey, type Cart } from '../cartQuery.js';

/**
 * Runs one SDK method through the app's client with `client.fetch`: the store pages use the SDK's own method
 * definitions, and the first page's client stays free of store code (the 120 KB budget).
 */
export function call<A extends unknown[], R>(plaza: PlazaClient, method: MethodDescriptor<A, R>, ...args: A) {
  const { path, ...init } = method.request(...args);
  return plaza.fetch<R>(path, init);
}

export const usePlazaClient = () => usePlaza<PlazaClient>();

export const shopKeys = {
  all: () => ['plaza', 'shop'] as const,
  products: (q: ListProductsQuery) => [...shopKeys.all(), 'products', q] as const,
  product: (slug: string) => [...shopKeys.all(), 'product', slug] as const,
  collections: () => [...shopKeys.all(), 'collections'] as const,
  cart: cartKey,
};

export function useCollections() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: shopKeys.collections(),
    queryFn: () => call(plaza, listCollections).then((r) => r.collections.filter((c) => c.visible)),
    staleTime: 60_000,
  });
}

export function useProductList(query: ListProductsQuery) {
  const plaza = usePlazaClient();
  return useQuery({ queryKey: shopKeys.products(query), queryFn: () => call(plaza, listProducts, query) });
}

export function useProduct(slug: string) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: shopKeys.product(slug),
    queryFn: () => call(plaza, getProductBySlug, slug).then((r) => r.product),
  });
}

// --- the current cart (spec §7 "Current cart"; every answer is the whole cart) ----------------------------------------

export { cartChanged, cartCount, useCart, type Cart } from '../cartQuery.js';

type CartAction =
  | { kind: 'add'; lineItems: LineItemInput[] }
  | { kind: 'quantity'; lineItems: { id: string; quantity: number }[] }
  | { kind: 'remove'; lineItemIds: string[] }
  | { kind: 'coupon'; couponCode: string }
  | { kind: 'removeCoupon' }
  | { kind: 'contactInfo'; contactInfo: AddressWithContact };

function cartRequest(plaza: PlazaClient, a: CartAction) {
  switch (a.kind) {
    case 'add':
      return call(plaza, addToCurrentCart, { lineItems: a.lineItems });
    case 'quantity':
      return call(plaza, updateCurrentCartLineItemQuantity, { lineItems: a.lineItems });
    case 'remove':
      return call(plaza, removeLineItemsFromCurrentCart, { lineItemIds: a.lineItemIds });
    case 'coupon':
      return call(plaza, updateCurrentCart, { couponCode: a.couponCode });
    case 'removeCoupon':
      return call(plaza, removeCouponFromCurrentCart);
    case 'contactInfo':
      return call(plaza, updateCurrentCart, {
        cartInfo: { contactInfo: a.contactInfo },
        fieldMask: { paths: ['contactInfo'] },
      });
  }
}

/** One change to the cart; the answer replaces the cached cart (no second read). */
export function useCartChange() {
  const plaza = usePlazaClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: CartAction) => cartRequest(plaza, a).then((r) => r.cart as Cart),
    onSuccess: (cart) => cartChanged(queryClient, cart),
    onError: () => void queryClient.invalidateQueries({ queryKey: shopKeys.cart() }),
  });
}

/** The catalog's app id in line items. */
export { PLAZA_CATALOG_APP_ID as CATALOG_APP_ID } from '@plaza/contracts/constants';
