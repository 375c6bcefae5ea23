import type { QueryReviewsRequest } from '@plaza/contracts';

/** The orders a shopper can pick; relevance first (SPEC: length, media, recency and rating). */
export const REVIEW_SORTS = {
  relevance: { label: 'Most relevant', sort: { fieldName: 'relevanceScore', order: 'DESC' } },
  newest: { label: 'Newest', sort: { fieldName: 'reviewDate', order: 'DESC' } },
  highest: { label: 'Highest rating', sort: { fieldName: 'content.rating', order: 'DESC' } },
  lowest: { label: 'Lowest rating', sort: { fieldName: 'content.rating', order: 'ASC' } },
} as const;

export type ReviewSortKey = keyof typeof REVIEW_SORTS;

/** The public list: approved reviews of the entity in the chosen order. */
export function listRequest(
  namespace: string,
  entityId: string,
  sort: ReviewSortKey,
  limit: number,
): QueryReviewsRequest {
  return { query: { filter: { namespace, entityId }, sort: [REVIEW_SORTS[sort].sort], cursorPaging: { limit } } };
}

/** The member's own review of the entity, also while private (returnPrivateReviews: the author sees their own). */
export function myReviewRequest(namespace: string, entityId: string, memberId: string): QueryReviewsRequest {
  return {
    query: { filter: { namespace, entityId, 'author.memberId': memberId }, cursorPaging: { limit: 1 } },
    returnPrivateReviews: true,
  };
}
