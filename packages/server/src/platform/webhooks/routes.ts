import { Type } from 'typebox';
import {
  CreateWebhookSubscriptionRequest,
  ListWebhookDeliveriesQuery,
  ListWebhookDeliveriesResponse,
  ListWebhookSubscriptionsResponse,
  RedeliverResponse,
  TestEventResponse,
  UpdateWebhookSubscriptionRequest,
  WebhookDeliveryDetails,
  WebhookSettings,
  WebhookSettingsResponse,
  WebhookSubscriptionResponse,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { getDelivery, listDeliveries, redeliverFailed, redeliverOne } from './deliveries.service.js';
import { webhookKeyRoutes } from './keys.routes.js';
import { getWebhookSettings, updateWebhookSettings } from './settings.js';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  sendTestEvent,
  setPaused,
  updateSubscription,
} from './subscriptions.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { emptyAfter, routeOptions } from '../../http/route-options.js';

const access = { admin: ['OWNER' as const], scope: 'webhooks' as const };
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const DeliveryId = Type.Object({ id: Type.String({ format: 'uuid' }), deliveryId: Type.String({ format: 'uuid' }) });
const BASE = '/webhooks/v1/subscriptions';

const route = routeOptions({ tags: ['webhooks'], errors: errorResponses(404), access });

/** Webhook subscriptions, their delivery log and settings (owners and API keys with `webhooks`), the public keys. */
export function webhookRoutes(app: App): void {
  webhookKeyRoutes(app);
  registerSubscriptionRoutes(app);
  registerSubscriptionControlRoutes(app);
  registerDeliveryRoutes(app);
  registerSettingsRoutes(app);
}

/** Creating, reading, changing and deleting subscriptions. */
function registerSubscriptionRoutes(app: App): void {
  app.get(
    BASE,
    route({
      summary: 'List webhook subscriptions with their last delivery and counts',
      response: ListWebhookSubscriptionsResponse,
    }),
    async (req) => ({ subscriptions: await listSubscriptions(req.ctx) }),
  );

  app.post(
    BASE,
    route({
      summary: 'Create a webhook subscription',
      body: CreateWebhookSubscriptionRequest,
      response: WebhookSubscriptionResponse,
      status: 201,
    }),
    async (req, reply) => reply.status(201).send({ subscription: await createSubscription(req.ctx, req.body) }),
  );

  app.get(
    `${BASE}/:id`,
    route({
      summary: 'Get a webhook subscription',
      params: Id,
      response: WebhookSubscriptionResponse,
    }),
    async (req) => ({ subscription: await getSubscription(req.ctx, req.params.id) }),
  );

  app.patch(
    `${BASE}/:id`,
    route({
      summary: 'Update a webhook subscription (field mask)',
      params: Id,
      body: UpdateWebhookSubscriptionRequest,
      response: WebhookSubscriptionResponse,
    }),
    async (req) => ({ subscription: await updateSubscription(req.ctx, req.params.id, req.body) }),
  );

  app.delete(
    `${BASE}/:id`,
    route({
      summary: 'Delete a webhook subscription and its delivery log',
      params: Id,
      response: Type.Object({}),
    }),
    async (req) => emptyAfter(deleteSubscription(req.ctx, req.params.id)),
  );
}

/** Pausing, resuming and testing a subscription. */
function registerSubscriptionControlRoutes(app: App): void {
  for (const [verb, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `${BASE}/:id/${verb}`,
      route({
        summary: paused ? 'Pause deliveries (they wait until resumed)' : 'Resume deliveries',
        params: Id,
        response: WebhookSubscriptionResponse,
      }),
      async (req) => ({ subscription: await setPaused(req.ctx, req.params.id, paused) }),
    );
  }

  app.post(
    `${BASE}/:id/test`,
    route({
      summary: 'Send a test event to this subscription',
      params: Id,
      response: TestEventResponse,
    }),
    async (req) => ({ delivery: await sendTestEvent(req.ctx, req.params.id) }),
  );
}

/** A subscription's delivery log, and delivering its events again. */
function registerDeliveryRoutes(app: App): void {
  app.get(
    `${BASE}/:id/deliveries`,
    route({
      summary: 'List the deliveries of a subscription (newest first)',
      params: Id,
      querystring: ListWebhookDeliveriesQuery,
      response: ListWebhookDeliveriesResponse,
    }),
    async (req) => listDeliveries(req.ctx, req.params.id, req.query),
  );

  app.get(
    `${BASE}/:id/deliveries/:deliveryId`,
    route({
      summary: 'Get a delivery with its event and attempts',
      params: DeliveryId,
      response: WebhookDeliveryDetails,
    }),
    async (req) => getDelivery(req.ctx, req.params.id, req.params.deliveryId),
  );

  app.post(
    `${BASE}/:id/deliveries/:deliveryId/redeliver`,
    route({
      summary: 'Deliver this event again',
      params: DeliveryId,
      response: RedeliverResponse,
    }),
    async (req) => ({ redelivered: await redeliverOne(req.ctx, req.params.id, req.params.deliveryId) }),
  );

  app.post(
    `${BASE}/:id/redeliver-failed`,
    route({
      summary: 'Deliver every failed event again',
      params: Id,
      response: RedeliverResponse,
    }),
    async (req) => ({ redelivered: await redeliverFailed(req.ctx, req.params.id) }),
  );
}

/** The site's webhook settings. */
function registerSettingsRoutes(app: App): void {
  app.get(
    '/webhooks/v1/settings',
    route({ summary: 'Webhook settings', response: WebhookSettingsResponse }),
    async (req) => ({ settings: await getWebhookSettings(req.ctx) }),
  );

  app.patch(
    '/webhooks/v1/settings',
    route({
      summary: 'Change webhook settings',
      body: Type.Object({ settings: WebhookSettings }, { additionalProperties: false }),
      response: WebhookSettingsResponse,
      access: { admin: ['OWNER' as const] },
    }),
    async (req) => ({ settings: await updateWebhookSettings(req.ctx, req.body.settings) }),
  );
}
