import { Type, type Static } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { PagingMetadata, PagingQuery } from '../common/paging.js';

export const REVIEW_REQUEST_STATUSES = ['SCHEDULED', 'CANCELED', 'FAILED', 'SENT'] as const;
export type ReviewRequestStatus = (typeof REVIEW_REQUEST_STATUSES)[number];
export const COMMUNICATION_CHANNELS = ['EMAIL'] as const;
/**
 * Why a request FAILED: the mail server refused it, the contact had already reviewed the entity by send time, or
 * something else went wrong (see failureMessage).
 */
export const REVIEW_REQUEST_FAILURE_REASONS = ['SEND_FAILED', 'ALREADY_REVIEWED', 'UNKNOWN'] as const;
export type ReviewRequestFailureReason = (typeof REVIEW_REQUEST_FAILURE_REASONS)[number];

export const ReviewRequest = Type.Object({
  id: Type.String({ format: 'uuid' }),
  namespace: Type.String(),
  entityId: Type.String(),
  /** Shown in the e-mail: "How was {entityName}?". */
  entityName: Type.String(),
  /** Where the e-mail's button leads; the request id is added as `reviewRequestId`. */
  link: Type.String(),
  contact: Type.Object({ name: Type.Optional(Type.String()), email: Type.String() }),
  channel: StringEnum(COMMUNICATION_CHANNELS),
  sendDate: DateString,
  status: StringEnum(REVIEW_REQUEST_STATUSES),
  failureReason: Type.Optional(StringEnum(REVIEW_REQUEST_FAILURE_REASONS)),
  failureMessage: Type.Optional(Type.String()),
  sentDate: Type.Optional(DateString),
  ...Timestamps,
});
export type ReviewRequest = Static<typeof ReviewRequest>;

export const ReviewRequestResponse = Type.Object({ reviewRequest: ReviewRequest });
export type ReviewRequestResponse = Static<typeof ReviewRequestResponse>;

/** POST /reviews/v1/review-requests: `sendDate` now or later (at most a year ahead). */
export const CreateReviewRequestRequest = Type.Object(
  {
    reviewRequest: Type.Object(
      {
        namespace: Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z][a-z0-9_-]*$' }),
        entityId: Type.String({ minLength: 1, maxLength: 200 }),
        entityName: Type.String({ minLength: 1, maxLength: 200 }),
        link: Type.String({ minLength: 1, maxLength: 2000 }),
        contact: Type.Object(
          {
            name: Type.Optional(Type.String({ maxLength: 100 })),
            email: Type.String({ minLength: 3, maxLength: 254 }),
          },
          { additionalProperties: false },
        ),
        channel: Type.Optional(StringEnum(COMMUNICATION_CHANNELS)),
        sendDate: DateString,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CreateReviewRequestRequest = Static<typeof CreateReviewRequestRequest>;

export const ListReviewRequestsQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(REVIEW_REQUEST_STATUSES)),
    namespace: Type.Optional(Type.String({ maxLength: 50 })),
    entityId: Type.Optional(Type.String({ maxLength: 200 })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);
export type ListReviewRequestsQuery = Static<typeof ListReviewRequestsQuery>;

export const ListReviewRequestsResponse = PageBody('reviewRequests', ReviewRequest, { metadata: PagingMetadata });
export type ListReviewRequestsResponse = Static<typeof ListReviewRequestsResponse>;
