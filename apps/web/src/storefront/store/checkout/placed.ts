import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateOrderResponse } from '@plaza/contracts';
import { cartChanged, shopQueries } from '@plaza/react';

/** The thank-you page of a just-placed order: its token lets a visitor read it. */
export const thankYouPath = (placed: Pick<CreateOrderResponse, 'orderId' | 'thankYouToken'>) =>
  `/orders/${placed.orderId}?token=${encodeURIComponent(placed.thankYouToken)}`;

/**
 * What follows a placed order, wherever it was placed (the Pay button, or the return from Stripe's page): the cart
 * became the order (the server deleted it), so the header's count starts again and the shop's lists are read anew;
 * then the thank-you page. `replace` keeps a page the buyer must not come back to out of the history.
 */
export function useOrderPlaced() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (placed: CreateOrderResponse, opts: { replace?: boolean } = {}) => {
      cartChanged(queryClient, null);
      void queryClient.invalidateQueries({ queryKey: shopQueries.all() });
      void navigate(thankYouPath(placed), { replace: opts.replace ?? false });
    },
    [queryClient, navigate],
  );
}
