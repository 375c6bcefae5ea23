import { Type, type Static } from 'typebox';
import { MaskedBody, PageBody } from '../common/bodies.js';
import { QueryFilter, SortBy } from '../common/query.js';
import { DateString, PageLimit, StringEnum, Timestamps } from '../common/schema.js';
import { CaptchaTokens } from '../identity/auth.js';
import { REVIEW_LIMITS, REVIEW_MASK_PATHS } from './limits.js';
export { REVIEW_LIMITS, REVIEW_MASK_PATHS };

export const MODERATION_STATUSES = ['UNKNOWN', 'APPROVED', 'IN_MODERATION', 'REJECTED', 'SUBMITTED'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
/** What update-moderation-status accepts. */
export const MODERATION_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];
export const AUTHOR_TYPES = ['MEMBER', 'CONTACT'] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];
/** ORGANIC: written unprompted; REVIEW_REQUEST: after a review-request e-mail; IMPORTED: brought in by an app. */
export const ORIGIN_TYPES = ['ORGANIC', 'REVIEW_REQUEST', 'IMPORTED'] as const;
export type OriginType = (typeof ORIGIN_TYPES)[number];
/** Where it was written: the site's own pages, or an app through the API. */
export const SOURCE_TYPES = ['WEBSITE', 'API'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

const HttpUrl = Type.String({ minLength: 1, maxLength: REVIEW_LIMITS.url });
/** One media item: an image or a video URL (http or https). */
export const ReviewMedia = Type.Object(
  { image: Type.Optional(HttpUrl), video: Type.Optional(HttpUrl) },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);
export type ReviewMedia = Static<typeof ReviewMedia>;

/** Title and body are plain text: stored as given, always rendered escaped. */
export const ReviewContent = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: REVIEW_LIMITS.title })),
    body: Type.Optional(Type.String({ maxLength: REVIEW_LIMITS.body })),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    media: Type.Optional(Type.Array(ReviewMedia, { maxItems: REVIEW_LIMITS.media })),
  },
  { additionalProperties: false },
);
export type ReviewContent = Static<typeof ReviewContent>;

export const Review = Type.Object({
  id: Type.String({ format: 'uuid' }),
  namespace: Type.String(),
  entityId: Type.String(),
  ...Timestamps,
  reviewDate: DateString,
  content: ReviewContent,
  author: Type.Object({
    authorType: StringEnum(AUTHOR_TYPES),
    /** With authorType MEMBER. */
    memberId: Type.Optional(Type.String({ format: 'uuid' })),
    /** The member's nickname or the contact's name. */
    name: Type.Optional(Type.String()),
    /** The member's photo URL. */
    photoUrl: Type.Optional(Type.String()),
    /** A contact author's e-mail: only for the owner and API keys. */
    email: Type.Optional(Type.String()),
  }),
  origin: Type.Object({ type: StringEnum(ORIGIN_TYPES) }),
  source: Type.Object({ type: StringEnum(SOURCE_TYPES) }),
  relevanceScore: Type.Number(),
  moderation: Type.Object({ moderationStatus: StringEnum(MODERATION_STATUSES) }),
  reply: Type.Optional(Type.Object({ message: Type.String(), createdDate: DateString, updatedDate: DateString })),
});
export type Review = Static<typeof Review>;

export const ReviewResponse = Type.Object({ review: Review });
export type ReviewResponse = Static<typeof ReviewResponse>;

const Namespace = Type.String({ minLength: 1, maxLength: REVIEW_LIMITS.namespace, pattern: '^[a-z][a-z0-9_-]*$' });
const EntityId = Type.String({ minLength: 1, maxLength: REVIEW_LIMITS.entityId });

/** POST /reviews/v1/reviews: the signed-in member writes a review of (namespace, entityId). */
export const CreateReviewRequest = Type.Object(
  {
    review: Type.Object(
      { namespace: Namespace, entityId: EntityId, content: ReviewContent },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CreateReviewRequest = Static<typeof CreateReviewRequest>;

/** POST /reviews/v1/reviews/contact: a visitor writes a review with a name and e-mail; captcha per site policy. */
export const CreateContactReviewRequest = Type.Object(
  {
    namespace: Namespace,
    entityId: EntityId,
    content: ReviewContent,
    name: Type.String({ minLength: 1, maxLength: REVIEW_LIMITS.name }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    captchaTokens: Type.Optional(CaptchaTokens),
    /** Set when the review answers a review-request e-mail (the link carries it). */
    reviewRequestId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type CreateContactReviewRequest = Static<typeof CreateContactReviewRequest>;

/** PATCH /reviews/v1/reviews/{review.id}: paths content.title, content.body, content.rating, content.media. */
export const UpdateReviewRequest = MaskedBody(
  'review',
  Type.Object({ content: Type.Optional(Type.Partial(ReviewContent)) }, { additionalProperties: false }),
);
export type UpdateReviewRequest = Static<typeof UpdateReviewRequest>;

export const GetReviewQuery = Type.Object(
  { returnPrivateReviews: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type GetReviewQuery = Static<typeof GetReviewQuery>;

export const SetReplyRequest = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: REVIEW_LIMITS.reply }) },
  { additionalProperties: false },
);
export type SetReplyRequest = Static<typeof SetReplyRequest>;

export const UpdateModerationStatusRequest = Type.Object(
  { moderationStatus: StringEnum(MODERATION_DECISIONS) },
  { additionalProperties: false },
);
export type UpdateModerationStatusRequest = Static<typeof UpdateModerationStatusRequest>;

/**
 * PATCH /reviews/v1/reviews/{reviewId}/moderate: the platform SDK's shape of the same decision (`status`, and the
 * path's id repeated as `reviewId`).
 */
export const ModerateReviewRequest = Type.Object(
  { status: StringEnum(MODERATION_DECISIONS), reviewId: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type ModerateReviewRequest = Static<typeof ModerateReviewRequest>;

/** Sortable fields of reviews. */
export const REVIEW_SORT_FIELDS = ['relevanceScore', 'reviewDate', 'createdDate', 'content.rating'] as const;
/**
 * Filterable fields, Mongo-like: `{ namespace: 'stores', entityId: 'p1', 'content.rating': { $gte: 4 } }`.
 * Operators: $eq $ne $in $nin $gt $gte $lt $lte.
 */
export const REVIEW_FILTER_FIELDS = [
  'namespace',
  'entityId',
  'content.rating',
  'moderation.moderationStatus',
  'author.memberId',
  'author.authorType',
  'reply',
] as const;
export const ReviewFilter = QueryFilter;
export type ReviewFilter = Record<string, unknown>;

/** A filter is at most this long as JSON, so the cursor that carries it stays within its own bound. */
export const REVIEW_FILTER_MAX_JSON = 4000;

export const CursorPaging = Type.Object(
  {
    limit: Type.Optional(PageLimit()),
    /** Opaque; it carries the query's filter and sort, hence room for them. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 8000 })),
  },
  { additionalProperties: false },
);

/** POST /reviews/v1/reviews/query. With a cursor, filter and sort come from the cursor and must not be sent again. */
export const QueryReviewsRequest = Type.Object(
  {
    query: Type.Optional(
      Type.Object(
        {
          filter: Type.Optional(ReviewFilter),
          sort: Type.Optional(Type.Array(SortBy(REVIEW_SORT_FIELDS), { maxItems: 1 })),
          cursorPaging: Type.Optional(CursorPaging),
        },
        { additionalProperties: false },
      ),
    ),
    /** Also return reviews that are not approved: the owner sees all of them, a member their own. */
    returnPrivateReviews: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QueryReviewsRequest = Static<typeof QueryReviewsRequest>;

export const CursorPagingMetadata = Type.Object({
  count: Type.Integer(),
  cursors: Type.Object({ next: Type.Optional(Type.String()), prev: Type.Optional(Type.String()) }),
  hasNext: Type.Boolean(),
});
export type CursorPagingMetadata = Static<typeof CursorPagingMetadata>;

export const QueryReviewsResponse = PageBody('reviews', Review, { pagingMetadata: CursorPagingMetadata });
export type QueryReviewsResponse = Static<typeof QueryReviewsResponse>;

export const CountReviewsRequest = Type.Object(
  { filter: Type.Optional(ReviewFilter), includePrivateReviews: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type CountReviewsRequest = Static<typeof CountReviewsRequest>;
export const CountReviewsResponse = Type.Object({ count: Type.Integer() });
export type CountReviewsResponse = Static<typeof CountReviewsResponse>;

/** GET /reviews/v1/rating-summary?namespace=&entityId=: approved reviews only. */
export const RatingSummaryQuery = Type.Object(
  { namespace: Namespace, entityId: EntityId },
  { additionalProperties: false },
);
export type RatingSummaryQuery = Static<typeof RatingSummaryQuery>;
export const RatingSummary = Type.Object({
  namespace: Type.String(),
  entityId: Type.String(),
  /** Mean of approved ratings, rounded to 2 decimals; 0 without reviews. */
  averageRating: Type.Number(),
  totalReviews: Type.Integer(),
  ratingDistribution: Type.Object({
    oneStar: Type.Integer(),
    twoStars: Type.Integer(),
    threeStars: Type.Integer(),
    fourStars: Type.Integer(),
    fiveStars: Type.Integer(),
  }),
});
export type RatingSummary = Static<typeof RatingSummary>;
export const RatingSummaryResponse = Type.Object({ summary: RatingSummary });
export type RatingSummaryResponse = Static<typeof RatingSummaryResponse>;
