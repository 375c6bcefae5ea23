import { queryOptions, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import {
  cancelSubscriptionContract,
  getSubscriptionContract,
  listSubscriptionContracts,
  pauseSubscriptionContract,
  resumeSubscriptionContract,
  updatePaymentMethod,
  type ListSubscriptionContractsQuery,
  type SubscriptionContractResponse,
} from '@plaza/sdk/ecom';
import { call, invalidating, type FetchClient } from '../call.js';
import { shopQueries, storeQueries } from './roots.js';
import { pageQuery } from '../factories.js';

/** The back office's subscription contracts. */
export const subscriptionQueries = {
  all: () => [...storeQueries.all(), 'subscriptions'] as const,
  /** One page; the last page stays shown while the next loads. */
  list: (client: FetchClient, query: ListSubscriptionContractsQuery) =>
    pageQuery([...subscriptionQueries.all(), query] as const, () => call(client, listSubscriptionContracts, query)),
  one: (client: FetchClient, id: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all(), 'one', id] as const,
      queryFn: () => call(client, getSubscriptionContract, id),
    }),
};

const ACTIONS = {
  pause: pauseSubscriptionContract,
  resume: resumeSubscriptionContract,
  cancel: cancelSubscriptionContract,
};
export type SubscriptionAction = keyof typeof ACTIONS;

export const subscriptionMutations = {
  /** Pauses, resumes or cancels a contract as the owner. */
  act: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, subscriptionQueries.all(), (v: { id: string; action: SubscriptionAction }) =>
      call(client, ACTIONS[v.action], v.id),
    ),
};

/** The signed-in member's own subscriptions (the account pages). */
export const mySubscriptionQueries = {
  all: () => [...shopQueries.all(), 'my-subscriptions'] as const,
  list: (client: FetchClient) =>
    queryOptions({
      queryKey: mySubscriptionQueries.all(),
      queryFn: () => call(client, listSubscriptionContracts, { limit: 100 }).then((r) => r.subscriptionContracts),
    }),
};

/**
 * Options that read the member's list again once the change went through (not after a refusal). In `onSettled`, so
 * a page's own `onSuccess` runs first and leaves the refresh in place.
 */
function refreshingMine<V>(
  qc: QueryClient,
  mutationFn: (v: V) => Promise<SubscriptionContractResponse>,
): UseMutationOptions<SubscriptionContractResponse, Error, V> {
  return {
    mutationFn,
    onSettled: (_r, error) => (error ? undefined : qc.invalidateQueries({ queryKey: mySubscriptionQueries.all() })),
  };
}

export const mySubscriptionMutations = {
  cancel: (client: FetchClient, qc: QueryClient) =>
    refreshingMine(qc, (id: string) => call(client, cancelSubscriptionContract, id)),
  /** `paymentToken` checks the new card first; it is part of the change (busy while it runs). */
  changeCard: (client: FetchClient, qc: QueryClient) =>
    refreshingMine(qc, async (v: { id: string; paymentToken: () => Promise<string> }) =>
      call(client, updatePaymentMethod, v.id, await v.paymentToken()),
    ),
};
