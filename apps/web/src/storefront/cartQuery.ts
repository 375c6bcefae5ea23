import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AddressWithContact, AppliedDiscount, LineItem, PriceSummary, Violation } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';

// The current cart's query, shared by the header badge (first page) and the store pages (lazy chunks).

export interface Cart {
  id: string;
  currency?: string;
  lineItems: LineItem[];
  appliedDiscounts?: AppliedDiscount[];
  couponCode?: string;
  priceSummary?: PriceSummary;
  violations?: Violation[];
  /** The cart page's shipping estimate keeps its country, state and postal code here; the checkout starts from it. */
  contactInfo?: AddressWithContact;
}

export const CART_PATH = '/ecom/v1/carts/current';
export const cartKey = () => ['plaza', 'shop', 'cart'] as const;

/**
 * Whether this browser may have a cart on the server. The server answers 404 until something is added (as the hosted
 * platform does), and the browser logs every 404 as a failed request, so a visitor who never added anything is never
 * asked for a cart. Kept in localStorage next to the tokens, shared by the tabs.
 */
const HAS_CART = 'plaza.shop.hasCart';
const store = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const mayHaveCart = () => store()?.getItem(HAS_CART) === '1';
function remember(cart: Cart | null) {
  if (cart) store()?.setItem(HAS_CART, '1');
  else store()?.removeItem(HAS_CART);
}
const ASKED_FOR = 'plaza.shop.cartAskedFor';
/** Set by sign-in: the member may have a cart from another device, so the next read asks once. */
let askOnce = false;

/** The answer of a cart change: cached as the cart, and remembered so the next pages read it. */
export function cartChanged(queryClient: QueryClient, cart: Cart | null) {
  remember(cart);
  queryClient.setQueryData(cartKey(), cart);
}

/** The visitor's or member's cart; none yet (never asked, or a 404) is shown as an empty cart. */
export function useCart() {
  const plaza = usePlaza<PlazaClient>();
  return useQuery({
    queryKey: cartKey(),
    queryFn: async (): Promise<Cart | null> => {
      if (!mayHaveCart() && !askOnce) return null;
      askOnce = false;
      try {
        const { cart } = await plaza.fetch<{ cart: Cart }>(CART_PATH);
        remember(cart);
        return cart;
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
        remember(null);
        return null;
      }
    },
    staleTime: 10_000,
  });
}

/** Item count for the header badge. */
export const cartCount = (cart: Cart | null | undefined) => cart?.lineItems.reduce((n, l) => n + l.quantity, 0) ?? 0;

/**
 * Signing in or out changes whose cart is current (the server merges a visitor's cart into the member's at login),
 * so the cart is read again whenever the signed-in member changes.
 */
export function useCartFollowsSignIn() {
  const queryClient = useQueryClient();
  const memberId = useAuth().member?.id ?? null;
  const last = useRef(memberId);
  useEffect(() => {
    if (last.current === memberId) return;
    last.current = memberId;
    // Signing in may bring the member's own cart (asked once per member in this browser, not on every page load);
    // signing out starts a visitor without one.
    if (memberId && store()?.getItem(ASKED_FOR) !== memberId) {
      askOnce = true;
      store()?.setItem(ASKED_FOR, memberId);
    } else if (!memberId) {
      remember(null);
      store()?.removeItem(ASKED_FOR);
    }
    void queryClient.invalidateQueries({ queryKey: cartKey() });
  }, [memberId, queryClient]);
}
