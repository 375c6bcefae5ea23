import type { Static, TSchema } from 'typebox';
import { EmptyResponse } from '@plaza/contracts';
import type { Access } from '../kernel/caller.js';
import type { Ctx } from '../kernel/context.js';
import type { App } from './types.js';
import { emptyAfter, IdParams, routeOptions, type RouteDefaults } from './route-options.js';

/** The admin CRUD of one entity: where it lives, its wire schemas, its service and the notes of its docs. */
export interface CrudResource<C extends TSchema, U extends TSchema, Q extends TSchema> {
  /** The collection's path; one record is at `${path}/:id`. */
  path: string;
  /** Names the routes in their summaries: `Create a ${noun}`, `List ${noun}s`. */
  noun: string;
  /** The property one record is sent under: `{ [key]: record }`. */
  key: string;
  schemas: { create: C; update: U; one: TSchema; many: TSchema; listQuery?: Q };
  service: {
    /** Gives the whole list answer, so a list may wrap its records or page them as it likes. */
    list: (ctx: Ctx, query: Static<Q>) => Promise<unknown>;
    get: (ctx: Ctx, id: string) => Promise<unknown>;
    create: (ctx: Ctx, body: Static<C>) => Promise<unknown>;
    update: (ctx: Ctx, id: string, body: Static<U>) => Promise<unknown>;
    remove: (ctx: Ctx, id: string) => Promise<void>;
  };
  /** The descriptions of the routes that have one. */
  docs?: { create?: string; list?: string; update?: string; remove?: string };
}

/** The file's tags and errors, and who may manage the entity. */
type CrudDefaults = RouteDefaults<object> & { access: Access };

/**
 * Registers create, list, get, update (field mask) and delete for one entity, in that order. The schemas are given
 * as plain `TSchema`s to the routes, so the request parts are cast to their `Static` types here, once.
 */
export function crudRoutes<C extends TSchema, U extends TSchema, Q extends TSchema = TSchema>(
  app: App,
  defaults: CrudDefaults,
  resource: CrudResource<C, U, Q>,
): void {
  createAndReadRoutes(app, defaults, resource);
  updateAndDeleteRoutes(app, defaults, resource);
}

function createAndReadRoutes<C extends TSchema, U extends TSchema, Q extends TSchema>(
  app: App,
  defaults: CrudDefaults,
  { path, noun, key, schemas, service, docs = {} }: CrudResource<C, U, Q>,
): void {
  const route = routeOptions(defaults);
  const createBody: TSchema = schemas.create;
  const listQuery: TSchema | undefined = schemas.listQuery;
  app.post(
    path,
    route({ summary: `Create a ${noun}`, description: docs.create, body: createBody, response: schemas.one }),
    async (req) => ({ [key]: await service.create(req.ctx, req.body as Static<C>) }),
  );
  app.get(
    path,
    route({ summary: `List ${noun}s`, description: docs.list, querystring: listQuery, response: schemas.many }),
    async (req) => service.list(req.ctx, req.query as Static<Q>),
  );
  app.get(`${path}/:id`, route({ summary: `Get a ${noun}`, params: IdParams, response: schemas.one }), async (req) => ({
    [key]: await service.get(req.ctx, req.params.id),
  }));
}

function updateAndDeleteRoutes<C extends TSchema, U extends TSchema, Q extends TSchema>(
  app: App,
  defaults: CrudDefaults,
  { path, noun, key, schemas, service, docs = {} }: CrudResource<C, U, Q>,
): void {
  const route = routeOptions(defaults);
  const updateBody: TSchema = schemas.update;
  app.patch(
    `${path}/:id`,
    route({
      summary: `Update a ${noun}`,
      description: docs.update,
      params: IdParams,
      body: updateBody,
      response: schemas.one,
    }),
    async (req) => ({ [key]: await service.update(req.ctx, req.params.id, req.body as Static<U>) }),
  );
  app.delete(
    `${path}/:id`,
    route({ summary: `Delete a ${noun}`, description: docs.remove, params: IdParams, response: EmptyResponse }),
    async (req) => emptyAfter(service.remove(req.ctx, req.params.id)),
  );
}
