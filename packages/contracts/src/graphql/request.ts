import { Type, type Static } from 'typebox';

/** The GraphQL API version in the path; `alpha` is the only one (and the SDK's default). */
export const GRAPHQL_API_VERSIONS = ['alpha'] as const;

/** The longest query text accepted, in characters. */
export const GRAPHQL_MAX_QUERY_LENGTH = 20_000;

export const GraphQLParams = Type.Object({ apiVersion: Type.String({ maxLength: 50 }) });

/** Automatic persisted queries: the query's SHA-256 (hex) instead of, or next to, its text. */
export const GraphQLExtensions = Type.Object({
  persistedQuery: Type.Optional(
    Type.Object({ version: Type.Literal(1), sha256Hash: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }) }),
  ),
});

export const GraphQLRequest = Type.Object({
  query: Type.Optional(Type.String({ minLength: 1, maxLength: GRAPHQL_MAX_QUERY_LENGTH })),
  variables: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
  operationName: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  extensions: Type.Optional(GraphQLExtensions),
});
export type GraphQLRequest = Static<typeof GraphQLRequest>;

/** A GET carries the same parts in the query string, `variables` and `extensions` as JSON text. */
export const GraphQLGetQuery = Type.Object({
  query: Type.Optional(Type.String({ minLength: 1, maxLength: GRAPHQL_MAX_QUERY_LENGTH })),
  variables: Type.Optional(Type.String({ maxLength: GRAPHQL_MAX_QUERY_LENGTH })),
  operationName: Type.Optional(Type.String({ maxLength: 200 })),
  extensions: Type.Optional(Type.String({ maxLength: 500 })),
});
export type GraphQLGetQuery = Static<typeof GraphQLGetQuery>;
