import type {
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  CreateOAuthClientRequest,
  ListApiKeysResponse,
  ListOAuthClientsResponse,
  OAuthClient,
  UpdateOAuthClientRequest,
} from '@plaza/contracts';
import { bodyMethod, deleteMethod, listMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  ApiKey,
  ApiKeyScope,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  CreateOAuthClientRequest,
  ListApiKeysResponse,
  ListOAuthClientsResponse,
  OAuthClient,
  UpdateOAuthClientRequest,
} from '@plaza/contracts';

const KEYS = '/settings/v1/api-keys';
const CLIENTS = '/settings/v1/oauth-clients';

/**
 * The site's API keys (never their secrets). Owner only, like every method here.
 * @example const { apiKeys } = await client.settings.listApiKeys();
 */
export const listApiKeys = listMethod<ListApiKeysResponse>(KEYS);
/** A new key with these scopes; `key` (the secret) is in this answer only. */
export const createApiKey = bodyMethod<CreateApiKeyRequest, CreateApiKeyResponse>(KEYS, 'apiKey');
export const deleteApiKey = deleteMethod(KEYS, 'apiKey');

/** The OAuth clients apps sign visitors and members in with. */
export const listOAuthClients = listMethod<ListOAuthClientsResponse>(CLIENTS);
export const createOAuthClient = bodyMethod<CreateOAuthClientRequest, { client: OAuthClient }>(CLIENTS, 'client');
/** The fields given replace the stored ones; the others stay. */
export const updateOAuthClient = defineMethod<
  [clientId: string, client: UpdateOAuthClientRequest],
  { client: OAuthClient }
>({
  argumentNames: ['clientId', 'client'],
  request: (id, body) => ({ method: 'PATCH', path: `${CLIENTS}/${seg(id)}`, body }),
});
export const deleteOAuthClient = deleteMethod(CLIENTS, 'client');

/**
 * The settings module (API keys and OAuth clients): `import { settings } from '@plaza/sdk/settings'`.
 * The site's own settings are `@plaza/sdk/site`.
 */
export const settings = {
  listApiKeys,
  createApiKey,
  deleteApiKey,
  listOAuthClients,
  createOAuthClient,
  updateOAuthClient,
  deleteOAuthClient,
};
