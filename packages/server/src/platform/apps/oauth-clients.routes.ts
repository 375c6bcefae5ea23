import { Type } from 'typebox';
import {
  CreateOAuthClientRequest,
  ErrorBody,
  ListOAuthClientsResponse,
  OAuthClientResponse,
  UpdateOAuthClientRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createOAuthClient, deleteOAuthClient, listOAuthClients, updateOAuthClient } from '../oauth/index.js';
import { errorResponses } from '../../http/error-responses.js';

const access = { admin: ['OWNER' as const], scope: 'oauth-clients.manage' as const };
const errors = errorResponses();

export function oauthClientRoutes(app: App): void {
  app.get(
    '/settings/v1/oauth-clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'List OAuth clients',
        response: { 200: ListOAuthClientsResponse, ...errors },
      },
      config: { access },
    },
    async (req) => ({ clients: await listOAuthClients(req.ctx) }),
  );

  app.post(
    '/settings/v1/oauth-clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'Register an OAuth client',
        description: "Redirect URIs must later match exactly. Allowed origins default to the redirect URIs' origins.",
        body: CreateOAuthClientRequest,
        response: { 201: OAuthClientResponse, ...errors },
      },
      config: { access },
    },
    async (req, reply) => reply.status(201).send({ client: await createOAuthClient(req.ctx, req.body) }),
  );

  app.patch(
    '/settings/v1/oauth-clients/:id',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'Change an OAuth client',
        description:
          'Replaces the given fields (name, redirect URIs, allowed origins). Allowed origins also decide which ' +
          'browser sites may call the API (CORS).',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        body: UpdateOAuthClientRequest,
        response: { 200: OAuthClientResponse, 404: ErrorBody, ...errors },
      },
      config: { access },
    },
    async (req) => ({ client: await updateOAuthClient(req.ctx, req.params.id, req.body) }),
  );

  app.delete(
    '/settings/v1/oauth-clients/:id',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'Delete an OAuth client and end its sessions',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 204: Type.Null(), 404: ErrorBody, ...errors },
      },
      config: { access },
    },
    async (req, reply) => {
      await deleteOAuthClient(req.ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
