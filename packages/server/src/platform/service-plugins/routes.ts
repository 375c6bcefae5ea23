import { Type } from 'typebox';
import {
  CreateServicePluginImplementationRequest,
  ErrorBody,
  ListServicePluginCallsResponse,
  ListServicePluginImplementationsResponse,
  ServicePluginImplementationResponse,
  TestServicePluginRequest,
  TestServicePluginResponse,
  UpdateServicePluginImplementationRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import {
  createImplementation,
  deleteImplementation,
  getImplementation,
  listCalls,
  listImplementations,
  testImplementation,
  updateImplementation,
} from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { emptyAfter, routeOptions } from '../../http/route-options.js';

/** Owners, and API keys with the `webhooks` scope (the scope for everything apps plug into). */
const access = { admin: ['OWNER' as const], scope: 'webhooks' as const };
const errors = errorResponses();
const tags = ['service plugins'];
const base = '/service-plugins/v1/implementations';
const params = Type.Object({ id: Type.String({ format: 'uuid' }) });

const route = routeOptions({ tags, errors, access });
/** The routes of one implementation, by id: it may not exist. */
const byIdRoute = routeOptions({ tags, errors: errorResponses(404), access });

export function servicePluginRoutes(app: App): void {
  registerImplementationRoutes(app);
  registerImplementationChangeRoutes(app);
}

/** Adding implementations, listing them and reading one. */
function registerImplementationRoutes(app: App): void {
  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Register an app endpoint for a service plugin type',
        description:
          'At most one implementation per type: a second one is a 409 `multiple implementations are unsupported`.',
        body: CreateServicePluginImplementationRequest,
        response: { 201: ServicePluginImplementationResponse, 409: ErrorBody, ...errors },
      },
      config: { access },
    },
    async (req, reply) =>
      reply.status(201).send({ implementation: await createImplementation(req.ctx, req.body.implementation) }),
  );

  app.get(
    base,
    route({
      summary: 'List service plugin implementations',
      response: ListServicePluginImplementationsResponse,
    }),
    async (req) => ({ implementations: await listImplementations(req.ctx) }),
  );

  app.get(
    `${base}/:id`,
    byIdRoute({
      summary: 'Get a service plugin implementation',
      params,
      response: ServicePluginImplementationResponse,
    }),
    async (req) => ({ implementation: await getImplementation(req.ctx, req.params.id) }),
  );
}

/** Changing, deleting and testing an implementation, and its call log. */
function registerImplementationChangeRoutes(app: App): void {
  app.patch(
    `${base}/:id`,
    byIdRoute({
      summary: 'Update a service plugin implementation (field mask: name, url, enabled, timeoutMs)',
      params,
      body: UpdateServicePluginImplementationRequest,
      response: ServicePluginImplementationResponse,
    }),
    async (req) => ({ implementation: await updateImplementation(req.ctx, req.params.id, req.body) }),
  );

  app.delete(
    `${base}/:id`,
    byIdRoute({
      summary: 'Delete a service plugin implementation',
      params,
      response: Type.Object({}),
    }),
    async (req) => emptyAfter(deleteImplementation(req.ctx, req.params.id)),
  );

  app.post(
    `${base}/:id/test`,
    byIdRoute({
      summary: 'Send a test call to the app',
      description:
        "Sends the method's sample request (or the given one), even to a disabled implementation, and reports the outcome.",
      params,
      body: TestServicePluginRequest,
      response: TestServicePluginResponse,
    }),
    async (req) => testImplementation(req.ctx, req.params.id, req.body),
  );

  app.get(
    `${base}/:id/calls`,
    byIdRoute({
      summary: 'The last 50 calls to the app',
      params,
      response: ListServicePluginCallsResponse,
    }),
    async (req) => ({ calls: await listCalls(req.ctx, req.params.id) }),
  );
}
