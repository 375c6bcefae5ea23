import type { Review } from '@plaza/contracts';

/**
 * What a review is about, in the shop owner's words: "your store" for the store's own reviews, the product otherwise.
 * Until the catalog exists a product is known by its id only; the store issue swaps in the product's name.
 */
export function reviewSubject({ namespace, entityId }: Pick<Review, 'namespace' | 'entityId'>): string {
  if (namespace === 'site' && entityId === 'store') return 'your store';
  if (namespace === 'stores') return `product ${entityId}`;
  return entityId;
}
