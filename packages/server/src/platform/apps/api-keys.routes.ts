import { Type } from 'typebox';
import { ApiKey, CreateApiKeyRequest, CreateApiKeyResponse, ErrorBody, ListApiKeysResponse } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';
import { errorResponses } from '../../http/error-responses.js';

const access = { admin: ['OWNER' as const], scope: 'api-keys.manage' as const };
const errors = errorResponses();

export function apiKeyRoutes(app: App): void {
  app.get(
    '/settings/v1/api-keys',
    {
      schema: { tags: ['api keys'], summary: 'List API keys', response: { 200: ListApiKeysResponse, ...errors } },
      config: { access },
    },
    async (req) => ({ apiKeys: await listApiKeys(req.ctx) }),
  );

  app.post(
    '/settings/v1/api-keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key',
        description: 'The response holds the key; it is never shown again. Send it as `Authorization: <key>`.',
        body: CreateApiKeyRequest,
        response: { 201: CreateApiKeyResponse, ...errors },
      },
      config: { access },
    },
    async (req, reply) => reply.status(201).send(await createApiKey(req.ctx, req.body)),
  );

  app.delete(
    '/settings/v1/api-keys/:id',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Revoke an API key',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ apiKey: ApiKey }), 404: ErrorBody, ...errors },
      },
      config: { access },
    },
    async (req) => ({ apiKey: await revokeApiKey(req.ctx, req.params.id) }),
  );
}
