import mercurius from 'mercurius';
import type { ExecutionResult } from 'graphql';
import { GraphQLError, getOperationAST, Kind, parse } from './graphql-js.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as contracts from '@plaza/contracts';
import { GRAPHQL_API_VERSIONS, GraphQLGetQuery, GraphQLParams, GraphQLRequest } from '@plaza/contracts';
import { AppError, violation } from '../kernel/errors.js';
import { errorResponses } from '../http/error-responses.js';
import { routeOptions } from '../http/route-options.js';
import type { App } from '../http/types.js';
import { MAX_DEPTH, MAX_TOKENS, PersistedQueries, refusals } from './limits.js';
import type { Operation } from './operations.js';
import { relations } from './relations.js';
import { buildSchema, contractNamesOf } from './schema.js';

const route = routeOptions({ tags: ['GraphQL'], errors: errorResponses(404), access: 'public' });

/** Errors that stop a query before it runs (syntax, validation, limits), carried to the answer as they are. */
class Refused extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super('GraphQL request refused');
  }
}

interface Asked {
  query?: string | undefined;
  variables?: Record<string, unknown> | null | undefined;
  operationName?: string | null | undefined;
  extensions?: { persistedQuery?: { version: 1; sha256Hash: string } | undefined } | undefined;
}

/** A GraphQL error in the answer: a route's refusal keeps its code, status and details; a crash says only that. */
function formatError(error: GraphQLError, req: FastifyRequest) {
  const base = {
    message: error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
  const original = error.originalError;
  if (original instanceof AppError) {
    const body = original.toBody();
    const code = body.details?.applicationError?.code ?? original.code;
    return { ...base, extensions: { code, status: original.status, details: body.details } };
  }
  if (original && !(original instanceof GraphQLError) && !('errors' in original)) {
    req.log.error({ err: original }, 'GraphQL resolver failed');
    return {
      ...base,
      message: `Internal server error; request id ${req.id}`,
      extensions: { code: 'INTERNAL', status: 500 },
    };
  }
  return { ...base, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', ...error.extensions } };
}

const asGraphQLError = (x: unknown) => (x instanceof GraphQLError ? x : new GraphQLError(String((x as Error).message)));

/** mercurius reads text that is not GraphQL but is JSON (`7`, `{}`) as a parsed document; it is a syntax error. */
function syntaxErrorOf(query: string): GraphQLError | undefined {
  try {
    parse(query);
    return undefined;
  } catch (e) {
    return e instanceof GraphQLError ? e : undefined;
  }
}

/**
 * The GraphQL error for a query whose operation can't be chosen (an unknown `operationName`, several operations and
 * none named). mercurius reads a GET's operation without checking it is there, which crashes on these.
 */
function noOperation(query: string, operationName: string | undefined): GraphQLError | undefined {
  let document;
  try {
    document = parse(query, { maxTokens: MAX_TOKENS });
  } catch {
    return undefined; // a syntax error: mercurius answers it
  }
  if (getOperationAST(document, operationName)) return undefined;
  if (operationName) return new GraphQLError(`Unknown operation named "${operationName}".`);
  const several = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length > 1;
  return new GraphQLError(
    several ? 'Must provide operation name if query contains multiple operations.' : 'Must provide an operation.',
  );
}

function parseJson(text: string | undefined, field: string): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw violation(field, 'FORMAT', `${field} must be a JSON object`);
  }
}

/**
 * `POST /graphql/{apiVersion}` (and GET for cacheable reads, with automatic persisted queries): one schema over
 * every module, made from the REST routes and their contracts (see `schema.ts`); each field calls its route.
 */
export async function graphqlRoutes(app: App, operations: () => Operation[], development: boolean): Promise<void> {
  await app.register(mercurius, () => {
    const ops = operations();
    const rel = relations(ops);
    return {
      schema: buildSchema(ops, contractNamesOf(contracts), rel.relate),
      loaders: rel.loaders as never,
      routes: false,
      jit: 1,
      queryDepth: MAX_DEPTH,
      graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
      // Every answer that ran is a 200; each error says what REST would have said (code, status, details).
      errorFormatter: (execution: ExecutionResult, context: unknown) => ({
        statusCode: 200,
        response: {
          data: execution.data ?? null,
          errors: (execution.errors ?? []).map((e) => formatError(e, (context as { request: FastifyRequest }).request)),
        },
      }),
    };
  });
  app.graphql.addHook('preExecution', async (s, document, context, variables) => {
    const request = (context as unknown as { request: FastifyRequest }).request;
    const errors = refusals(s, document, variables as Record<string, unknown>, {
      caller: request.ctx.caller,
      development,
    });
    if (errors.length) throw new Refused(errors);
  });

  const persisted = new PersistedQueries();

  /** The query's text: given, or found by its hash (a miss is the APQ protocol's PersistedQueryNotFound). */
  const queryText = (asked: Asked): string | GraphQLError => {
    const hash = asked.extensions?.persistedQuery?.sha256Hash;
    if (hash && asked.query !== undefined) {
      if (!persisted.save(hash, asked.query)) {
        throw violation('extensions.persistedQuery.sha256Hash', 'FORMAT', 'sha256Hash is not the SHA-256 of query');
      }
      return asked.query;
    }
    if (hash) {
      return (
        persisted.get(hash) ??
        new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })
      );
    }
    if (asked.query === undefined) throw violation('query', 'REQUIRED_FIELD', 'query is required');
    return asked.query;
  };

  const answer = async (req: FastifyRequest, reply: FastifyReply, version: string, asked: Asked) => {
    if (!(GRAPHQL_API_VERSIONS as readonly string[]).includes(version)) {
      throw new AppError('NOT_FOUND', `There is no GraphQL API version "${version}"; use alpha`, {
        applicationCode: 'UNKNOWN_API_VERSION',
      });
    }
    req.ctx.caller = await app.resolveCaller(req.headers.authorization, req.ctx.clock());
    const query = queryText(asked);
    if (query instanceof GraphQLError) return { data: null, errors: [formatError(query, req)] };
    const unchosen = req.method === 'GET' ? noOperation(query, asked.operationName ?? undefined) : undefined;
    if (unchosen) return { data: null, errors: [formatError(unchosen, req)] };
    try {
      const result = await reply.graphql(
        query,
        { request: req } as never,
        asked.variables ?? undefined,
        asked.operationName ?? undefined,
      );
      return { data: result.data ?? null, ...(result.errors?.length ? { errors: result.errors } : {}) };
    } catch (err) {
      if (err instanceof Refused) return { data: null, errors: err.errors.map((e) => formatError(e, req)) };
      const e = err as { code?: string; errors?: GraphQLError[] };
      if (e.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
        throw new AppError('METHOD_NOT_ALLOWED', 'Only queries can be sent with GET; send a mutation with POST', {
          applicationCode: 'MUTATION_OVER_GET',
          headers: { allow: 'POST' },
        });
      }
      const errors = e.errors ?? [syntaxErrorOf(query)].filter((x) => x !== undefined);
      if (errors.length) return { data: null, errors: errors.map((x) => formatError(asGraphQLError(x), req)) };
      throw err;
    }
  };

  app.post(
    '/graphql/:apiVersion',
    route({ summary: 'Run a GraphQL query or mutation', params: GraphQLParams, body: GraphQLRequest }),
    async (req, reply) => answer(req, reply, req.params.apiVersion, req.body),
  );
  app.get(
    '/graphql/:apiVersion',
    route({
      summary: 'Run a GraphQL query (cacheable reads, automatic persisted queries)',
      description: 'A browser asking for a page gets the GraphQL explorer instead (owners).',
      params: GraphQLParams,
      querystring: GraphQLGetQuery,
    }),
    async (req, reply) => {
      const q = req.query;
      if (q.query === undefined && q.extensions === undefined && /text\/html/.test(req.headers.accept ?? '')) {
        return reply.callNotFound();
      }
      reply.header('vary', 'authorization');
      return answer(req, reply, req.params.apiVersion, {
        query: q.query,
        variables: parseJson(q.variables, 'variables'),
        operationName: q.operationName,
        extensions: parseJson(q.extensions, 'extensions'),
      });
    },
  );
}
