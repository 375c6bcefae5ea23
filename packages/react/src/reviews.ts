import { useCallback } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CountReviewsRequest,
  CountReviewsResponse,
  ListReviewRequestsOptions,
  ListReviewRequestsResponse,
  QueryReviewsRequest,
  QueryReviewsResponse,
  RatingSummaryResponse,
} from '@plaza/sdk/reviews';
import { moduleOf, usePlaza } from './context.js';

/** The part of an SDK client these queries need: a client created with `modules: { reviews }`. */
export interface ReviewsClient {
  reviews: {
    getRatingSummary(namespace: string, entityId: string): Promise<RatingSummaryResponse>;
    queryReviews(request: QueryReviewsRequest): Promise<QueryReviewsResponse>;
    countReviews(request: CountReviewsRequest): Promise<CountReviewsResponse>;
    listReviewRequests(query?: ListReviewRequestsOptions): Promise<ListReviewRequestsResponse>;
  };
}

const reviewsOf = (client: ReviewsClient) => moduleOf(client, 'reviews');

/**
 * The request for the page after `cursor`: the cursor carries filter and sort (the server refuses them again), so
 * only the page size and `returnPrivateReviews` are kept.
 */
export function nextPageRequest(request: QueryReviewsRequest, cursor: string): QueryReviewsRequest {
  const limit = request.query?.cursorPaging?.limit;
  return {
    query: { cursorPaging: limit === undefined ? { cursor } : { limit, cursor } },
    ...(request.returnPrivateReviews === undefined ? {} : { returnPrivateReviews: request.returnPrivateReviews }),
  };
}

export const reviewQueries = {
  all: () => ['plaza', 'reviews'] as const,
  summary: (client: ReviewsClient, namespace: string, entityId: string) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'summary', namespace, entityId] as const,
      queryFn: () =>
        reviewsOf(client)
          .getRatingSummary(namespace, entityId)
          .then((r) => r.summary),
    }),
  /** One page. */
  query: (client: ReviewsClient, request: QueryReviewsRequest) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'query', request] as const,
      queryFn: () => reviewsOf(client).queryReviews(request),
    }),
  /** Page after page, following `pagingMetadata.cursors.next` while `hasNext`. */
  infinite: (client: ReviewsClient, request: QueryReviewsRequest) =>
    infiniteQueryOptions({
      queryKey: [...reviewQueries.all(), 'infinite', request] as const,
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam }) =>
        reviewsOf(client).queryReviews(pageParam ? nextPageRequest(request, pageParam) : request),
      getNextPageParam: (last) => (last.pagingMetadata.hasNext ? last.pagingMetadata.cursors.next : undefined),
    }),
  count: (client: ReviewsClient, request: CountReviewsRequest) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'count', request] as const,
      queryFn: () =>
        reviewsOf(client)
          .countReviews(request)
          .then((r) => r.count),
    }),
  requests: (client: ReviewsClient, query?: ListReviewRequestsOptions) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'requests', query ?? {}] as const,
      queryFn: () => reviewsOf(client).listReviewRequests(query),
    }),
};

/** Average, count and 1–5 distribution of an entity's approved reviews. */
export function useRatingSummary(namespace: string, entityId: string) {
  return useQuery({
    ...reviewQueries.summary(usePlaza<ReviewsClient>(), namespace, entityId),
    enabled: !!namespace && !!entityId,
  });
}

/**
 * Reviews page after page: `data.pages.flatMap((p) => p.reviews)`, `fetchNextPage()` while `hasNextPage`.
 *
 * @example
 * const reviews = useReviews({ query: { filter: { namespace: 'stores', entityId }, sort: [{ fieldName: 'relevanceScore', order: 'DESC' }], cursorPaging: { limit: 10 } } });
 */
export function useReviews(request: QueryReviewsRequest) {
  return useInfiniteQuery(reviewQueries.infinite(usePlaza<ReviewsClient>(), request));
}

/** How many reviews match (`includePrivateReviews` for the moderation queue). */
export function useReviewCount(request: CountReviewsRequest) {
  return useQuery(reviewQueries.count(usePlaza<ReviewsClient>(), request));
}

/** Marks every reviews query stale (summaries included): call it after writing, moderating or replying. */
export function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: reviewQueries.all() }), [queryClient]);
}
