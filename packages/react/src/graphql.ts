import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GraphQLResult } from '@plaza/sdk';
import { usePlaza } from './context.js';

/** The part of an SDK client these queries need: every client has `graphql`. */
export interface GraphQLClient {
  graphql<T>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResult<T>>;
}

type Errors = NonNullable<GraphQLResult['errors']>;

/**
 * A GraphQL answer with errors, as a query error: `errors` as the server gave them, `status` the first one's (as
 * REST would have answered), so a refusal (4xx) is not retried and a page can tell "not allowed" from "not found".
 */
export class GraphQLQueryError extends Error {
  readonly status: number | undefined;
  constructor(
    readonly errors: Errors,
    readonly data: unknown,
  ) {
    super(errors[0]?.message ?? 'GraphQL query failed');
    this.name = 'GraphQLQueryError';
    const status = errors[0]?.extensions?.status;
    this.status = typeof status === 'number' ? status : undefined;
  }
}

export const graphqlQueries = {
  all: () => ['plaza', 'graphql'] as const,
  /** One query and its variables; the key holds both, so each set of variables is cached apart. */
  query: <T>(client: GraphQLClient, query: string, variables?: Record<string, unknown>) =>
    queryOptions({
      queryKey: [...graphqlQueries.all(), query, variables ?? {}] as const,
      queryFn: async () => {
        const { data, errors } = await client.graphql<T>(query, variables);
        if (errors?.length) throw new GraphQLQueryError(errors, data);
        return data as T;
      },
    }),
};

/**
 * Runs a GraphQL query through the provider's client and caches its data like any other query. An answer with
 * errors is the query's error (a `GraphQLQueryError`); `T` is the shape your query selects.
 *
 * @example
 * const { data } = useGraphQL<{ site: { site: { name: string } } }>('{ site { site { name } } }');
 */
export function useGraphQL<T>(query: string, variables?: Record<string, unknown>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...graphqlQueries.query<T>(usePlaza<GraphQLClient>(), query, variables), ...options });
}
