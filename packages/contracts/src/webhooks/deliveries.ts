import { Type, type Static } from 'typebox';
import { DateString, PageLimit, StringEnum } from '../common/schema.js';
import { EventEnvelope } from '../events/envelope.js';
import { WEBHOOK_DELIVERY_STATUSES } from './subscriptions.js';

/** One try at delivering: what the receiver answered (or why there was no answer) and how long it took. */
export const WebhookAttempt = Type.Object({
  attempt: Type.Integer(),
  date: DateString,
  /** null: no HTTP answer (timeout, refused connection, blocked address). */
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Integer(),
  /** The first 1 KB of the answer's body. */
  responseExcerpt: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookDelivery = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subscriptionId: Type.String({ format: 'uuid' }),
  eventId: Type.String({ format: 'uuid' }),
  eventType: Type.String(),
  entityId: Type.String(),
  status: StringEnum(WEBHOOK_DELIVERY_STATUSES),
  attempts: Type.Integer(),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  /** When the next try is due (PENDING only). */
  nextAttemptDate: Type.Union([DateString, Type.Null()]),
  createdDate: DateString,
  deliveredDate: Type.Union([DateString, Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryDetails = Type.Object({
  delivery: WebhookDelivery,
  event: EventEnvelope,
  attempts: Type.Array(WebhookAttempt),
});
export type WebhookDeliveryDetails = Static<typeof WebhookDeliveryDetails>;

export const ListWebhookDeliveriesQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(WEBHOOK_DELIVERY_STATUSES)),
    limit: Type.Optional(PageLimit({ default: 50 })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ListWebhookDeliveriesQuery = Static<typeof ListWebhookDeliveriesQuery>;

export const ListWebhookDeliveriesResponse = Type.Object({
  deliveries: Type.Array(WebhookDelivery),
  pagingMetadata: Type.Object({
    count: Type.Integer(),
    cursors: Type.Object({ next: Type.Union([Type.String(), Type.Null()]) }),
    hasNext: Type.Boolean(),
  }),
});
export type ListWebhookDeliveriesResponse = Static<typeof ListWebhookDeliveriesResponse>;

export const RedeliverResponse = Type.Object({ redelivered: Type.Integer() });
export type RedeliverResponse = Static<typeof RedeliverResponse>;

export const TestEventResponse = Type.Object({ delivery: WebhookDelivery });
export type TestEventResponse = Static<typeof TestEventResponse>;

/** The site's webhook public keys (ES256), to verify webhook and service plugin JWTs. */
export const WebhookJwks = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      crv: Type.String(),
      x: Type.String(),
      y: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
    }),
  ),
});
export type WebhookJwks = Static<typeof WebhookJwks>;
