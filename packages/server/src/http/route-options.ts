import { Type, type TSchema } from 'typebox';
import type { Access } from '../kernel/caller.js';

/** What the routes of one file share: their OpenAPI tags, their error answers and, often, who may call them. */
export interface RouteDefaults<E extends object> {
  tags: string[];
  /** The error answers every route of the file can give, from `errorResponses(...)`. */
  errors: E;
  /** Who may call a route that does not say otherwise. */
  access?: Access;
}

/** What is a route's own. Each schema is optional; the request and reply types follow the ones given. */
export interface RouteSpec<P, Q, H, B, R, S> {
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  headers?: H;
  body?: B;
  /** The 200 answer; the file's error answers come with it. A route without it declares no answers at all. */
  response?: R;
  /** The status of that answer when it is not 200: 201 for a route that creates, 204 for one that sends nothing. */
  status?: S;
}

type SuccessStatus = 200 | 201 | 204;

type Schema = TSchema | undefined;

/** Fastify's route options, typed as precisely as a hand-written `{ schema, config }` so TypeBox types the handler. */
export interface RouteOptions<P, Q, H, B, R, S extends SuccessStatus, E> {
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    params: P;
    querystring: Q;
    headers: H;
    body: B;
    response: [R] extends [TSchema] ? { [K in S]: R } & E : undefined;
  };
  config: { access: Access };
}

/** A route's access: optional where the file has a usual one, required where it has none. */
type AccessOf<D> = D extends { access: Access } ? { access?: Access } : { access: Access };

/**
 * The route options of one file's routes: give the shared tags, errors and access once, then each route only what is
 * its own (`app.get(url, route({ summary, params, response }), handler)`). The schema keys keep Fastify's usual order
 * and a key a route leaves out stays out, so the routes and /openapi.json are as if written out in full.
 */
export function routeOptions<D extends RouteDefaults<object>>(defaults: D) {
  return <
    P extends Schema = undefined,
    Q extends Schema = undefined,
    H extends Schema = undefined,
    B extends Schema = undefined,
    R extends Schema = undefined,
    S extends SuccessStatus = 200,
  >(
    spec: RouteSpec<P, Q, H, B, R, S> & AccessOf<D>,
  ): RouteOptions<P, Q, H, B, R, S, D['errors']> => {
    const { summary, description, params, querystring, headers, body, response, status = 200 } = spec;
    const schema = {
      tags: defaults.tags,
      summary,
      ...(description === undefined ? {} : { description }),
      ...(params === undefined ? {} : { params }),
      ...(querystring === undefined ? {} : { querystring }),
      ...(headers === undefined ? {} : { headers }),
      ...(body === undefined ? {} : { body }),
      ...(response === undefined ? {} : { response: { [status]: response, ...defaults.errors } }),
    };
    const options = { schema, config: { access: spec.access ?? defaults.access } };
    // The keys left out are absent, not undefined: the declared type only says what Fastify may read.
    return options as RouteOptions<P, Q, H, B, R, S, D['errors']>;
  };
}

/** The params of a route on one record: `:id`, a UUID. */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

/** The `{}` answer of a route whose call gives back nothing to send (deletes, restores). */
export async function emptyAfter(call: Promise<unknown>): Promise<Record<string, never>> {
  await call;
  return {};
}

/** The store's back office: the owner and API keys with the `ecom` scope. */
export const ecomManagers: Access = { admin: ['OWNER'], scope: 'ecom' };
