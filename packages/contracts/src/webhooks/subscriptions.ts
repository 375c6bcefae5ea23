import { Type, type Static } from 'typebox';
import { MaskedBody } from '../common/bodies.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { EVENT_TYPES } from '../events/types.js';
import { WEBHOOK_LIMITS } from './limits.js';

export const WEBHOOK_SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** http(s) only; the address it points at is checked when saved and again at every delivery. */
export const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_LIMITS.url,
  format: 'uri',
  pattern: '^[hH][tT][tT][pP][sS]?://',
});

export const WebhookEventTypes = Type.Array(StringEnum(EVENT_TYPES), {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
});

export const WebhookSubscription = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  url: Type.String(),
  eventTypes: Type.Array(StringEnum(EVENT_TYPES)),
  /** Only events of this entity are delivered (null: every entity). */
  entityId: Type.Union([Type.String(), Type.Null()]),
  /** The owner's switch: a disabled subscription gets no new deliveries. */
  enabled: Type.Boolean(),
  /** PAUSED: deliveries wait (kept, sent on resume); set by the owner or after repeated failures. */
  status: StringEnum(WEBHOOK_SUBSCRIPTION_STATUSES),
  pausedReason: Type.Union([StringEnum(['BY_OWNER', 'FAILING'] as const), Type.Null()]),
  ...Timestamps,
});
export type WebhookSubscription = Static<typeof WebhookSubscription>;

/** A subscription with its delivery figures, for the dashboard's list. */
export const WebhookSubscriptionSummary = Type.Object({
  subscription: WebhookSubscription,
  lastDelivery: Type.Union([
    Type.Object({
      status: StringEnum(WEBHOOK_DELIVERY_STATUSES),
      statusCode: Type.Union([Type.Integer(), Type.Null()]),
      date: DateString,
    }),
    Type.Null(),
  ]),
  counts: Type.Object({ pending: Type.Integer(), succeeded: Type.Integer(), failed: Type.Integer() }),
});
export type WebhookSubscriptionSummary = Static<typeof WebhookSubscriptionSummary>;

export const CreateWebhookSubscriptionRequest = Type.Object(
  {
    subscription: Type.Object(
      {
        name: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.name })),
        url: WebhookUrl,
        eventTypes: WebhookEventTypes,
        entityId: Type.Optional(
          Type.Union([Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.entityId }), Type.Null()]),
        ),
        enabled: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CreateWebhookSubscriptionRequest = Static<typeof CreateWebhookSubscriptionRequest>;

export const WEBHOOK_SUBSCRIPTION_MASK_PATHS = ['name', 'url', 'eventTypes', 'entityId', 'enabled'] as const;

export const UpdateWebhookSubscriptionRequest = MaskedBody(
  'subscription',
  Type.Object(
    {
      name: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.name })),
      url: Type.Optional(WebhookUrl),
      eventTypes: Type.Optional(WebhookEventTypes),
      entityId: Type.Optional(
        Type.Union([Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.entityId }), Type.Null()]),
      ),
      enabled: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
);
export type UpdateWebhookSubscriptionRequest = Static<typeof UpdateWebhookSubscriptionRequest>;

export const WebhookSubscriptionResponse = Type.Object({ subscription: WebhookSubscription });
export type WebhookSubscriptionResponse = Static<typeof WebhookSubscriptionResponse>;

export const ListWebhookSubscriptionsResponse = Type.Object({ subscriptions: Type.Array(WebhookSubscriptionSummary) });
export type ListWebhookSubscriptionsResponse = Static<typeof ListWebhookSubscriptionsResponse>;

/** Site-wide webhook settings (owner only). */
export const WebhookSettings = Type.Object(
  {
    /**
     * Let webhooks (and URL imports) reach private and loopback addresses in production. Off by default: a webhook
     * must not be able to call into the server's own network.
     */
    allowPrivateTargets: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type WebhookSettings = Static<typeof WebhookSettings>;
export const WebhookSettingsResponse = Type.Object({ settings: WebhookSettings });
