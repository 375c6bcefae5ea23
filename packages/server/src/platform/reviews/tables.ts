import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewMedia } from '@plaza/contracts';
import { rowDatesDefaultNow, ts } from '../../lib/columns.js';
import { members } from '../members/tables.js';

/** Reviews of any entity, by (namespace, entity_id). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    namespace: text('namespace').notNull(),
    entityId: text('entity_id').notNull(),
    /** MEMBER or CONTACT. */
    authorType: text('author_type').notNull(),
    authorMemberId: uuid('author_member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** `m:<member id>` or `c:<lower-cased e-mail>`: one review per author and entity. */
    authorKey: text('author_key').notNull(),
    /** A contact author's name and e-mail (members show their nickname). */
    authorName: text('author_name'),
    authorEmail: text('author_email'),
    originType: text('origin_type').notNull().default('ORGANIC'),
    sourceType: text('source_type').notNull().default('WEBSITE'),
    title: text('title'),
    body: text('body'),
    rating: smallint('rating').notNull(),
    media: jsonb('media').$type<ReviewMedia[]>().notNull().default([]),
    /** UNKNOWN, APPROVED, IN_MODERATION, REJECTED or SUBMITTED. */
    moderationStatus: text('moderation_status').notNull(),
    relevanceScore: doublePrecision('relevance_score').notNull(),
    replyMessage: text('reply_message'),
    replyCreatedDate: ts('reply_created_date'),
    replyUpdatedDate: ts('reply_updated_date'),
    reviewRequestId: uuid('review_request_id'),
    reviewDate: ts('review_date').notNull(),
    ...rowDatesDefaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_author_entity_unique').on(t.namespace, t.entityId, t.authorKey),
    // The storefront's pages of one entity: approved reviews by relevance, date or rating.
    index('reviews_entity_relevance_idx').on(t.namespace, t.entityId, t.moderationStatus, t.relevanceScore, t.id),
    index('reviews_entity_date_idx').on(t.namespace, t.entityId, t.moderationStatus, t.reviewDate, t.id),
    index('reviews_entity_rating_idx').on(t.namespace, t.entityId, t.moderationStatus, t.rating, t.id),
    // The owner's moderation queue across entities.
    index('reviews_moderation_idx').on(t.moderationStatus, t.createdDate, t.id),
    index('reviews_author_idx').on(t.authorMemberId),
  ],
);

/** Approved ratings per entity, kept by the same transaction that changes a review (exact under concurrency). */
export const reviewSummaries = pgTable(
  'review_summaries',
  {
    namespace: text('namespace').notNull(),
    entityId: text('entity_id').notNull(),
    total: integer('total').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    oneStar: integer('one_star').notNull().default(0),
    twoStars: integer('two_stars').notNull().default(0),
    threeStars: integer('three_stars').notNull().default(0),
    fourStars: integer('four_stars').notNull().default(0),
    fiveStars: integer('five_stars').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.namespace, t.entityId] })],
);

/** Review-request e-mails the owner scheduled; a job sends each at `send_date`. */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid('id').primaryKey(),
    namespace: text('namespace').notNull(),
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name').notNull(),
    link: text('link').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email').notNull(),
    channel: text('channel').notNull().default('EMAIL'),
    sendDate: ts('send_date').notNull(),
    /** SCHEDULED, CANCELED, FAILED or SENT. */
    status: text('status').notNull().default('SCHEDULED'),
    failureReason: text('failure_reason'),
    failureMessage: text('failure_message'),
    sentDate: ts('sent_date'),
    jobId: uuid('job_id'),
    ...rowDatesDefaultNow(),
  },
  (t) => [
    index('review_requests_status_idx').on(t.status, t.sendDate),
    index('review_requests_entity_idx').on(t.namespace, t.entityId),
  ],
);
