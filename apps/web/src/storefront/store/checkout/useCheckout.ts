import { useQuery } from '@tanstack/react-query';
import { checkoutMutations, checkoutQueries, paymentQueries, usePlaza, usePlazaMutation } from '@plaza/react';

// The checkout page's parts share these; the data layer is @plaza/react's (checkoutQueries, checkoutMutations).

/** The checkout; with the reminder e-mail's `recoverToken` it is first taken over for this browser. */
export const useCheckout = (id: string, recoverToken?: string | null) =>
  useQuery(checkoutQueries.checkout(usePlaza(), id, recoverToken));

export const useCheckoutSettings = () => useQuery(checkoutQueries.settings(usePlaza()));

/** One change to the checkout; each part of the page has its own (its own error and busy state). */
export const useCheckoutChange = (id: string) => usePlazaMutation(checkoutMutations.change(id));

/** How the shop takes cards (its test cards or Stripe's page): the Pay button depends on it. */
export const usePaymentMethods = () => useQuery(paymentQueries.methods(usePlaza()));
