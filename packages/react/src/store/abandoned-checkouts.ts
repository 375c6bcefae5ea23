import { listAbandonedCheckouts, type ListAbandonedCheckoutsQuery } from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';
import { pageQuery } from '../factories.js';

/** Checkouts left without an order (the back office); the last page stays shown while the next loads. */
export const abandonedCheckoutQueries = {
  list: (client: FetchClient, query: ListAbandonedCheckoutsQuery) =>
    pageQuery([...storeQueries.all(), 'abandoned-checkouts', query] as const, () =>
      call(client, listAbandonedCheckouts, query),
    ),
};
