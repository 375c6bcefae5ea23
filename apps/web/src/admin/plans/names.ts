import { useQuery } from '@tanstack/react-query';
import { catalogQueries, usePlaza } from '@plaza/react';
import type { PlanBenefit } from '@plaza/sdk/plans';
import type { TargetNames } from '../../plans/words.js';

/** The names of what the benefits cover, from the back office's catalog (hidden products too). */
export function useAdminTargetNames(benefits: readonly PlanBenefit[]): TargetNames {
  const plaza = usePlaza();
  const wantsProducts = benefits.some((b) => b.productIds.length > 0);
  const products = useQuery({
    ...catalogQueries.products(plaza, { limit: 100, sort: 'NAME_ASC' }),
    enabled: wantsProducts,
  });
  const collections = useQuery(catalogQueries.collections(plaza));
  return {
    product: (id) => products.data?.products.find((p) => p.id === id)?.name,
    collection: (id) => collections.data?.find((c) => c.id === id)?.name,
  };
}
