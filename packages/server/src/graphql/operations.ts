import type { RouteOptions } from 'fastify';
import type { Access } from '../kernel/caller.js';
import type { App } from '../http/types.js';
import type { JsonSchema } from './wire-types.js';

/** A REST route offered as a GraphQL field: the same schemas, access, hooks and handler. */
export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Query fields read; mutation fields write. */
  kind: 'query' | 'mutation';
  /** The field's name: the path's words, with a verb for writes on a collection (`createCatalogProducts`). */
  name: string;
  access: Access;
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: JsonSchema;
  body?: JsonSchema;
  /** The success answer's schema; undefined for a route that answers 204 with nothing. */
  response?: JsonSchema;
  status: number;
  summary?: string;
  preValidation: Array<(req: unknown, reply: unknown) => unknown>;
  handler: (this: unknown, req: unknown, reply: unknown) => unknown;
}

/**
 * Routes that are no JSON call: browser redirects, signed file bytes, uploads, provider callbacks. REST keeps them;
 * GraphQL has nothing to answer with.
 */
const NOT_OFFERED = [
  /^\/identity\/v1\/logout$/,
  /^\/identity\/v1\/callback$/,
  /^\/identity\/v1\/sso\/login\//,
  /^\/ecom\/v1\/checkouts\/:id\/:target$/,
  /^\/ecom\/v1\/checkouts\/mark-checkout-as-completed-and-redirect-to-url$/,
  /^\/ecom\/v1\/orders\/:id\/invoice(\.pdf|\/download)$/,
  /^\/ecom\/v1\/orders\/export$/,
  /^\/payments\/v1\/stripe\/webhook$/,
  /^\/media\/v1\/(upload|f|zip)(\/|$)/,
  /^\/redirects\/v1\/redirect-session\/:id\/continue$/,
];

/** The service paths GraphQL offers: `/<service>/v<n>/…`. */
const SERVICE_PATH = /^\/[a-z-]+\/v\d+\//;

/** POST routes that only read: their fields sit on Query. */
const READ_BY_POST = /\/(query|count|search|get|get-files|aggregate|count-by-catalog-reference)$/;

const VERB_BY_METHOD = { POST: 'create', PATCH: 'update', PUT: 'set', DELETE: 'delete' } as const;

const camel = (words: string[]) =>
  words
    .flatMap((w) => w.split(/[^0-9A-Za-z]+/))
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w[0]!.toLowerCase() : w[0]!.toUpperCase()) + w.slice(1))
    .join('');

/**
 * Collects the offered routes as they are added. Call before the routes are registered; the list is complete once
 * the app is ready (the names need every route, so they are given then).
 */
export function collectOperations(app: App): () => Operation[] {
  const routes: Omit<Operation, 'name' | 'kind'>[] = [];
  app.addHook('onRoute', (route) => {
    const offered = toOperation(route);
    if (offered) routes.push(offered);
  });
  return () => nameOperations(routes);
}

function toOperation(route: RouteOptions): Omit<Operation, 'name' | 'kind'> | undefined {
  const method = route.method as Operation['method'];
  if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) return undefined;
  if (!SERVICE_PATH.test(route.url) || NOT_OFFERED.some((p) => p.test(route.url))) return undefined;
  const schema = (route.schema ?? {}) as Record<string, JsonSchema | Record<string, JsonSchema> | undefined>;
  const responses = (schema.response ?? {}) as Record<string, JsonSchema>;
  const status = [200, 201, 204].find((s) => responses[s] !== undefined) ?? 200;
  const response = responses[status];
  if (status !== 204 && response?.type !== 'object') return undefined;
  const body = schema.body as JsonSchema | undefined;
  if (body && body.type !== 'object') return undefined;
  const hooks = route.preValidation;
  return {
    method,
    url: route.url,
    access: route.config!.access!,
    ...(schema.params ? { params: schema.params } : {}),
    ...(schema.querystring ? { querystring: schema.querystring } : {}),
    ...(schema.headers ? { headers: schema.headers } : {}),
    ...(body ? { body } : {}),
    ...(status === 204 ? {} : { response }),
    status,
    ...(typeof schema.summary === 'string' ? { summary: schema.summary } : {}),
    preValidation: (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []) as Operation['preValidation'],
    handler: route.handler as Operation['handler'],
  };
}

/**
 * `GET /catalog/v1/products/:productId` → `catalogProductsByProductId`; the service word is said once
 * (`/members/v1/members/my` → `membersMy`); a POST, PATCH, PUT or DELETE on a collection or a record gets its verb
 * (`createCatalogProducts`, `deleteCatalogProductsByProductId`), a POST on an action path does not
 * (`ecomCartsCurrentAddToCart`).
 */
function nameOperations(routes: Omit<Operation, 'name' | 'kind'>[]): Operation[] {
  const paths = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const isCollection = (url: string) =>
    paths.has(`GET ${url}`) ||
    routes.some((r) => r.url.startsWith(`${url}/:`) && !r.url.slice(url.length + 2).includes('/'));
  const used = new Set<string>();
  return routes.map((route) => {
    const segments = route.url.split('/').filter(Boolean);
    const [service, , ...rest] = segments;
    const words = rest[0] === service ? rest.slice(1) : rest;
    const literal = words.filter((w) => !w.startsWith(':'));
    const last = words.at(-1);
    const by = last?.startsWith(':') ? ['by', last.slice(1)] : [];
    const kind =
      route.method === 'GET' || (route.method === 'POST' && READ_BY_POST.test(route.url)) ? 'query' : 'mutation';
    const verb =
      kind === 'query' || (route.method === 'POST' && !isCollection(route.url))
        ? []
        : [VERB_BY_METHOD[route.method as 'POST']];
    let name = camel([...verb, service!, ...literal, ...by]);
    for (let i = 2; used.has(`${kind}:${name}`); i++) name = `${camel([...verb, service!, ...literal, ...by])}${i}`;
    used.add(`${kind}:${name}`);
    return { ...route, kind, name };
  });
}
