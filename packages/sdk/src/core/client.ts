import { callMethod, type OnError } from './call.js';
import { graphql, type GraphQLResult } from './graphql.js';
import type { MethodDescriptor, Module } from './method.js';
import type { QueryParams } from './query.js';
import { createTransport, send } from './transport.js';
import type { AuthStrategy, FetchLike, HttpMethod } from './types.js';

/** Options of {@link createClient}. */
export interface ClientOptions<M extends Record<string, Module>, A extends AuthStrategy> {
  /** Server origin such as `https://shop.example.com`, or `''` for the page's own origin. */
  baseUrl: string;
  auth: A;
  modules?: M;
  /** Replaces the global `fetch` for every request, token requests included. */
  fetch?: FetchLike;
  /** Runs after any failed module call, before the error is rethrown. */
  onError?: OnError;
}

/** Options of `client.fetch`: a `RequestInit` whose `body` may be any JSON value, plus query parameters. */
export type RawRequestInit = Omit<RequestInit, 'body' | 'method'> & {
  method?: HttpMethod;
  body?: unknown;
  query?: QueryParams;
};

/** The functions of one module, bound to a client. */
export type BoundModule<M extends Module> = {
  [K in keyof M]: M[K] extends MethodDescriptor<infer A, infer R> ? (...args: A) => Promise<R> : never;
};

/** A client: one bound object per module, plus `auth`, `fetch` and `graphql`. */
export type PlazaClient<M extends Record<string, Module>, A extends AuthStrategy> = {
  [K in keyof M]: BoundModule<M[K]>;
} & {
  /**
   * The auth strategy passed in, for `getTokens()`, `setTokens()`, ...
   * @example const { refreshToken } = client.auth.getTokens();
   */
  auth: A;
  /**
   * An authenticated request to a path of the server; returns the parsed JSON and throws `PlazaError`.
   * A plain-object `body` is sent as JSON; `query` is serialized like module queries.
   * @example const { apiKeys } = await client.fetch<{ apiKeys: ApiKey[] }>('/settings/v1/api-keys', { query: { limit: 10 } });
   */
  fetch<T = unknown>(path: string, init?: RawRequestInit): Promise<T>;
  /**
   * A GraphQL request to `/graphql/{apiVersion}` (default `alpha`); a non-200 answer throws
   * `GraphQL request failed with status {status}`.
   * @example const { data, errors } = await client.graphql('query { site { name } }');
   */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { apiVersion?: string },
  ): Promise<GraphQLResult<T>>;
};

const RESERVED = ['auth', 'fetch', 'graphql'];

/**
 * Creates a Plaza client. Every module passed in becomes `client.<moduleName>.<method>(...)`.
 * The client binds the auth strategy to its `baseUrl` and `fetch`, echoes the last `x-plaza-consistency`
 * header it saw, and calls `onError` on failed module calls before rethrowing the original error.
 *
 * @example
 * import { createClient, OAuthStrategy } from '@plaza/sdk';
 * import { site } from '@plaza/sdk/site';
 *
 * const client = createClient({ baseUrl: '', auth: OAuthStrategy({ clientId: 'web' }), modules: { site } });
 * const { site: current } = await client.site.getSite();
 */
export function createClient<
  M extends Record<string, Module> = Record<never, Module>,
  A extends AuthStrategy = AuthStrategy,
>(options: ClientOptions<M, A>): PlazaClient<M, A> {
  const t = createTransport(options.baseUrl, options.auth, options.fetch);
  options.auth.bind?.({ baseUrl: t.baseUrl, fetch: t.fetch });
  const client: Record<string, unknown> = {
    auth: options.auth,
    fetch: (path: string, init: RawRequestInit = {}) => {
      const { method = 'GET', body, query, ...rest } = init;
      return send(t, { method, path, body, query }, rest);
    },
    graphql: (query: string, variables?: Record<string, unknown>, opts?: { apiVersion?: string }) =>
      graphql(t, query, variables, opts),
  };
  for (const [moduleName, mod] of Object.entries(options.modules ?? {})) {
    if (RESERVED.includes(moduleName)) throw new Error(`Module name "${moduleName}" is reserved`);
    const bound: Record<string, unknown> = {};
    for (const [methodName, method] of Object.entries(mod)) {
      bound[methodName] = (...args: unknown[]) =>
        callMethod(t, method, args, { moduleName, methodName, onError: options.onError });
    }
    client[moduleName] = bound;
  }
  return client as PlazaClient<M, A>;
}
