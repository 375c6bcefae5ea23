import { Type } from 'typebox';
import {
  CreateOAuthClientRequest,
  ListOAuthClientsResponse,
  OAuthClientResponse,
  UpdateOAuthClientRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createOAuthClient, deleteOAuthClient, listOAuthClients, updateOAuthClient } from '../oauth/index.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

const access = {
  admin: ['OWNER' as const],
  scope: 'oauth-clients.manage' as const,
};
const tags = ['oauth clients'];
const route = routeOptions({ tags, errors: errorResponses(), access });
/** The routes of one client, by id: it may not exist. */
const byIdRoute = routeOptions({ tags, errors: errorResponses(404), access });
const ClientIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
});

export function oauthClientRoutes(app: App): void {
  app.get(
    '/settings/v1/oauth-clients',
    route({
      summary: 'List OAuth clients',
      response: ListOAuthClientsResponse,
    }),
    async (req) => ({ clients: await listOAuthClients(req.ctx) }),
  );

  app.post(
    '/settings/v1/oauth-clients',
    route({
      summary: 'Register an OAuth client',
      description: "Redirect URIs must later match exactly. Allowed origins default to the redirect URIs' origins.",
      body: CreateOAuthClientRequest,
      response: OAuthClientResponse,
      status: 201,
    }),
    async (req, reply) => reply.status(201).send({ client: await createOAuthClient(req.ctx, req.body) }),
  );

  app.patch(
    '/settings/v1/oauth-clients/:id',
    byIdRoute({
      summary: 'Change an OAuth client',
      description:
        'Replaces the given fields (name, redirect URIs, allowed origins). Allowed origins also decide which ' +
        'browser sites may call the API (CORS).',
      params: ClientIdParams,
      body: UpdateOAuthClientRequest,
      response: OAuthClientResponse,
    }),
    async (req) => ({
      client: await updateOAuthClient(req.ctx, req.params.id, req.body),
    }),
  );

  app.delete(
    '/settings/v1/oauth-clients/:id',
    byIdRoute({
      summary: 'Delete an OAuth client and end its sessions',
      params: ClientIdParams,
      response: Type.Null(),
      status: 204,
    }),
    async (req, reply) => {
      await deleteOAuthClient(req.ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
