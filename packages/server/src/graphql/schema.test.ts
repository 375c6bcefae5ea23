import { describe, expect, it } from 'vitest';
import type { GraphQLField, GraphQLNamedType, GraphQLType } from 'graphql';
import { serverSuite } from '../test/suite.js';
import { call } from '../../test/http.js';
import {
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLInputObjectType,
  type GraphQLSchema,
} from './graphql-js.js';
import { graphqlName, type JsonSchema } from './wire-types.js';

/**
 * One truth: the GraphQL schema is the contracts' schemas, as /openapi.json publishes them for REST. For every field,
 * its REST route's answer, body and query parameters are walked property by property: a property the schema lacks,
 * a required one that became optional, or a kind that changed (text, number, list, object) fails here.
 */
const { srv } = serverSuite();

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      }
    >
  >;
};

const unwrap = (t: GraphQLType): { type: GraphQLType; required: boolean } =>
  t instanceof GraphQLNonNull ? { type: t.ofType as GraphQLType, required: true } : { type: t, required: false };

function single(schema: JsonSchema): JsonSchema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  const rest = branches.filter((b) => b.type !== 'null');
  return rest.length === 1 ? single(rest[0]!) : undefined;
}

/** The differences between a JSON Schema and the GraphQL type made of it, as `path: what` lines. */
function compare(schema: JsonSchema, type: GraphQLType, path: string, depth: number, out: string[]): void {
  const s = single(schema);
  const named = type as GraphQLNamedType;
  if (!s || depth > 5 || named.name === 'JSON') return;
  if (s.type === 'array') {
    if (!(type instanceof GraphQLList)) return void out.push(`${path}: a list in the contract, not in GraphQL`);
    return compare(s.items ?? {}, unwrap(type.ofType).type, `${path}[]`, depth, out);
  }
  if (s.type === 'object' && s.properties && Object.keys(s.properties).length) {
    if (!(type instanceof GraphQLObjectType || type instanceof GraphQLInputObjectType)) {
      return void out.push(`${path}: an object in the contract, ${String(type)} in GraphQL`);
    }
    const fields = type.getFields() as Record<string, GraphQLField<unknown, unknown> | { type: GraphQLType }>;
    const required = new Set(s.required ?? []);
    for (const [key, prop] of Object.entries(s.properties)) {
      const field = fields[graphqlName(key)];
      if (!field) {
        out.push(`${path}.${key}: missing in GraphQL`);
        continue;
      }
      const { type: inner, required: nonNull } = unwrap(field.type);
      const optionalInput =
        type instanceof GraphQLInputObjectType && (prop as { default?: unknown }).default !== undefined;
      const nullable = prop.anyOf !== undefined || (prop as { nullable?: boolean }).nullable === true;
      if (required.has(key) && !nonNull && !nullable && !optionalInput) {
        out.push(`${path}.${key}: required in the contract, optional in GraphQL`);
      }
      if (!required.has(key) && nonNull) out.push(`${path}.${key}: optional in the contract, required in GraphQL`);
      compare(prop, inner, `${path}.${key}`, depth + 1, out);
    }
    return;
  }
  const kind = { string: ['String', 'DateTime'], integer: ['Int', 'Float'], number: ['Float'], boolean: ['Boolean'] }[
    String(s.type)
  ];
  if (
    kind &&
    !(kind.includes(named.name) || (s.enum && (type instanceof GraphQLEnumType || named.name === 'String')))
  ) {
    out.push(`${path}: ${String(s.type)} in the contract, ${named.name} in GraphQL`);
  }
}

describe('the GraphQL schema follows the contracts', () => {
  it('for every field: its answer, its input and its arguments, property by property', async () => {
    const schema = (srv.app as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
    const openapi = (await call<OpenApi>(srv.url, 'GET', '/openapi.json')).body;
    const problems: string[] = [];
    let checked = 0;
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(root.getFields())) {
        const [, method, url] = /\(REST: (\w+) (\S+)\)/.exec(field.description ?? '') ?? [];
        const path = url!.replace(/:(\w+)/g, '{$1}');
        const op = openapi.paths[path]?.[method!.toLowerCase()];
        if (!op) {
          problems.push(`${field.name}: no ${method} ${path} in /openapi.json`);
          continue;
        }
        checked++;
        const ok = op.responses['200'] ?? op.responses['201'];
        const answer = ok?.content?.['application/json']?.schema;
        if (answer) compare(answer, unwrap(field.type).type, `${field.name}`, 0, problems);
        const body = op.requestBody?.content['application/json']?.schema;
        const input = field.args.find((a) => a.name === 'input');
        if (body && !input) problems.push(`${field.name}: the route takes a body, the field no input`);
        if (body && input) compare(body, unwrap(input.type).type, `${field.name}(input)`, 0, problems);
        for (const p of op.parameters ?? []) {
          if (p.in !== 'query' && p.in !== 'path') continue;
          const arg = field.args.find((a) => a.name === graphqlName(p.name));
          if (!arg) problems.push(`${field.name}(${p.name}): no argument`);
          else if (p.in === 'path' && !(arg.type instanceof GraphQLNonNull))
            problems.push(`${field.name}(${p.name}): optional`);
        }
      }
    }
    expect(problems.join('\n')).toBe('');
    expect(checked).toBeGreaterThan(250);
  });

  it('offers every JSON route of every module but the few that answer no JSON', async () => {
    const schema = (srv.app as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
    const offered = new Set(
      [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
        Object.values(root.getFields()).map((f) =>
          /\(REST: (\w+ \S+)\)/.exec(f.description ?? '')![1]!.replace(/:(\w+)/g, '{$1}'),
        ),
      ),
    );
    const openapi = (await call<OpenApi>(srv.url, 'GET', '/openapi.json')).body;
    // Browser redirects, file bytes, uploads and a provider's callback: REST only (docs/graphql.md says which).
    const restOnly = [
      'GET /identity/v1/logout',
      'GET /identity/v1/callback',
      'GET /identity/v1/sso/login/{tenantId}/{idpConnectionId}',
      'GET /ecom/v1/checkouts/{id}/{target}',
      'GET /ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url',
      'GET /ecom/v1/orders/{id}/invoice.pdf',
      'GET /ecom/v1/orders/{id}/invoice/download',
      'POST /ecom/v1/orders/export',
      'POST /payments/v1/stripe/webhook',
      'PUT /media/v1/upload/{token}',
      'GET /media/v1/f/{fileId}/{asset}/{name}',
      'GET /media/v1/zip',
      'GET /redirects/v1/redirect-session/{id}/continue',
    ];
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(openapi.paths)) {
      if (!/^\/[a-z-]+\/v\d+\//.test(path)) continue;
      for (const method of Object.keys(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (method !== 'options' && !offered.has(route) && !restOnly.includes(route)) missing.push(route);
      }
    }
    expect(missing).toEqual([]);
    for (const route of restOnly) expect(offered.has(route), route).toBe(false);
  });

  it('names the types as the contracts name them', () => {
    const schema = (srv.app as unknown as { graphql: { schema: GraphQLSchema } }).graphql.schema;
    for (const name of ['Product', 'Variant', 'Cart', 'LineItem', 'Order', 'Member', 'Review', 'Collection']) {
      expect(schema.getType(name), name).toBeInstanceOf(GraphQLObjectType);
    }
    expect(schema.getType('OrderTransactions')).toBeInstanceOf(GraphQLObjectType);
  });
});
