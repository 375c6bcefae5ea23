import { PlazaError, requestIdOf } from './errors.js';
import { CONSISTENCY_HEADER, type Transport } from './transport.js';

/** The JSON a GraphQL endpoint answers with. */
export interface GraphQLResult<T = Record<string, unknown>> {
  data: T | null | undefined;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

/**
 * POSTs `{ query, variables }` to `/graphql/{apiVersion}` (default `alpha`) and returns `{ data, errors }`.
 * A status other than 200 throws a `PlazaError` with the message `GraphQL request failed with status {status}`.
 *
 * @example
 * const { data, errors } = await graphql(transport, 'query { site { name } }');
 */
export async function graphql<T = Record<string, unknown>>(
  t: Transport,
  query: string,
  variables?: Record<string, unknown>,
  options: { apiVersion?: string } = {},
): Promise<GraphQLResult<T>> {
  const headers: Record<string, string> = {
    ...(await t.auth.getAuthHeaders()),
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (t.consistency) headers[CONSISTENCY_HEADER] = t.consistency;
  const url = `${t.baseUrl}/graphql/${encodeURIComponent(options.apiVersion ?? 'alpha')}`;
  const res = await t.fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const consistency = res.headers.get(CONSISTENCY_HEADER);
  if (consistency) t.consistency = consistency;
  if (res.status !== 200) {
    await res.text().catch(() => '');
    throw new PlazaError(`GraphQL request failed with status ${res.status}`, res.status, {}, requestIdOf(res));
  }
  const json = (await res.json()) as GraphQLResult<T>;
  return { data: json.data, errors: json.errors };
}
