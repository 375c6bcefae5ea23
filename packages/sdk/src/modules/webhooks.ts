import type {
  CreateWebhookSubscriptionRequest,
  ListWebhookDeliveriesQuery,
  ListWebhookDeliveriesResponse,
  ListWebhookSubscriptionsResponse,
  RedeliverResponse,
  TestEventResponse,
  UpdateWebhookSubscriptionRequest,
  WebhookDeliveryDetails,
  WebhookJwks,
  WebhookSettings,
  WebhookSubscriptionResponse,
} from '@plaza/contracts';
import { actionMethod, createMethod, deleteMethod, listMethod, updateMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  CreateWebhookSubscriptionRequest,
  ListWebhookDeliveriesQuery,
  ListWebhookDeliveriesResponse,
  ListWebhookSubscriptionsResponse,
  RedeliverResponse,
  TestEventResponse,
  WebhookDelivery,
  WebhookDeliveryDetails,
  WebhookDeliveryStatus,
  WebhookJwks,
  WebhookSettings,
  WebhookSubscription,
  WebhookSubscriptionResponse,
} from '@plaza/contracts';

const S = '/webhooks/v1/subscriptions';
const SETTINGS = '/webhooks/v1/settings';
const path = (subscriptionId: string, rest = '') => `${S}/${seg(subscriptionId)}${rest}`;

/**
 * The site's webhook subscriptions with their delivery counts. Owner or an API key with `webhooks.manage`.
 * @example const { subscriptions } = await admin.webhooks.listSubscriptions();
 */
export const listSubscriptions = listMethod<ListWebhookSubscriptionsResponse>(S);
export const createSubscription = createMethod<
  CreateWebhookSubscriptionRequest['subscription'],
  WebhookSubscriptionResponse
>(S, 'subscription');
/** Changes the fields named in `fieldMask` (`name`, `url`, `eventTypes`, `entityId`). */
export const updateSubscription = updateMethod<
  UpdateWebhookSubscriptionRequest['subscription'],
  WebhookSubscriptionResponse
>(S, 'subscription');
export const deleteSubscription = deleteMethod(S, 'subscription');
/** Holds new deliveries until `resumeSubscription`. */
export const pauseSubscription = actionMethod<WebhookSubscriptionResponse>(S, 'subscription', 'pause');
export const resumeSubscription = actionMethod<WebhookSubscriptionResponse>(S, 'subscription', 'resume');
/** Sends a `plaza.test` event now. */
export const sendTestEvent = actionMethod<TestEventResponse>(S, 'subscription', 'test');
/** Sends every FAILED delivery of the subscription again. */
export const redeliverFailed = actionMethod<RedeliverResponse>(S, 'subscription', 'redeliver-failed');

/** A page of the delivery log, newest first; `cursor` from the last page's `nextCursor`. */
export const listDeliveries = defineMethod<
  [subscriptionId: string, query?: ListWebhookDeliveriesQuery],
  ListWebhookDeliveriesResponse
>({
  argumentNames: ['subscriptionId', 'query'],
  request: (id, query) => ({ method: 'GET', path: path(id, '/deliveries'), query }),
});
/** One delivery with its attempts (request and answer). */
export const getDelivery = defineMethod<[subscriptionId: string, deliveryId: string], WebhookDeliveryDetails>({
  argumentNames: ['subscriptionId', 'deliveryId'],
  request: (id, d) => ({ method: 'GET', path: path(id, `/deliveries/${seg(d)}`) }),
});
export const redeliver = defineMethod<[subscriptionId: string, deliveryId: string], RedeliverResponse>({
  argumentNames: ['subscriptionId', 'deliveryId'],
  request: (id, d) => ({ method: 'POST', path: path(id, `/deliveries/${seg(d)}/redeliver`), body: {} }),
});

/** The keys webhook JWTs are signed with, for receivers that check them. */
export const getPublicKeys = listMethod<WebhookJwks>('/webhooks/v1/public-keys');
export const getWebhookSettings = listMethod<{ settings: WebhookSettings }>(SETTINGS);
/** Replaces the webhook settings (such as whether private-network URLs are allowed). */
export const updateWebhookSettings = defineMethod<[settings: WebhookSettings], { settings: WebhookSettings }>({
  argumentNames: ['settings'],
  request: (settings) => ({ method: 'PATCH', path: SETTINGS, body: { settings } }),
});

/** The webhooks module: `import { webhooks } from '@plaza/sdk/webhooks'`. Receiving them is `@plaza/sdk/events`. */
export const webhooks = {
  listSubscriptions,
  createSubscription,
  updateSubscription,
  deleteSubscription,
  pauseSubscription,
  resumeSubscription,
  sendTestEvent,
  redeliverFailed,
  listDeliveries,
  getDelivery,
  redeliver,
  getPublicKeys,
  getWebhookSettings,
  updateWebhookSettings,
};
