import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap, GraphQLInputType } from 'graphql';
import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  getNullableType,
} from './graphql-js.js';
import type { FastifyRequest } from 'fastify';
import { RouteCaller } from './invoke.js';
import type { Operation } from './operations.js';
import { graphqlName, wireKey, WireTypes, type JsonSchema } from './wire-types.js';

/** What every resolver gets: the GraphQL HTTP request, whose context holds the caller. */
export interface GraphQLContext {
  request: FastifyRequest;
  reply: { header(name: string, value: string | string[]): unknown };
}

const pascal = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** A GraphQL input value back in the wire's words: input fields renamed for GraphQL get their JSON key back. */
function toWire(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  const inner = getNullableType(type);
  if (inner instanceof GraphQLList) {
    return (value as unknown[]).map((v) => toWire(v, inner.ofType));
  }
  if (!(inner instanceof GraphQLInputObjectType)) return value;
  const fields = inner.getFields();
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const field = fields[name]!;
    out[wireKey(name, field.extensions)] = toWire(v, field.type);
  }
  return out;
}

/** One argument per path parameter and query parameter, and `input` for a body. */
function argumentsOf(op: Operation, types: WireTypes): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const [part, schema] of [
    ['params', op.params],
    ['querystring', op.querystring],
  ] as const) {
    const required = new Set(schema?.required ?? []);
    for (const [key, prop] of Object.entries(schema?.properties ?? {})) {
      const type = types.input(prop, `${pascal(op.name)}${pascal(graphqlName(key))}`);
      const hasDefault = (prop as { default?: unknown }).default !== undefined;
      args[graphqlName(key)] = {
        type: (part === 'params' || required.has(key)) && !hasDefault ? new GraphQLNonNull(type) : type,
        extensions: { part, wireKey: key },
        ...(prop.description ? { description: prop.description } : {}),
      };
    }
  }
  if (op.body) {
    const type = types.input(op.body, `${pascal(op.name)}Request`);
    const needed = (op.body.required ?? []).length > 0;
    args.input = { type: needed ? new GraphQLNonNull(type) : type, extensions: { part: 'body' } };
  }
  return args;
}

function fieldOf(op: Operation, types: WireTypes): GraphQLFieldConfig<unknown, GraphQLContext> {
  const caller = new RouteCaller(op);
  const args = argumentsOf(op, types);
  const type = op.response
    ? types.output(op.response, `${pascal(op.name)}${op.kind === 'query' ? 'Result' : 'Payload'}`)
    : GraphQLBoolean;
  return {
    type: op.response ? new GraphQLNonNull(type) : GraphQLBoolean,
    description: `${op.summary ?? ''}${op.summary ? ' ' : ''}(REST: ${op.method} ${op.url})`,
    args,
    resolve: async (_src, given: Record<string, unknown>, context) => {
      const parts = {
        params: {} as Record<string, unknown>,
        query: {} as Record<string, unknown>,
        body: undefined as unknown,
      };
      for (const [name, value] of Object.entries(given)) {
        const arg = args[name]!;
        const { part, wireKey: key } = arg.extensions as { part: string; wireKey?: string };
        const wire = toWire(value, arg.type);
        if (part === 'body') parts.body = wire;
        else if (part === 'params') parts.params[key!] = wire;
        else if (wire !== null) parts.query[key!] = wire;
      }
      if (op.body && parts.body === undefined) parts.body = {};
      const { payload, cookies } = await caller.call(context.request, parts);
      if (cookies) context.reply.header('set-cookie', cookies);
      return op.response ? payload : true;
    },
  };
}

/**
 * The whole schema: a Query field for every route that reads and a Mutation field for every route that writes,
 * typed from the contracts' schemas. `relate` adds the fields that join one record to another (loaders).
 */
export function buildSchema(
  operations: Operation[],
  contractNames: WeakMap<object, string>,
  relate: (types: WireTypes) => void,
): GraphQLSchema {
  const types = new WireTypes(contractNames);
  relate(types);
  const fieldsOf = (kind: Operation['kind']) =>
    Object.fromEntries(operations.filter((o) => o.kind === kind).map((o) => [o.name, fieldOf(o, types)]));
  const query = new GraphQLObjectType({ name: 'Query', fields: fieldsOf('query') });
  const mutation = new GraphQLObjectType({ name: 'Mutation', fields: fieldsOf('mutation') });
  const schema = new GraphQLSchema({ query, mutation });
  // Types are built lazily; asking for every field now makes a broken contract fail at start-up, not on a request.
  for (const t of Object.values(schema.getTypeMap())) if (t instanceof GraphQLObjectType) t.getFields();
  return schema;
}

/** Contract schemas by export name, so the types they give carry the same names as the SDK's TypeScript types. */
export function contractNamesOf(contracts: Record<string, unknown>): WeakMap<object, string> {
  const names = new WeakMap<object, string>();
  for (const [name, value] of Object.entries(contracts)) {
    if (!value || typeof value !== 'object' || !/^[A-Z]/.test(name)) continue;
    const schema = value as JsonSchema;
    if (!('type' in schema) && !('anyOf' in schema)) continue;
    if (!names.has(schema)) names.set(schema, name);
    if (schema.properties && !names.has(schema.properties)) names.set(schema.properties, name);
    if (schema.enum && !names.has(schema.enum)) names.set(schema.enum, name);
  }
  return names;
}
