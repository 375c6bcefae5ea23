import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { resolveRequest, type MethodDescriptor, type RawRequestInit } from '@plaza/sdk';
import { usePlaza } from './context.js';

/**
 * Any Plaza client. The back-office factories send the SDK's method definitions through its `fetch`, so the app's one
 * client need not carry those modules: the storefront's bundle stays free of them, and the admin's code is lazy.
 */
export interface FetchClient {
  fetch<T = unknown>(path: string, init?: RawRequestInit): Promise<T>;
}

/**
 * Runs one SDK method (such as `listApiKeys` from `@plaza/sdk/settings`) through the client: the same request, query
 * string and long-GET fallback as `client.<module>.<method>(...)`.
 *
 * @example
 * const { apiKeys } = await call(client, listApiKeys);
 */
export function call<A extends unknown[], R>(
  client: FetchClient,
  method: MethodDescriptor<A, R>,
  ...args: A
): Promise<R> {
  const { path, headers, ...init } = resolveRequest(method, args);
  return client.fetch<R>(path, headers ? { ...init, headers } : init);
}

/**
 * Mutation options that mark every query under `key` (a module's `all()`) stale when the change ends: after success,
 * and after a refusal too (a 409 usually means the screen showed an outdated state). Only the queries on screen
 * refetch; the mutation settles once they have.
 */
export function invalidating<V, R>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  mutationFn: (vars: V) => Promise<R>,
): UseMutationOptions<R, Error, V> {
  return { mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) };
}

/** A mutation factory of this package: `(client, queryClient) => options`. */
export type MutationFactory<C, V, R> = (client: C, queryClient: QueryClient) => UseMutationOptions<R, Error, V>;

/** What a page may add to a factory's mutation: its own reaction to the answer (the invalidation stays). */
export type MutationCallbacks<V, R> = Pick<UseMutationOptions<R, Error, V>, 'onSuccess' | 'onError'>;

/**
 * `useMutation` of a factory with the provider's client and query client.
 *
 * @example
 * const create = usePlazaMutation(settingsMutations.createApiKey, { onSuccess: (r) => show(r.key) });
 * create.mutate({ name: 'Shop sync', scopes: ['catalog.manage'] });
 */
export function usePlazaMutation<C, V, R>(factory: MutationFactory<C, V, R>, callbacks: MutationCallbacks<V, R> = {}) {
  return useMutation({ ...factory(usePlaza<C>(), useQueryClient()), ...callbacks });
}
