import type {
  GraphQLFieldConfigMap,
  GraphQLInputFieldConfigMap,
  GraphQLInputType,
  GraphQLOutputType,
  ValueNode,
} from 'graphql';
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
  Kind,
} from './graphql-js.js';

/** The parts of a JSON Schema (as TypeBox writes them) that decide a GraphQL type. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const INT32 = 2_147_483_647;

function literalOf(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map(literalOf);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literalOf(f.value)]));
    default:
      return undefined;
  }
}

/** Values the wire gives as free-form JSON (rich text, records, unions of shapes): passed through as they are. */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value, as the REST API sends and accepts it.',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node) => literalOf(node),
});

/** ISO 8601 date-times; a service may hand a Date, which leaves as the same string REST sends. */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO 8601 date-time in UTC, as REST sends it.',
  serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
  parseValue: (v) => v,
  parseLiteral: (node) => (node.kind === Kind.STRING ? node.value : undefined),
});

/** The wire name of an input field whose GraphQL name had to differ (`paging.limit` → `paging_limit`). */
export const wireKey = (graphqlName: string, extensions: Record<string, unknown> | undefined): string =>
  typeof extensions?.wireKey === 'string' ? extensions.wireKey : graphqlName;

export const graphqlName = (key: string): string => {
  let name = key.replace(/[^_0-9A-Za-z]/g, '_');
  if (!NAME.test(name)) name = `_${name}`;
  return name.startsWith('__') ? `x${name}` : name;
};

const pascal = (s: string) =>
  s
    .split(/[^0-9A-Za-z]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** The one branch of `anyOf: [X, null]`, or undefined when the union is of several shapes. */
function withoutNull(schema: JsonSchema): JsonSchema | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  const rest = branches.filter((b) => b.type !== 'null');
  if (rest.length === 1) return withoutNull(rest[0]!);
  if (rest.every((b) => typeof b.const === 'string')) return { type: 'string', enum: rest.map((b) => b.const) };
  return undefined;
}

/** An `allOf` of objects (TypeBox's Intersect) as one object. */
function merged(schema: JsonSchema): JsonSchema {
  if (!schema.allOf?.every((s) => s.type === 'object' && s.properties)) return schema;
  return {
    type: 'object',
    properties: Object.assign({}, ...schema.allOf.map((s) => s.properties)) as Record<string, JsonSchema>,
    required: schema.allOf.flatMap((s) => s.required ?? []),
  };
}

/**
 * GraphQL types made from the contracts' JSON Schemas: the schemas that validate and serialize REST are the only
 * description of the wire. A schema exported by `@plaza/contracts` lends its export name to its type; others are
 * named from where they sit (`Order` + `lineItems` → `OrderLineItems`). The same schema object gives the same type.
 */
export class WireTypes {
  private readonly outputs = new WeakMap<object, GraphQLOutputType>();
  private readonly inputs = new WeakMap<object, GraphQLInputType>();
  private readonly taken = new Map<string, object>();
  /** Extra fields another part adds to a named object type (relations resolved by loaders). */
  readonly extraFields = new Map<string, () => GraphQLFieldConfigMap<unknown, unknown>>();

  constructor(private readonly contractNames: WeakMap<object, string>) {}

  /** A type name not yet used by another shape; the same key gets its name back. */
  private claim(base: string, key: object): string {
    let name = base;
    for (let i = 2; this.taken.has(name) && this.taken.get(name) !== key; i++) name = `${base}${i}`;
    this.taken.set(name, key);
    return name;
  }

  private nameOf(schema: JsonSchema, hint: string): string {
    const known =
      this.contractNames.get(schema) ??
      (schema.properties && this.contractNames.get(schema.properties)) ??
      (schema.enum && this.contractNames.get(schema.enum));
    return known ?? hint;
  }

  /** The nullable output type of `schema`; `hint` names it when no contract does. */
  output(raw: JsonSchema, hint: string): GraphQLOutputType {
    const schema = withoutNull(merged(raw));
    if (!schema) return JSONScalar;
    const scalar = this.scalar(schema, hint);
    if (scalar) return scalar;
    if (schema.type === 'array' && schema.items) {
      const item = this.output(schema.items, hint);
      return new GraphQLList(
        item instanceof GraphQLObjectType || item instanceof GraphQLEnumType ? new GraphQLNonNull(item) : item,
      );
    }
    const props = schema.properties;
    if (schema.type !== 'object' || !props || Object.keys(props).length === 0) return JSONScalar;
    const cached = this.outputs.get(props);
    if (cached) return cached;
    const name = this.claim(pascal(this.nameOf(schema, hint)), props);
    const required = new Set(schema.required ?? []);
    const type: GraphQLObjectType = new GraphQLObjectType({
      name,
      ...(schema.description ? { description: schema.description } : {}),
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
        for (const [key, prop] of Object.entries(props)) {
          const inner = this.output(prop, `${name}${pascal(key)}`);
          const field = graphqlName(key);
          fields[field] = {
            type: required.has(key) && !prop.anyOf ? new GraphQLNonNull(inner) : inner,
            ...(prop.description ? { description: prop.description } : {}),
            ...(field === key ? {} : { resolve: (src) => (src as Record<string, unknown>)[key] }),
          };
        }
        return { ...fields, ...this.extraFields.get(name)?.() };
      },
    });
    this.outputs.set(props, type);
    return type;
  }

  /** The nullable input type of `schema`, with `wireKey` kept where the GraphQL field name differs. */
  input(raw: JsonSchema, hint: string): GraphQLInputType {
    const schema = withoutNull(merged(raw));
    if (!schema) return JSONScalar;
    const scalar = this.scalar(schema, hint);
    if (scalar) return scalar;
    if (schema.type === 'array' && schema.items) {
      const item = this.input(schema.items, hint);
      return new GraphQLList(item instanceof GraphQLInputObjectType ? new GraphQLNonNull(item) : item);
    }
    const props = schema.properties;
    if (schema.type !== 'object' || !props || Object.keys(props).length === 0) return JSONScalar;
    const cached = this.inputs.get(props);
    if (cached) return cached;
    const name = this.claim(`${pascal(this.nameOf(schema, hint))}Input`, { input: props });
    const required = new Set(schema.required ?? []);
    const type = new GraphQLInputObjectType({
      name,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const [key, prop] of Object.entries(props)) {
          const inner = this.input(prop, `${name.replace(/Input$/, '')}${pascal(key)}`);
          const hasDefault = (prop as { default?: unknown }).default !== undefined;
          fields[graphqlName(key)] = {
            type: required.has(key) && !hasDefault && !prop.anyOf ? new GraphQLNonNull(inner) : inner,
            ...(graphqlName(key) === key ? {} : { extensions: { wireKey: key } }),
          };
        }
        return fields;
      },
    });
    this.inputs.set(props, type);
    return type;
  }

  private scalar(schema: JsonSchema, hint: string): (GraphQLOutputType & GraphQLInputType) | undefined {
    if (Array.isArray(schema.type)) return JSONScalar;
    switch (schema.type) {
      case 'string':
        if (schema.enum) return this.enumType(schema, hint);
        return schema.format === 'date-time' ? DateTimeScalar : GraphQLString;
      case 'integer': {
        const fits = (schema.maximum ?? 0) <= INT32 && (schema.minimum ?? 0) >= -INT32 - 1;
        return fits ? GraphQLInt : GraphQLFloat;
      }
      case 'number':
        return GraphQLFloat;
      case 'boolean':
        return GraphQLBoolean;
      case undefined:
        return schema.properties || schema.items ? undefined : JSONScalar;
      default:
        return undefined;
    }
  }

  /** One enum type per set of values, whichever schema names it first. */
  private readonly enums = new Map<string, GraphQLEnumType>();

  /** A string enum whose values are all valid GraphQL names becomes an enum; otherwise it stays a String. */
  private enumType(schema: JsonSchema, hint: string): GraphQLEnumType | typeof GraphQLString {
    const values = schema.enum as string[];
    if (!values.every((v) => typeof v === 'string' && NAME.test(v) && !['true', 'false', 'null'].includes(v))) {
      return GraphQLString;
    }
    const key = values.join('|');
    const cached = this.enums.get(key);
    if (cached) return cached;
    const name = this.claim(pascal(this.nameOf(schema, hint)), { enumKey: key });
    const type = new GraphQLEnumType({ name, values: Object.fromEntries(values.map((v) => [v, { value: v }])) });
    this.enums.set(key, type);
    return type;
  }
}
