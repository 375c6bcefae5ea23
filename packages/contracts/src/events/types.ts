import { ECOM_EVENT_TYPES } from '../ecom/event-types.js';
import { MEDIA_EVENT_TYPES } from '../media/event-types.js';
import { PLAN_EVENT_TYPES } from '../plans/event-types.js';

/**
 * Every event type Plaza emits, `<domain>.<entity>.<what happened>`. Schema-free so the dashboard's event-type picker
 * can import it (`@plaza/contracts/constants`); the payload schemas are in catalogue.ts. Later issues append their
 * domain's types here and in the catalogue.
 */
export const EVENT_TYPES = [
  'members.member.created',
  'members.member.updated',
  'members.member.deleted',
  'members.member.status_changed',
  'members.member.activity_status_changed',
  'members.member.joined_community',
  'members.member.left_community',
  'reviews.review.created',
  'reviews.review.updated',
  'reviews.review.deleted',
  'reviews.review.moderation_status_changed',
  'reviews.review.reply_set',
  'reviews.review.reply_removed',
  'reviews.review_request.created',
  'reviews.review_request.status_changed',
  'redirects.redirect_session.created',
  'identity.identity.created',
  'identity.identity.deleted',
  'catalog.product.created',
  'catalog.product.updated',
  'catalog.product.deleted',
  'catalog.collection.created',
  'catalog.collection.updated',
  'catalog.collection.deleted',
  ...ECOM_EVENT_TYPES,
  ...MEDIA_EVENT_TYPES,
  ...PLAN_EVENT_TYPES,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Test events ("send a test event") carry this type; it is never emitted by a change. */
export const TEST_EVENT_TYPE = 'webhooks.subscription.test';
