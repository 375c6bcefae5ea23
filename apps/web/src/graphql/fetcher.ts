import type { PlazaClient } from '../plaza.js';
import { describeError } from '../ui/ErrorMessage.js';

interface GraphQLParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * The fetcher GraphiQL runs: POST /graphql/<version> with the signed-in owner's token. It goes through `client.fetch`
 * (the headers `client.graphql` sends, token renewal included) because GraphiQL also sends `operationName`, which
 * picks one operation of a document that has several. A refused request shows as an error in the result pane.
 */
export function graphqlFetcher(client: Pick<PlazaClient, 'fetch'>, apiVersion: string) {
  return async ({ query, variables, operationName }: GraphQLParams) => {
    try {
      return await client.fetch<Record<string, unknown>>(`/graphql/${encodeURIComponent(apiVersion)}`, {
        method: 'POST',
        body: { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
      });
    } catch (e) {
      return { errors: [{ message: describeError(e).message }] };
    }
  };
}
