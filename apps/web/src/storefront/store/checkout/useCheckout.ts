import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Checkout, UpdateCheckoutRequest } from '@plaza/contracts';
import {
  getCheckoutSettings,
  getCheckout,
  recoverCheckout,
  removeCoupon,
  removeGiftCard,
  updateCheckout,
} from '@plaza/sdk/ecom';
import { call, shopKeys, usePlazaClient } from '../api.js';

export const checkoutKey = (id: string) => [...shopKeys.all(), 'checkout', id] as const;

/**
 * The checkout. With `recoverToken` (the reminder e-mail's link) it first takes the checkout over for this browser;
 * a token that does not fit just leaves the checkout as it is (then it is "not available" here).
 */
export function useCheckout(id: string, recoverToken?: string | null) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: checkoutKey(id),
    queryFn: async () => {
      if (recoverToken) {
        await call(plaza, recoverCheckout, id, recoverToken).catch((e: { status?: number }) => {
          if (e.status !== 404) throw e;
        });
      }
      return call(plaza, getCheckout, id).then((r) => r.checkout);
    },
  });
}

export function useCheckoutSettings() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...shopKeys.all(), 'checkout-settings'],
    queryFn: () => call(plaza, getCheckoutSettings).then((r) => r.checkoutSettings),
    staleTime: 60_000,
  });
}

export type Change =
  { kind: 'update'; request: UpdateCheckoutRequest } | { kind: 'removeCoupon' } | { kind: 'removeGiftCard' };

export const changeKey = (id: string) => ['checkout-change', id] as const;

/** Resolves once no change of this checkout is on its way (a part saved on the way to the Pay button). */
export function changesSettled(queryClient: QueryClient, id: string): Promise<void> {
  const done = () => queryClient.isMutating({ mutationKey: changeKey(id) }) === 0;
  return new Promise((resolve) => {
    if (done()) return resolve();
    const stop = queryClient.getMutationCache().subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

/**
 * One change to the checkout; the answer (the whole checkout, every total recomputed) replaces the cached one. Each
 * part of the page has its own (its own error and busy state); all of them run one at a time (one `scope`), so the
 * answers arrive in the order the changes were made and the last one shown is the newest.
 */
export function useCheckoutChange(id: string) {
  const plaza = usePlazaClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeKey(id),
    scope: { id: `checkout:${id}` },
    mutationFn: (c: Change): Promise<Checkout> =>
      (c.kind === 'update'
        ? call(plaza, updateCheckout, id, c.request)
        : call(plaza, c.kind === 'removeCoupon' ? removeCoupon : removeGiftCard, id)
      ).then((r) => r.checkout),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKey(id), checkout),
  });
}
