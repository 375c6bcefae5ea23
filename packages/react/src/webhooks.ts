import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  createSubscription,
  deleteSubscription,
  getDelivery,
  getPublicKeys,
  getWebhookSettings,
  listDeliveries,
  listSubscriptions,
  pauseSubscription,
  redeliver,
  redeliverFailed,
  resumeSubscription,
  sendTestEvent,
  updateSubscription,
  updateWebhookSettings,
  type CreateWebhookSubscriptionRequest,
  type ListWebhookDeliveriesQuery,
  type WebhookSubscription,
} from '@plaza/sdk/webhooks';
import {
  createImplementation,
  deleteImplementation,
  listCalls,
  listImplementations,
  testImplementation,
  updateImplementation,
  type CreateServicePluginImplementationRequest,
} from '@plaza/sdk/service-plugins';
import { call, invalidating, type FetchClient } from './call.js';
import { fieldQuery, invalidatingCall } from './factories.js';

/** While a delivery waits to be sent, lists follow it every 3 s. */
export const DELIVERY_POLL_INTERVAL_MS = 3000;

export const webhookQueries = {
  all: () => ['plaza', 'webhooks'] as const,
  /** Counts and last messages move while deliveries wait: followed until nothing is left to send. */
  subscriptions: (client: FetchClient) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'subscriptions'] as const,
      queryFn: () => call(client, listSubscriptions).then((r) => r.subscriptions),
      refetchInterval: (q) => (q.state.data?.some((s) => s.counts.pending > 0) ? DELIVERY_POLL_INTERVAL_MS : false),
    }),
  /** One page of a subscription's delivery log, newest first; the last page stays shown while the next loads. */
  deliveries: (client: FetchClient, subscriptionId: string, query: ListWebhookDeliveriesQuery = {}) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', subscriptionId, query] as const,
      queryFn: () => call(client, listDeliveries, subscriptionId, query),
      placeholderData: keepPreviousData,
      refetchInterval: (q) =>
        q.state.data?.deliveries.some((d) => d.status === 'PENDING') ? DELIVERY_POLL_INTERVAL_MS : false,
    }),
  delivery: (client: FetchClient, subscriptionId: string, deliveryId: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'delivery', subscriptionId, deliveryId] as const,
      queryFn: () => call(client, getDelivery, subscriptionId, deliveryId),
    }),
  /** Signing keys change rarely (a rotation): five minutes fresh. */
  publicKeys: (client: FetchClient) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'publicKeys'] as const,
      queryFn: () => call(client, getPublicKeys),
      staleTime: 5 * 60_000,
    }),
  settings: (client: FetchClient) =>
    fieldQuery(client, [...webhookQueries.all(), 'settings'] as const, getWebhookSettings, 'settings'),
};

type SubscriptionInput = CreateWebhookSubscriptionRequest['subscription'];

export const webhookMutations = {
  createSubscription: invalidatingCall(webhookQueries.all(), createSubscription),
  /** `changes` holds only the changed fields; they become the field mask. */
  updateSubscription: (client: FetchClient, qc: QueryClient) =>
    invalidating(
      qc,
      webhookQueries.all(),
      ({ subscriptionId, changes }: { subscriptionId: string; changes: Partial<SubscriptionInput> }) =>
        call(client, updateSubscription, subscriptionId, changes, Object.keys(changes)),
    ),
  deleteSubscription: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, webhookQueries.all(), (s: WebhookSubscription) => call(client, deleteSubscription, s.id)),
  setPaused: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, webhookQueries.all(), ({ subscriptionId, paused }: { subscriptionId: string; paused: boolean }) =>
      call(client, paused ? pauseSubscription : resumeSubscription, subscriptionId),
    ),
  sendTestEvent: invalidatingCall(webhookQueries.all(), sendTestEvent),
  redeliver: (client: FetchClient, qc: QueryClient) =>
    invalidating(
      qc,
      webhookQueries.all(),
      ({ subscriptionId, deliveryId }: { subscriptionId: string; deliveryId: string }) =>
        call(client, redeliver, subscriptionId, deliveryId),
    ),
  redeliverFailed: invalidatingCall(webhookQueries.all(), redeliverFailed),
  updateSettings: invalidatingCall(webhookQueries.all(), updateWebhookSettings),
};

export const servicePluginQueries = {
  all: () => ['plaza', 'servicePlugins'] as const,
  implementations: (client: FetchClient) =>
    fieldQuery(
      client,
      [...servicePluginQueries.all(), 'implementations'] as const,
      listImplementations,
      'implementations',
    ),
  calls: (client: FetchClient, implementationId: string) =>
    queryOptions({
      queryKey: [...servicePluginQueries.all(), 'calls', implementationId] as const,
      queryFn: () => call(client, listCalls, implementationId).then((r) => r.calls),
    }),
};

type ImplementationInput = CreateServicePluginImplementationRequest['implementation'];

export const servicePluginMutations = {
  createImplementation: invalidatingCall(servicePluginQueries.all(), createImplementation),
  /** `changes` holds only the changed fields; they become the field mask. */
  updateImplementation: (client: FetchClient, qc: QueryClient) =>
    invalidating(
      qc,
      servicePluginQueries.all(),
      ({
        implementationId,
        changes,
      }: {
        implementationId: string;
        changes: Partial<Omit<ImplementationInput, 'type'>>;
      }) => call(client, updateImplementation, implementationId, changes, Object.keys(changes)),
    ),
  deleteImplementation: invalidatingCall(servicePluginQueries.all(), deleteImplementation),
  testImplementation: invalidatingCall(servicePluginQueries.all(), testImplementation),
};
