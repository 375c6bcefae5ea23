import { Type, type Static, type TSchema } from 'typebox';
import { DateString, StringEnum } from '../common/schema.js';

/**
 * Who caused an event: the spec's actor types. `PLAZA_USER` is the site's owner or a contributor acting in the
 * dashboard (the hosted platform calls it its own user type); `UNKNOWN` is the system itself (a scheduled job).
 */
export const EVENT_IDENTITY_TYPES = ['UNKNOWN', 'ANONYMOUS_VISITOR', 'MEMBER', 'PLAZA_USER', 'APP'] as const;
export type EventIdentityType = (typeof EVENT_IDENTITY_TYPES)[number];

export const EventIdentity = Type.Object({
  identityType: StringEnum(EVENT_IDENTITY_TYPES),
  anonymousVisitorId: Type.Optional(Type.String()),
  memberId: Type.Optional(Type.String()),
  /** The API key that made the change. */
  appId: Type.Optional(Type.String()),
  /** The owner's (or contributor's) member id. */
  ownerId: Type.Optional(Type.String()),
});
export type EventIdentity = Static<typeof EventIdentity>;

/** What happened to the entity: one of the four event bodies. */
export const EVENT_KINDS = ['created', 'updated', 'deleted', 'action'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The fields every event carries, whatever happened. */
const envelopeFields = {
  /** Unique per event; a receiver drops a second delivery with an id it has seen (delivery is at least once). */
  id: Type.String({ format: 'uuid' }),
  /** `members.member.created`: the catalogue's name of this event (derived from entityFqdn and slug). */
  eventType: Type.String(),
  /** The entity's fully qualified name, such as `plaza.members.v1.member`. */
  entityFqdn: Type.String(),
  /** What happened: `created`, `updated`, `deleted` or an action such as `moderation_status_changed`. */
  slug: Type.String(),
  entityId: Type.String(),
  eventTime: DateString,
  /** True when the change erased personal data on request (GDPR). */
  triggeredByAnonymizeRequest: Type.Boolean(),
  /** Where the change came from: `plaza` for changes made through this server. */
  originatedFrom: Type.String(),
  identity: EventIdentity,
};

/** The fields of every envelope, without its body. */
export const EventEnvelopeBase = Type.Object(envelopeFields);
export type EventEnvelopeBase = Static<typeof EventEnvelopeBase>;

/** The envelope of one event, as a webhook delivers it (the payload of the signed JWT body). */
export function EventEnvelopeOf<T extends TSchema>(kind: EventKind, payload: T) {
  switch (kind) {
    case 'created':
      return Type.Object({ ...envelopeFields, createdEvent: Type.Object({ entity: payload }) });
    case 'updated':
      return Type.Object({
        ...envelopeFields,
        updatedEvent: Type.Object({
          /** The entity after the change. */
          currentEntity: payload,
          /** Paths of the fields that changed, such as `profile.nickname`. */
          modifiedFields: Type.Array(Type.String()),
        }),
      });
    case 'deleted':
      return Type.Object({
        ...envelopeFields,
        deletedEvent: Type.Object({ deletedEntity: Type.Optional(payload) }),
      });
    case 'action':
      return Type.Object({ ...envelopeFields, actionEvent: Type.Object({ body: payload }) });
  }
}

/** Any event, body unchecked: what the outbox stores and the webhook endpoints show. */
export const EventEnvelope = Type.Object({
  ...envelopeFields,
  createdEvent: Type.Optional(Type.Object({ entity: Type.Unknown() })),
  updatedEvent: Type.Optional(
    Type.Object({ currentEntity: Type.Unknown(), modifiedFields: Type.Array(Type.String()) }),
  ),
  deletedEvent: Type.Optional(Type.Object({ deletedEntity: Type.Optional(Type.Unknown()) })),
  actionEvent: Type.Optional(Type.Object({ body: Type.Unknown() })),
});
export type EventEnvelope = Static<typeof EventEnvelope>;
