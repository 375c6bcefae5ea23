import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listAbandonedCheckouts, type ListAbandonedCheckoutsQuery } from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

/** Checkouts left without an order (the back office); the last page stays shown while the next loads. */
export const abandonedCheckoutQueries = {
  list: (client: FetchClient, query: ListAbandonedCheckoutsQuery) =>
    queryOptions({
      queryKey: [...storeQueries.all(), 'abandoned-checkouts', query] as const,
      queryFn: () => call(client, listAbandonedCheckouts, query),
      placeholderData: keepPreviousData,
    }),
};
