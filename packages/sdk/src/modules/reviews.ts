import type {
  CountReviewsRequest,
  CountReviewsResponse,
  CreateContactReviewRequest,
  CreateReviewRequest,
  CreateReviewRequestRequest,
  EmptyResponse,
  GetReviewQuery,
  ListReviewRequestsQuery,
  ListReviewRequestsResponse,
  ModerationDecision,
  QueryReviewsRequest,
  QueryReviewsResponse,
  RatingSummaryResponse,
  ReviewRequestResponse,
  ReviewResponse,
  UpdateReviewRequest,
} from '@plaza/contracts';
import { bodyMethod, createMethod, deleteMethod, queryMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  CountReviewsRequest,
  CountReviewsResponse,
  CreateContactReviewRequest,
  CreateReviewRequest,
  CreateReviewRequestRequest,
  EmptyResponse,
  GetReviewQuery,
  ListReviewRequestsResponse,
  ModerationDecision,
  QueryReviewsRequest,
  QueryReviewsResponse,
  RatingSummaryResponse,
  ReviewRequestResponse,
  ReviewResponse,
  UpdateReviewRequest,
};
export type {
  CursorPagingMetadata,
  ModerationStatus,
  RatingSummary,
  Review,
  ReviewContent,
  ReviewFilter,
  ReviewMedia,
  ReviewRequest,
  ReviewRequestStatus,
} from '@plaza/contracts';

/** Options of {@link listReviewRequests}: the `paging.limit`/`paging.offset` query parameters as one `paging` object. */
export type ListReviewRequestsOptions = Omit<ListReviewRequestsQuery, 'paging.limit' | 'paging.offset'> & {
  paging?: { limit?: number; offset?: number };
};

const REVIEWS = '/reviews/v1/reviews';
const REQUESTS = '/reviews/v1/review-requests';
const review = (id: string, action = '') => `${REVIEWS}/${seg(id)}${action}`;

/**
 * One review. Reviews not yet approved are private: only the owner and the author get them, and only with
 * `returnPrivateReviews: true`.
 *
 * @example
 * const { review } = await client.reviews.getReview(id, { returnPrivateReviews: true });
 */
export const getReview = defineMethod<[reviewId: string, options?: GetReviewQuery], ReviewResponse>({
  argumentNames: ['reviewId', 'options'],
  request: (reviewId, options) => ({ method: 'GET', path: review(reviewId), query: options }),
});

/**
 * A review by a visitor who gives a name and e-mail (any caller). The site's captcha policy applies.
 *
 * @example
 * await client.reviews.createContactReview({
 *   namespace: 'stores', entityId: productId, name: 'Ann', email: 'ann@example.com',
 *   content: { rating: 5, body: 'Lovely mug' }, captchaTokens: { recaptcha: token },
 * });
 */
export const createContactReview = bodyMethod<CreateContactReviewRequest, ReviewResponse>(
  `${REVIEWS}/contact`,
  'request',
);

/**
 * The signed-in member reviews an entity (one review per author and entity; a second is a 409). With manual
 * moderation it stays private until the owner approves it.
 *
 * @example
 * const { review } = await client.reviews.createReview({
 *   namespace: 'stores', entityId: productId, content: { rating: 4, title: 'Good', body: 'Sturdy and warm.' },
 * });
 */
export const createReview = createMethod<CreateReviewRequest['review'], ReviewResponse>(REVIEWS, 'review');

/**
 * The author changes the content fields named in `fieldMask` (`content.title`, `content.body`, `content.rating`,
 * `content.media`). With manual moderation the review goes back to moderation.
 *
 * @example
 * await client.reviews.updateReview(id, { content: { rating: 3 } }, ['content.rating']);
 */
export const updateReview = defineMethod<
  [id: string, review: UpdateReviewRequest['review'], fieldMask: string[]],
  ReviewResponse
>({
  argumentNames: ['id', 'review', 'fieldMask'],
  request: (id, review_, fieldMask) => ({
    method: 'PATCH',
    path: review(id),
    body: { review: review_, fieldMask: { paths: fieldMask } },
  }),
});

/**
 * Deletes a review; for its author, the owner and API keys.
 *
 * @example
 * await client.reviews.deleteReview(id);
 */
export const deleteReview = deleteMethod(REVIEWS, 'review');

/**
 * Sets (or replaces) the owner's public reply; for owners and API keys.
 *
 * @example
 * const { review } = await admin.reviews.setReply(id, 'Thank you, Ann!');
 */
export const setReply = defineMethod<[reviewId: string, message: string], ReviewResponse>({
  argumentNames: ['reviewId', 'message'],
  request: (reviewId, message) => ({ method: 'PATCH', path: review(reviewId, '/reply'), body: { message } }),
});

/**
 * Removes the owner's reply.
 *
 * @example
 * await admin.reviews.removeReply(id);
 */
export const removeReply = defineMethod<[reviewId: string], ReviewResponse>({
  argumentNames: ['reviewId'],
  request: (reviewId) => ({ method: 'DELETE', path: review(reviewId, '/reply') }),
});

/**
 * A page of reviews by filter and sort, with cursor paging: pass `pagingMetadata.cursors.next` as
 * `query.cursorPaging.cursor` (and no filter or sort) for the next page.
 *
 * @example
 * const first = await client.reviews.queryReviews({
 *   query: { filter: { namespace: 'stores', entityId: productId }, sort: [{ fieldName: 'relevanceScore', order: 'DESC' }], cursorPaging: { limit: 10 } },
 * });
 * const next = first.pagingMetadata.cursors.next
 *   ? await client.reviews.queryReviews({ query: { cursorPaging: { limit: 10, cursor: first.pagingMetadata.cursors.next } } })
 *   : undefined;
 */
export const queryReviews = bodyMethod<QueryReviewsRequest, QueryReviewsResponse>(`${REVIEWS}/query`, 'request');

/**
 * How many reviews match a filter; `includePrivateReviews` counts unapproved ones too (owner: all, author: own).
 *
 * @example
 * const { count } = await admin.reviews.countReviews({ filter: { 'moderation.moderationStatus': 'IN_MODERATION' }, includePrivateReviews: true });
 */
export const countReviews = bodyMethod<CountReviewsRequest, CountReviewsResponse>(`${REVIEWS}/count`, 'request');

/**
 * Approves or rejects a review; for owners and API keys. Only APPROVED and REJECTED are accepted.
 *
 * @example
 * await admin.reviews.updateModerationStatus(id, 'APPROVED');
 */
export const updateModerationStatus = defineMethod<
  [reviewId: string, moderationStatus: ModerationDecision],
  ReviewResponse
>({
  argumentNames: ['reviewId', 'moderationStatus'],
  request: (reviewId, moderationStatus) => ({
    method: 'POST',
    path: review(reviewId, '/update-moderation-status'),
    body: { moderationStatus },
  }),
});

/**
 * The average, count and 1–5 distribution of an entity's approved reviews (any caller).
 *
 * @example
 * const { summary } = await client.reviews.getRatingSummary('stores', productId);
 * console.log(summary.averageRating, summary.totalReviews, summary.ratingDistribution.fiveStars);
 */
export const getRatingSummary = defineMethod<[namespace: string, entityId: string], RatingSummaryResponse>({
  argumentNames: ['namespace', 'entityId'],
  request: (namespace, entityId) => ({
    method: 'GET',
    path: '/reviews/v1/rating-summary',
    query: { namespace, entityId },
  }),
});

/**
 * Schedules a review-request e-mail to a contact; the job worker sends it at `sendDate`. For owners and API keys.
 *
 * @example
 * await admin.reviews.createReviewRequest({
 *   namespace: 'stores', entityId: productId, entityName: 'Blue mug', link: 'https://shop.example/products/blue-mug',
 *   contact: { name: 'Ann', email: 'ann@example.com' }, sendDate: new Date(Date.now() + 7 * 864e5).toISOString(),
 * });
 */
export const createReviewRequest = createMethod<CreateReviewRequestRequest['reviewRequest'], ReviewRequestResponse>(
  REQUESTS,
  'reviewRequest',
);

/**
 * Review requests, by status and entity.
 *
 * @example
 * const { reviewRequests } = await admin.reviews.listReviewRequests({ status: 'SCHEDULED', paging: { limit: 20 } });
 */
export const listReviewRequests = queryMethod<ListReviewRequestsOptions, ListReviewRequestsResponse>(REQUESTS);

/**
 * Cancels a SCHEDULED review request.
 *
 * @example
 * await admin.reviews.cancelReviewRequest(id);
 */
export const cancelReviewRequest = defineMethod<[id: string], ReviewRequestResponse>({
  argumentNames: ['id'],
  request: (id) => ({ method: 'POST', path: `${REQUESTS}/${seg(id)}/cancel`, body: {} }),
});

/**
 * The reviews module: `import { reviews } from '@plaza/sdk/reviews'`, then `createClient({ ..., modules: { reviews } })`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { reviews } });
 * const { summary } = await client.reviews.getRatingSummary('stores', productId);
 */
export const reviews = {
  getReview,
  createContactReview,
  createReview,
  updateReview,
  deleteReview,
  setReply,
  removeReply,
  queryReviews,
  countReviews,
  updateModerationStatus,
  getRatingSummary,
  createReviewRequest,
  listReviewRequests,
  cancelReviewRequest,
};
