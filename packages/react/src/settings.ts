import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  createApiKey,
  createOAuthClient,
  deleteApiKey,
  deleteOAuthClient,
  listApiKeys,
  listOAuthClients,
  updateOAuthClient,
  type CreateApiKeyRequest,
  type CreateOAuthClientRequest,
  type UpdateOAuthClientRequest,
} from '@plaza/sdk/settings';
import { call, invalidating, type FetchClient } from './call.js';

export const settingsQueries = {
  all: () => ['plaza', 'settings'] as const,
  apiKeys: (client: FetchClient) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'apiKeys'] as const,
      queryFn: () => call(client, listApiKeys).then((r) => r.apiKeys),
    }),
  oauthClients: (client: FetchClient) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'oauthClients'] as const,
      queryFn: () => call(client, listOAuthClients).then((r) => r.clients),
    }),
};

export const settingsMutations = {
  createApiKey: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, settingsQueries.all(), (k: CreateApiKeyRequest) => call(client, createApiKey, k)),
  deleteApiKey: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, settingsQueries.all(), (id: string) => call(client, deleteApiKey, id)),
  createOAuthClient: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, settingsQueries.all(), (c: CreateOAuthClientRequest) => call(client, createOAuthClient, c)),
  updateOAuthClient: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, settingsQueries.all(), ({ id, changes }: { id: string; changes: UpdateOAuthClientRequest }) =>
      call(client, updateOAuthClient, id, changes),
    ),
  deleteOAuthClient: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, settingsQueries.all(), (id: string) => call(client, deleteOAuthClient, id)),
};
