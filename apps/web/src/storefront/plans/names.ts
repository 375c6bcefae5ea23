import { useQuery } from '@tanstack/react-query';
import { shopCatalogQueries, usePlaza } from '@plaza/react';
import type { PlanBenefit } from '@plaza/sdk/plans';
import type { TargetNames } from '../../plans/words.js';

/**
 * The names of the products and collections the benefits cover, from the storefront's catalog (only asked when a
 * benefit names some). A product the shop hides is not named: the benefit then says how many.
 */
export function useShopTargetNames(benefits: readonly PlanBenefit[]): TargetNames {
  const plaza = usePlaza();
  const wantsProducts = benefits.some((b) => b.productIds.length > 0);
  const wantsCollections = benefits.some((b) => b.collectionIds.length > 0);
  const products = useQuery({ ...shopCatalogQueries.products(plaza, { limit: 100 }), enabled: wantsProducts });
  const collections = useQuery({ ...shopCatalogQueries.collections(plaza), enabled: wantsCollections });
  return {
    product: (id) => products.data?.products.find((p) => p.id === id)?.name,
    collection: (id) => collections.data?.find((c) => c.id === id)?.name,
  };
}
