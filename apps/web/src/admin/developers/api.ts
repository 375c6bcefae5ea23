import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  CreateServicePluginImplementationRequest,
  CreateWebhookSubscriptionRequest,
  ListServicePluginCallsResponse,
  ListServicePluginImplementationsResponse,
  ListWebhookDeliveriesResponse,
  ListWebhookSubscriptionsResponse,
  RedeliverResponse,
  ServicePluginImplementationResponse,
  TestEventResponse,
  TestServicePluginResponse,
  WebhookDeliveryDetails,
  WebhookDeliveryStatus,
  WebhookJwks,
  WebhookSettings,
  WebhookSubscription,
  WebhookSubscriptionResponse,
} from '@plaza/contracts';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../../plaza.js';

// The Developers screens call the dashboard-only routes with `client.fetch` (as API keys and OAuth clients do), so the
// storefront's client carries no webhook or plugin code. Every path lives here.
const id = encodeURIComponent;
const SUBSCRIPTIONS = '/webhooks/v1/subscriptions';
const IMPLEMENTATIONS = '/service-plugins/v1/implementations';
const SETTINGS = '/webhooks/v1/settings';

export const developerKeys = {
  webhooks: () => ['plaza', 'admin', 'webhooks'] as const,
  deliveries: (subscriptionId: string, status: WebhookDeliveryStatus | undefined) =>
    [...developerKeys.webhooks(), subscriptionId, 'deliveries', status ?? 'ALL'] as const,
  delivery: (subscriptionId: string, deliveryId: string) =>
    [...developerKeys.webhooks(), subscriptionId, 'delivery', deliveryId] as const,
  publicKeys: () => ['plaza', 'admin', 'webhook-public-keys'] as const,
  settings: () => ['plaza', 'admin', 'webhook-settings'] as const,
  plugins: () => ['plaza', 'admin', 'service-plugins'] as const,
  calls: (implementationId: string) => [...developerKeys.plugins(), implementationId, 'calls'] as const,
};

const usePlazaClient = () => usePlaza<PlazaClient>();

export function useSubscriptions() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: developerKeys.webhooks(),
    queryFn: () => plaza.fetch<ListWebhookSubscriptionsResponse>(SUBSCRIPTIONS).then((r) => r.subscriptions),
    // Counts and last messages move while deliveries wait: follow them until nothing is left to send.
    refetchInterval: (q) => (q.state.data?.some((s) => s.counts.pending > 0) ? 3000 : false),
  });
}

/** One page of a subscription's delivery log, newest first; refreshed every 3 s while something waits to be sent. */
export function useDeliveries(subscriptionId: string, status: WebhookDeliveryStatus | undefined, cursor?: string) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: [...developerKeys.deliveries(subscriptionId, status), cursor ?? ''],
    queryFn: () =>
      plaza.fetch<ListWebhookDeliveriesResponse>(`${SUBSCRIPTIONS}/${id(subscriptionId)}/deliveries`, {
        query: { limit: 20, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'PENDING') ? 3000 : false),
  });
}

export function useDeliveryDetails(subscriptionId: string, deliveryId: string | null) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: developerKeys.delivery(subscriptionId, deliveryId ?? ''),
    queryFn: () =>
      plaza.fetch<WebhookDeliveryDetails>(`${SUBSCRIPTIONS}/${id(subscriptionId)}/deliveries/${id(deliveryId!)}`),
    enabled: deliveryId !== null,
  });
}

export function usePublicKeys() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: developerKeys.publicKeys(),
    queryFn: () => plaza.fetch<WebhookJwks>('/webhooks/v1/public-keys'),
    staleTime: 5 * 60_000,
  });
}

export function useWebhookSettings() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: developerKeys.settings(),
    queryFn: () => plaza.fetch<{ settings: WebhookSettings }>(SETTINGS).then((r) => r.settings),
  });
}

export const useUpdateWebhookSettings = () =>
  useChange(developerKeys.settings(), (plaza, settings: WebhookSettings) =>
    plaza.fetch<{ settings: WebhookSettings }>(SETTINGS, { method: 'PATCH', body: { settings } }),
  );

export function useImplementations() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: developerKeys.plugins(),
    queryFn: () =>
      plaza.fetch<ListServicePluginImplementationsResponse>(IMPLEMENTATIONS).then((r) => r.implementations),
  });
}

export function usePluginCalls(implementationId: string | null) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: developerKeys.calls(implementationId ?? ''),
    queryFn: () =>
      plaza
        .fetch<ListServicePluginCallsResponse>(`${IMPLEMENTATIONS}/${id(implementationId!)}/calls`)
        .then((r) => r.calls),
    enabled: implementationId !== null,
  });
}

/**
 * A change that refreshes the queries under `key` when it ends (a refusal too: the screen may be outdated).
 * `onSuccess` runs before that refresh and even when the screen that asked is gone by then (a deleted webhook's page
 * unmounts as the list refreshes, and `mutate`'s own callbacks would be dropped).
 */
function useChange<V, R>(
  key: QueryKey,
  fn: (plaza: PlazaClient, vars: V) => Promise<R>,
  onSuccess?: (result: R, vars: V) => void,
) {
  const plaza = usePlazaClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => fn(plaza, vars),
    ...(onSuccess ? { onSuccess } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

type SubscriptionInput = CreateWebhookSubscriptionRequest['subscription'];

export const useCreateSubscription = () =>
  useChange(developerKeys.webhooks(), (plaza, subscription: SubscriptionInput) =>
    plaza.fetch<WebhookSubscriptionResponse>(SUBSCRIPTIONS, { method: 'POST', body: { subscription } }),
  );

export const useUpdateSubscription = () =>
  useChange(
    developerKeys.webhooks(),
    (plaza, { subscriptionId, changes }: { subscriptionId: string; changes: Partial<SubscriptionInput> }) =>
      plaza.fetch<WebhookSubscriptionResponse>(`${SUBSCRIPTIONS}/${id(subscriptionId)}`, {
        method: 'PATCH',
        body: { subscription: changes, fieldMask: { paths: Object.keys(changes) } },
      }),
  );

export const useDeleteSubscription = (onDeleted?: (subscription: WebhookSubscription) => void) =>
  useChange(
    developerKeys.webhooks(),
    (plaza, subscription: WebhookSubscription) =>
      plaza.fetch<object>(`${SUBSCRIPTIONS}/${id(subscription.id)}`, { method: 'DELETE' }),
    onDeleted && ((_r, subscription) => onDeleted(subscription)),
  );

export const useSetPaused = () =>
  useChange(
    developerKeys.webhooks(),
    (plaza, { subscriptionId, paused }: { subscriptionId: string; paused: boolean }) =>
      plaza.fetch<WebhookSubscriptionResponse>(
        `${SUBSCRIPTIONS}/${id(subscriptionId)}/${paused ? 'pause' : 'resume'}`,
        { method: 'POST', body: {} },
      ),
  );

export const useSendTestEvent = () =>
  useChange(developerKeys.webhooks(), (plaza, subscriptionId: string) =>
    plaza.fetch<TestEventResponse>(`${SUBSCRIPTIONS}/${id(subscriptionId)}/test`, { method: 'POST', body: {} }),
  );

export const useRedeliver = () =>
  useChange(
    developerKeys.webhooks(),
    (plaza, { subscriptionId, deliveryId }: { subscriptionId: string; deliveryId: string }) =>
      plaza.fetch<RedeliverResponse>(`${SUBSCRIPTIONS}/${id(subscriptionId)}/deliveries/${id(deliveryId)}/redeliver`, {
        method: 'POST',
        body: {},
      }),
  );

export const useRedeliverFailed = () =>
  useChange(developerKeys.webhooks(), (plaza, subscriptionId: string) =>
    plaza.fetch<RedeliverResponse>(`${SUBSCRIPTIONS}/${id(subscriptionId)}/redeliver-failed`, {
      method: 'POST',
      body: {},
    }),
  );

type ImplementationInput = CreateServicePluginImplementationRequest['implementation'];

export const useRegisterPlugin = () =>
  useChange(developerKeys.plugins(), (plaza, implementation: ImplementationInput) =>
    plaza.fetch<ServicePluginImplementationResponse>(IMPLEMENTATIONS, { method: 'POST', body: { implementation } }),
  );

export const useUpdatePlugin = () =>
  useChange(
    developerKeys.plugins(),
    (
      plaza,
      { implementationId, changes }: { implementationId: string; changes: Partial<Omit<ImplementationInput, 'type'>> },
    ) =>
      plaza.fetch<ServicePluginImplementationResponse>(`${IMPLEMENTATIONS}/${id(implementationId)}`, {
        method: 'PATCH',
        body: { implementation: changes, fieldMask: { paths: Object.keys(changes) } },
      }),
  );

export const useDeletePlugin = () =>
  useChange(developerKeys.plugins(), (plaza, implementationId: string) =>
    plaza.fetch<object>(`${IMPLEMENTATIONS}/${id(implementationId)}`, { method: 'DELETE' }),
  );

export const useTestPlugin = () =>
  useChange(developerKeys.plugins(), (plaza, implementationId: string) =>
    plaza.fetch<TestServicePluginResponse>(`${IMPLEMENTATIONS}/${id(implementationId)}/test`, {
      method: 'POST',
      body: {},
    }),
  );
