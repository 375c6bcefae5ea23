import { Type } from 'typebox';
import { ApiKey, CreateApiKeyRequest, CreateApiKeyResponse, ListApiKeysResponse } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

const access = { admin: ['OWNER' as const], scope: 'api-keys.manage' as const };
const tags = ['api keys'];
const route = routeOptions({ tags, errors: errorResponses(), access });
/** The routes of one key, by id: it may not exist. */
const byIdRoute = routeOptions({ tags, errors: errorResponses(404), access });

export function apiKeyRoutes(app: App): void {
  app.get('/settings/v1/api-keys', route({ summary: 'List API keys', response: ListApiKeysResponse }), async (req) => ({
    apiKeys: await listApiKeys(req.ctx),
  }));

  app.post(
    '/settings/v1/api-keys',
    route({
      summary: 'Create an API key',
      description: 'The response holds the key; it is never shown again. Send it as `Authorization: <key>`.',
      body: CreateApiKeyRequest,
      response: CreateApiKeyResponse,
      status: 201,
    }),
    async (req, reply) => reply.status(201).send(await createApiKey(req.ctx, req.body)),
  );

  app.delete(
    '/settings/v1/api-keys/:id',
    byIdRoute({
      summary: 'Revoke an API key',
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      response: Type.Object({ apiKey: ApiKey }),
    }),
    async (req) => ({ apiKey: await revokeApiKey(req.ctx, req.params.id) }),
  );
}
