import { queryOptions } from '@tanstack/react-query';
import { PLAZA_CATALOG_APP_ID } from '@plaza/contracts/constants';
import { getRecommendation } from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { shopQueries } from './roots.js';

// Its own module, so a product page loads it without the checkout's and orders' factories.

export const recommendationQueries = {
  /** "You may also like": bought or carted together, else the same collection, filled up with best sellers. */
  related: (client: FetchClient, productId: string) =>
    queryOptions({
      queryKey: [...shopQueries.all(), 'recommendations', productId] as const,
      queryFn: () =>
        call(client, getRecommendation, {
          algorithms: [{ algorithmId: 'RELATED_ITEMS' }],
          items: [{ appId: PLAZA_CATALOG_APP_ID, catalogItemId: productId }],
          minimumRecommendedItems: 4,
        }).then((r) => r.recommendation.items.slice(0, 4)),
      staleTime: 60_000,
    }),
};
