import { useEffect, useRef } from 'react';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AddressWithContact, AppliedDiscount, LineItem, PriceSummary, Violation } from '@plaza/contracts';
import { getCurrentCart } from '@plaza/sdk/ecom';
import { useAuth } from '../auth.js';
import { call, type FetchClient } from '../call.js';
import { shopQueries } from './roots.js';

// The current cart (spec §7 "Current cart"), shared by the header badge (first page) and the store pages (lazy).
// Its changes are in cart-changes.ts: a module the first page uses ships whole with it, and only store pages change the
// cart.

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

async function readCart(client: FetchClient): Promise<Cart | null> {
  if (!mayHaveCart() && !askOnce) return null;
  askOnce = false;
  try {
    const { cart } = await call(client, getCurrentCart);
    remember(cart);
    return cart;
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
    remember(null);
    return null;
  }
}

export const cartQueries = {
  all: () => [...shopQueries.all(), 'cart'] as const,
  /** The visitor's or member's cart; none yet (never asked, or a 404) is `null`, shown as an empty cart. */
  current: (client: FetchClient) =>
    queryOptions({ queryKey: cartQueries.all(), queryFn: () => readCart(client), staleTime: 10_000 }),
};

/** The answer of a cart change: cached as the cart, and remembered so the next pages read it. */
export function cartChanged(queryClient: QueryClient, cart: Cart | null) {
  remember(cart);
  queryClient.setQueryData(cartQueries.all(), cart);
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
    void queryClient.invalidateQueries({ queryKey: cartQueries.all() });
  }, [memberId, queryClient]);
}
