import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Checkout, UpdateCheckoutRequest } from '@plaza/contracts';
import {
  getCheckout,
  getCheckoutSettings,
  getOrder,
  getPaymentRequest,
  listFulfillments,
  recoverCheckout,
  removeCoupon,
  removeGiftCard,
  searchOrders,
  updateCheckout,
  type SearchOrdersRequest,
} from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { shopQueries } from './roots.js';

// What the storefront and the member's account read besides the catalog and the cart.

export const shopOrderQueries = {
  /** An order: the member's own, or one placed in this browser with its thank-you `token`. */
  order: (client: FetchClient, orderId: string, token?: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'order', orderId] as const,
      queryFn: () => call(client, getOrder, orderId, token).then((r) => r.order),
    }),
  /** The parcels sent so far, with their tracking. */
  fulfillments: (client: FetchClient, orderId: string, token?: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'order', orderId, 'fulfillments'] as const,
      queryFn: () => call(client, listFulfillments, orderId, token).then((r) => r.fulfillments),
    }),
  /** The member's orders, newest first (the first 50). */
  mine: (client: FetchClient) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'my-orders'] as const,
      queryFn: () => call(client, searchOrders, { cursorPaging: { limit: 50 } }).then((r) => r.orders),
    }),
  /** The member's orders whose files may be downloaded (those `filter` lets through; the first 100). */
  downloadable: (client: FetchClient, filter: NonNullable<SearchOrdersRequest['search']>['filter']) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'my-downloads'] as const,
      queryFn: () => call(client, searchOrders, { filter, cursorPaging: { limit: 100 } }).then((r) => r.orders),
    }),
  /** Where the member's last order went (the likeliest next address); none is asked for a visitor. */
  lastShippingAddress: (client: FetchClient, memberId: string | undefined) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'my-last-order-address', memberId] as const,
      queryFn: () =>
        call(client, searchOrders, {
          sort: { fieldName: 'createdDate', order: 'DESC' },
          cursorPaging: { limit: 1 },
        }).then((r) => r.orders[0]?.shippingInfo?.logistics.shippingDestination ?? null),
      enabled: !!memberId,
      staleTime: 60_000,
    }),
};

export const checkoutQueries = {
  key: (checkoutId: string) => [...shopQueries.all(), 'checkout', checkoutId] as const,
  /**
   * The checkout. With `recoverToken` (the reminder e-mail's link) it first takes the checkout over for this browser;
   * a token that does not fit just leaves the checkout as it is (then it is "not available" here).
   */
  checkout: (client: FetchClient, checkoutId: string, recoverToken?: string | null) =>
    queryOptions({
      queryKey: checkoutQueries.key(checkoutId),
      queryFn: async () => {
        if (recoverToken) {
          await call(client, recoverCheckout, checkoutId, recoverToken).catch((e: { status?: number }) => {
            if (e.status !== 404) throw e;
          });
        }
        return call(client, getCheckout, checkoutId).then((r) => r.checkout);
      },
    }),
  /** What the checkout page offers (the owner's checkout settings): a minute fresh. */
  settings: (client: FetchClient) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'checkout-settings'] as const,
      queryFn: () => call(client, getCheckoutSettings).then((r) => r.checkoutSettings),
      staleTime: 60_000,
    }),
};

export type CheckoutChange =
  { kind: 'update'; request: UpdateCheckoutRequest } | { kind: 'removeCoupon' } | { kind: 'removeGiftCard' };

/** The mutation key of a checkout's changes (`useIsMutating` shows it saving). */
export const checkoutChangeKey = (checkoutId: string) => ['checkout-change', checkoutId] as const;

/** Resolves once no change of this checkout is on its way (a part saved on the way to the Pay button). */
export function checkoutChangesSettled(queryClient: QueryClient, checkoutId: string): Promise<void> {
  const done = () => queryClient.isMutating({ mutationKey: checkoutChangeKey(checkoutId) }) === 0;
  return new Promise((resolve) => {
    if (done()) return resolve();
    const stop = queryClient.getMutationCache().subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });
}

export const checkoutMutations = {
  /**
   * One change to the checkout; the answer (the whole checkout, every total recomputed) replaces the cached one. All
   * changes of a checkout run one at a time (one `scope`), so the answers arrive in the order the changes were made
   * and the last one shown is the newest.
   */
  change:
    (checkoutId: string) =>
    (client: FetchClient, qc: QueryClient): UseMutationOptions<Checkout, Error, CheckoutChange> => ({
      mutationKey: checkoutChangeKey(checkoutId),
      scope: { id: `checkout:${checkoutId}` },
      mutationFn: (c) =>
        (c.kind === 'update'
          ? call(client, updateCheckout, checkoutId, c.request)
          : call(client, c.kind === 'removeCoupon' ? removeCoupon : removeGiftCard, checkoutId)
        ).then((r) => r.checkout),
      onSuccess: (checkout) => qc.setQueryData(checkoutQueries.key(checkoutId), checkout),
    }),
};

/** A payment link's request, read by whoever holds the link (`token`); a wrong link is not asked twice. */
export const paymentRequestQueries = {
  forPayer: (client: FetchClient, paymentRequestId: string, token: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'payment-request', paymentRequestId] as const,
      queryFn: () => call(client, getPaymentRequest, paymentRequestId, token).then((r) => r.paymentRequest),
      retry: false,
    }),
};
