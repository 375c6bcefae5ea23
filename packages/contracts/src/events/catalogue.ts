import { Type, type Static, type TSchema } from 'typebox';
import { Collection } from '../catalog/collection.js';
import { Product } from '../catalog/product.js';
import { ECOM_EVENT_CATALOGUE } from '../ecom/events.js';
import { MEDIA_EVENT_CATALOGUE } from '../media/events.js';
import { PLAN_EVENT_CATALOGUE } from '../plans/events.js';
import { Identity } from '../identity/identity.js';
import { ACTIVITY_STATUSES, MEMBER_STATUSES, Member, PRIVACY_STATUSES } from '../members/member.js';
import { REVIEW_REQUEST_STATUSES, ReviewRequest } from '../reviews/requests.js';
import { MODERATION_STATUSES, Review } from '../reviews/review.js';
import { StringEnum } from '../common/schema.js';
import { EventEnvelopeOf, type EventEnvelopeBase, type EventKind } from './envelope.js';
import type { EventType } from './types.js';

/** What a redirect-session event carries: never the session token or the URL (they are credentials). */
export const RedirectSessionEventEntity = Type.Object({
  id: Type.String(),
  /** AUTH, LOGIN, LOGOUT. */
  kind: Type.String(),
  clientId: Type.Union([Type.String(), Type.Null()]),
});

const StatusChange = <T extends readonly string[]>(values: T, field: string) =>
  Type.Object({ previous: StringEnum(values), [field]: StringEnum(values) });

interface CatalogueEntry {
  entityFqdn: string;
  slug: string;
  kind: EventKind;
  /** The entity (created, updated, deleted) or the action's body. */
  payload: TSchema;
  description: string;
}

const MEMBER = 'plaza.members.v1.member';
const REVIEW = 'plaza.reviews.v1.review';
const REVIEW_REQUEST = 'plaza.reviews.v1.review_request';

/** The one list of event types: entity, slug, body kind and payload schema of each. */
export const EVENT_CATALOGUE = {
  'members.member.created': {
    entityFqdn: MEMBER,
    slug: 'created',
    kind: 'created',
    payload: Member,
    description: 'A member was created (sign-up or by the owner).',
  },
  'members.member.updated': {
    entityFqdn: MEMBER,
    slug: 'updated',
    kind: 'updated',
    payload: Member,
    description: "A member's profile, contact, slug or privacy changed.",
  },
  'members.member.deleted': {
    entityFqdn: MEMBER,
    slug: 'deleted',
    kind: 'deleted',
    payload: Member,
    description: 'A member was deleted.',
  },
  'members.member.status_changed': {
    entityFqdn: MEMBER,
    slug: 'status_changed',
    kind: 'action',
    payload: StatusChange(MEMBER_STATUSES, 'status'),
    description: 'A member was approved, blocked or unblocked.',
  },
  'members.member.activity_status_changed': {
    entityFqdn: MEMBER,
    slug: 'activity_status_changed',
    kind: 'action',
    payload: StatusChange(ACTIVITY_STATUSES, 'activityStatus'),
    description: 'A member was muted or unmuted.',
  },
  'members.member.joined_community': {
    entityFqdn: MEMBER,
    slug: 'joined_community',
    kind: 'action',
    payload: Type.Object({ privacyStatus: StringEnum(PRIVACY_STATUSES) }),
    description: 'A member made their profile public.',
  },
  'members.member.left_community': {
    entityFqdn: MEMBER,
    slug: 'left_community',
    kind: 'action',
    payload: Type.Object({ privacyStatus: StringEnum(PRIVACY_STATUSES) }),
    description: 'A member made their profile private.',
  },
  'reviews.review.created': {
    entityFqdn: REVIEW,
    slug: 'created',
    kind: 'created',
    payload: Review,
    description: 'A review was written.',
  },
  'reviews.review.updated': {
    entityFqdn: REVIEW,
    slug: 'updated',
    kind: 'updated',
    payload: Review,
    description: "A review's content changed.",
  },
  'reviews.review.deleted': {
    entityFqdn: REVIEW,
    slug: 'deleted',
    kind: 'deleted',
    payload: Review,
    description: 'A review was deleted.',
  },
  'reviews.review.moderation_status_changed': {
    entityFqdn: REVIEW,
    slug: 'moderation_status_changed',
    kind: 'action',
    payload: StatusChange(MODERATION_STATUSES, 'moderationStatus'),
    description: 'A review was approved or rejected.',
  },
  'reviews.review.reply_set': {
    entityFqdn: REVIEW,
    slug: 'reply_set',
    kind: 'action',
    payload: Type.Object({ reply: Type.Object({ message: Type.String() }) }),
    description: 'The owner replied to a review (or changed the reply).',
  },
  'reviews.review.reply_removed': {
    entityFqdn: REVIEW,
    slug: 'reply_removed',
    kind: 'action',
    payload: Type.Object({}),
    description: "The owner's reply to a review was removed.",
  },
  'reviews.review_request.created': {
    entityFqdn: REVIEW_REQUEST,
    slug: 'created',
    kind: 'created',
    payload: ReviewRequest,
    description: 'A review request was scheduled.',
  },
  'reviews.review_request.status_changed': {
    entityFqdn: REVIEW_REQUEST,
    slug: 'status_changed',
    kind: 'action',
    payload: StatusChange(REVIEW_REQUEST_STATUSES, 'status'),
    description: 'A review request was sent, canceled or failed.',
  },
  'redirects.redirect_session.created': {
    entityFqdn: 'plaza.redirects.v1.redirect_session',
    slug: 'created',
    kind: 'created',
    payload: RedirectSessionEventEntity,
    description: 'A redirect session (hosted login, logout) was started.',
  },
  'identity.identity.created': {
    entityFqdn: 'plaza.identity.v1.identity',
    slug: 'created',
    kind: 'created',
    payload: Identity,
    description: 'Someone registered (or the owner added an identity).',
  },
  'identity.identity.deleted': {
    entityFqdn: 'plaza.identity.v1.identity',
    slug: 'deleted',
    kind: 'deleted',
    payload: Type.Object({ id: Type.String() }),
    description: 'An identity was deleted.',
  },
  'catalog.product.created': {
    entityFqdn: 'plaza.catalog.v1.product',
    slug: 'created',
    kind: 'created',
    payload: Product,
    description: 'A product was created.',
  },
  'catalog.product.updated': {
    entityFqdn: 'plaza.catalog.v1.product',
    slug: 'updated',
    kind: 'updated',
    payload: Product,
    description: 'A product changed (its fields, or for products also stock).',
  },
  'catalog.product.deleted': {
    entityFqdn: 'plaza.catalog.v1.product',
    slug: 'deleted',
    kind: 'deleted',
    payload: Product,
    description: 'A product was deleted.',
  },
  'catalog.collection.created': {
    entityFqdn: 'plaza.catalog.v1.collection',
    slug: 'created',
    kind: 'created',
    payload: Collection,
    description: 'A collection was created.',
  },
  'catalog.collection.updated': {
    entityFqdn: 'plaza.catalog.v1.collection',
    slug: 'updated',
    kind: 'updated',
    payload: Collection,
    description: 'A collection changed.',
  },
  'catalog.collection.deleted': {
    entityFqdn: 'plaza.catalog.v1.collection',
    slug: 'deleted',
    kind: 'deleted',
    payload: Collection,
    description: 'A collection was deleted.',
  },
  ...ECOM_EVENT_CATALOGUE,
  ...MEDIA_EVENT_CATALOGUE,
  ...PLAN_EVENT_CATALOGUE,
} as const satisfies Record<EventType, CatalogueEntry>;

type Catalogue = typeof EVENT_CATALOGUE;

/** The envelope schema of one event type, for validating and typing what a receiver gets. */
export function eventEnvelopeSchema<T extends EventType>(type: T) {
  const entry: CatalogueEntry = EVENT_CATALOGUE[type];
  return EventEnvelopeOf(entry.kind, entry.payload);
}

type Body<E extends CatalogueEntry> = E['kind'] extends 'created'
  ? { createdEvent: { entity: Static<E['payload']> } }
  : E['kind'] extends 'updated'
    ? { updatedEvent: { currentEntity: Static<E['payload']>; modifiedFields: string[] } }
    : E['kind'] extends 'deleted'
      ? { deletedEvent: { deletedEntity?: Static<E['payload']> } }
      : { actionEvent: { body: Static<E['payload']> } };

/** The typed envelope of an event type: `EventOf<'members.member.created'>['createdEvent']['entity']` is a Member. */
export type EventOf<T extends EventType> = Omit<EventEnvelopeBase, 'eventType'> & { eventType: T } & Body<Catalogue[T]>;
