import { Type } from 'typebox';
import {
  CountReviewsRequest,
  CountReviewsResponse,
  CreateContactReviewRequest,
  CreateReviewRequest,
  EmptyResponse,
  GetReviewQuery,
  ModerateReviewRequest,
  QueryReviewsRequest,
  QueryReviewsResponse,
  RatingSummaryQuery,
  RatingSummaryResponse,
  ReviewResponse,
  SetReplyRequest,
  UpdateModerationStatusRequest,
  UpdateReviewRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { createContactReview } from './contact.service.js';
import { removeReply, setReply, updateModerationStatus } from './moderation.service.js';
import { countReviews, getReview, queryReviews } from './query.service.js';
import { reviewRequestRoutes } from './requests.routes.js';
import { getRatingSummary } from './summary.js';
import { createReview, deleteReview, updateReview } from './write.service.js';
import { checkEchoedId } from '../../lib/echoed-id.js';
import { errorResponses } from '../../http/error-responses.js';
import { emptyAfter, routeOptions } from '../../http/route-options.js';

const IdParams = Type.Object({ reviewId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/** Reads: anyone with a token; what they see is decided per review (see model.ts visibility). */
const readers: Access = { visitor: true, member: true, scope: 'reviews' };
/** Members write as themselves; object checks (the author) are in the services. */
const members: Access = { member: true };
/** The owner and API keys with `reviews`: moderation and replies. */
const moderators: Access = { admin: ['OWNER'], scope: 'reviews' };

const route = routeOptions({ tags: ['reviews'], errors: errorResponses(404, 409), access: moderators });

export function reviewRoutes(app: App): void {
  registerReviewCreateRoutes(app);
  registerReviewEditRoutes(app);
  registerReviewQueryRoutes(app);
  reviewRequestRoutes(app);
}

/** Reading one review, contact details for it, and writing a new one. */
function registerReviewCreateRoutes(app: App): void {
  app.get(
    '/reviews/v1/reviews/:reviewId',
    route({
      summary: 'Get a review',
      description:
        'Approved reviews for everyone. With `returnPrivateReviews=true` the owner and API keys also get reviews in ' +
        'any other state, and a member their own; a review the caller may not see is a 404.',
      params: IdParams,
      querystring: GetReviewQuery,
      response: ReviewResponse,
      access: readers,
    }),
    async (req) => ({ review: await getReview(req.ctx, req.params.reviewId, req.query.returnPrivateReviews) }),
  );

  app.post(
    '/reviews/v1/reviews/contact',
    route({
      summary: 'Write a review as a contact',
      description:
        'A name and e-mail instead of an account: one review per e-mail and entity (409 REVIEW_ALREADY_EXISTS). ' +
        "Captcha under the site's policy (signInPolicy.captchaMode). With an API key the review is an import.",
      body: CreateContactReviewRequest,
      response: ReviewResponse,
      access: { visitor: true, member: true, scope: 'reviews' },
    }),
    async (req) => ({ review: await createContactReview(req.ctx, req.body, { ip: req.ip }) }),
  );

  app.post(
    '/reviews/v1/reviews',
    route({
      summary: 'Write a review',
      description:
        'The signed-in member reviews (namespace, entityId), once (409 REVIEW_ALREADY_EXISTS). It waits for ' +
        'moderation unless the site auto-approves. Muted members get 403 MEMBER_MUTED.',
      body: CreateReviewRequest,
      response: ReviewResponse,
      access: members,
    }),
    async (req) => ({ review: await createReview(req.ctx, req.body) }),
  );
}

/** Changing and deleting a review, and the owner's reply to it. */
function registerReviewEditRoutes(app: App): void {
  app.patch(
    '/reviews/v1/reviews/:reviewId',
    route({
      summary: 'Edit your review',
      description:
        'Only the paths in `fieldMask.paths` change (content.title, content.body, content.rating, content.media). ' +
        'Under manual moderation a changed review waits for the owner again.',
      params: IdParams,
      body: UpdateReviewRequest,
      response: ReviewResponse,
      access: members,
    }),
    async (req) => ({ review: await updateReview(req.ctx, req.params.reviewId, req.body) }),
  );

  app.delete(
    '/reviews/v1/reviews/:reviewId',
    route({
      summary: 'Delete a review',
      description: 'The author, the owner or an API key with `reviews`.',
      params: IdParams,
      response: EmptyResponse,
      access: { member: true, scope: 'reviews' },
    }),
    async (req) => emptyAfter(deleteReview(req.ctx, req.params.reviewId)),
  );

  app.patch(
    '/reviews/v1/reviews/:reviewId/reply',
    route({
      summary: 'Reply to a review',
      description: "The owner's public answer, plain text. Editing it keeps the reply's createdDate.",
      params: IdParams,
      body: SetReplyRequest,
      response: ReviewResponse,
    }),
    async (req) => ({ review: await setReply(req.ctx, req.params.reviewId, req.body.message) }),
  );

  app.delete(
    '/reviews/v1/reviews/:reviewId/reply',
    route({
      summary: 'Remove the reply',
      params: IdParams,
      response: ReviewResponse,
    }),
    async (req) => ({ review: await removeReply(req.ctx, req.params.reviewId) }),
  );
}

/** Many reviews: query, count, moderation and the rating summary. */
function registerReviewQueryRoutes(app: App): void {
  app.post(
    '/reviews/v1/reviews/query',
    route({
      summary: 'Query reviews',
      description:
        'Filter (namespace, entityId, content.rating, moderation.moderationStatus, author.memberId, ' +
        'author.authorType, reply) with $eq $ne $in $nin $gt $gte $lt $lte; sort by relevanceScore (default, DESC), ' +
        'reviewDate, createdDate or content.rating; cursor paging (20 by default, at most 100). A next-page cursor ' +
        'carries the filter and sort: send it alone.',
      body: QueryReviewsRequest,
      response: QueryReviewsResponse,
      access: readers,
    }),
    async (req) => queryReviews(req.ctx, req.body),
  );

  app.post(
    '/reviews/v1/reviews/count',
    route({
      summary: 'Count reviews',
      description: 'The same filter and visibility as the query; `includePrivateReviews` as `returnPrivateReviews`.',
      body: CountReviewsRequest,
      response: CountReviewsResponse,
      access: readers,
    }),
    async (req) => countReviews(req.ctx, req.body),
  );

  app.post(
    '/reviews/v1/reviews/:reviewId/update-moderation-status',
    route({
      summary: 'Approve or reject a review',
      description:
        'APPROVED or REJECTED. From IN_MODERATION, SUBMITTED or UNKNOWN either; APPROVED → REJECTED and ' +
        'REJECTED → APPROVED; deciding what the review already is gives 409 MODERATION_TRANSITION_NOT_ALLOWED.',
      params: IdParams,
      body: UpdateModerationStatusRequest,
      response: ReviewResponse,
    }),
    async (req) => ({
      review: await updateModerationStatus(req.ctx, req.params.reviewId, req.body.moderationStatus),
    }),
  );

  app.patch(
    '/reviews/v1/reviews/:reviewId/moderate',
    route({
      summary: 'Approve or reject a review (the platform SDK)',
      description:
        'The same decision and rules as update-moderation-status, in the shape the platform SDK sends: `status`, ' +
        'and `reviewId` when it equals the path.',
      params: IdParams,
      body: ModerateReviewRequest,
      response: ReviewResponse,
    }),
    async (req) => {
      checkEchoedId(req.params.reviewId, req.body.reviewId, 'reviewId');
      return { review: await updateModerationStatus(req.ctx, req.params.reviewId, req.body.status) };
    },
  );

  app.get(
    '/reviews/v1/rating-summary',
    route({
      summary: "An entity's rating summary",
      description: 'Average (2 decimals), count and 1–5 distribution of approved reviews.',
      querystring: RatingSummaryQuery,
      response: RatingSummaryResponse,
      access: { visitor: true, member: true, scope: 'any' },
    }),
    async (req) => ({ summary: await getRatingSummary(req.ctx, req.query) }),
  );
}
