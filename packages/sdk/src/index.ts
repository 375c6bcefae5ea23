export {
  createClient,
  type BoundModule,
  type ClientOptions,
  type PlazaClient,
  type RawRequestInit,
} from './core/client.js';
export { callMethod, resolveRequest, type ErrorContext, type OnError } from './core/call.js';
export { errorFromResponse, isPlazaError, PlazaError, type PlazaErrorDetails } from './core/errors.js';
export { graphql, type GraphQLResult } from './core/graphql.js';
export { defineMethod, seg, type MethodDescriptor, type Module } from './core/method.js';
export { MAX_GET_QUERY_LENGTH, needsFallback, toQueryString, type QueryParams, type QueryValue } from './core/query.js';
export { CONSISTENCY_HEADER, createTransport, send, type Transport } from './core/transport.js';
export type { AuthEnv, AuthStrategy, FetchLike, HttpMethod, HttpRequest } from './core/types.js';
export * from './auth/index.js';
