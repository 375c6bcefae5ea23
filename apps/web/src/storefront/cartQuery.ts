import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppliedDiscount, LineItem, PriceSummary, Violation } from '@plaza/contracts';
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
}

export const CART_PATH = '/ecom/v1/carts/current';
export const cartKey = () => ['plaza', 'shop', 'cart'] as const;

/** The visitor's or member's cart; a 404 means "no cart yet", shown as an empty cart. */
export function useCart() {
  const plaza = usePlaza<PlazaClient>();
  return useQuery({
    queryKey: cartKey(),
    queryFn: async (): Promise<Cart | null> => {
      try {
        return (await plaza.fetch<{ cart: Cart }>(CART_PATH)).cart;
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
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
    void queryClient.invalidateQueries({ queryKey: cartKey() });
  }, [memberId, queryClient]);
}
