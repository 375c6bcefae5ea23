import type { QueryClient } from '@tanstack/react-query';
import {
  createApiKey,
  createOAuthClient,
  deleteApiKey,
  deleteOAuthClient,
  listApiKeys,
  listOAuthClients,
  updateOAuthClient,
  type UpdateOAuthClientRequest,
} from '@plaza/sdk/settings';
import { call, invalidating, type FetchClient } from './call.js';
import { fieldQuery, invalidatingCall } from './factories.js';

export const settingsQueries = {
  all: () => ['plaza', 'settings'] as const,
  apiKeys: (client: FetchClient) =>
    fieldQuery(client, [...settingsQueries.all(), 'apiKeys'] as const, listApiKeys, 'apiKeys'),
  oauthClients: (client: FetchClient) =>
    fieldQuery(client, [...settingsQueries.all(), 'oauthClients'] as const, listOAuthClients, 'clients'),
};

export const settingsMutations = {
  createApiKey: invalidatingCall(settingsQueries.all(), createApiKey),
  deleteApiKey: invalidatingCall(settingsQueries.all(), deleteApiKey),
  createOAuthClient: invalidatingCall(settingsQueries.all(), createOAuthClient),
  updateOAuthClient: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, settingsQueries.all(), ({ id, changes }: { id: string; changes: UpdateOAuthClientRequest }) =>
      call(client, updateOAuthClient, id, changes),
    ),
  deleteOAuthClient: invalidatingCall(settingsQueries.all(), deleteOAuthClient),
};
