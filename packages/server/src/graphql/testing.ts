import { call } from '../../test/http.js';
import type { TestServer } from '../test/harness.js';

export interface GraphQLAnswer<T = Record<string, unknown>> {
  data: T | null;
  errors?: {
    message: string;
    path?: string[];
    extensions: Record<string, unknown> & { code: string; status?: number };
  }[];
}

/** POSTs a GraphQL request as a client would; `auth` is the Authorization header. */
export async function gql<T = Record<string, unknown>>(
  srv: TestServer,
  auth: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
) {
  const res = await call<GraphQLAnswer<T>>(srv.url, 'POST', '/graphql/alpha', {
    body: { query, ...(variables ? { variables } : {}) },
    ...(auth ? { auth } : {}),
  });
  return res;
}
