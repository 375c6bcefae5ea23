import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Fastify compiles every route's request validators (Ajv) and response serializers (fast-json-stringify) when the
// server starts: several hundred routes took 2–5 s of CPU on every start and in every test server. Here each one
// is compiled the first time a request needs it, and kept for the life of the process: the Ajv pool is shared by
// every server in the process (Ajv remembers each schema object it compiled), and so is the serializer cache.
// `compileAll` compiles the rest at once, so a test still proves that every schema compiles.

type Compile<T> = (route: RouteSchema) => T;
interface RouteSchema {
  schema: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
  httpStatus?: string;
}
type Validator = ((data: unknown, dataCxt?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Serializer = (data: unknown) => string;

const buildValidator = AjvCompiler();

/**
 * How every request part is validated. allowUnionTypes: a product description is plain text or rich-text nodes
 * (`type: ['string', 'array']`).
 */
export const AJV_OPTIONS = {
  customOptions: {
    allErrors: true,
    removeAdditional: false,
    coerceTypes: 'array',
    useDefaults: true,
    allowUnionTypes: true,
  },
  plugins: [],
} as const;

/**
 * A validator for one part of a request (`body`, `querystring`, `params`, `headers`), compiled as Fastify compiles
 * a route's: for calls that reach a route's handler without HTTP (GraphQL). Ajv errors land in `.errors`.
 */
export function requestValidator(schema: unknown, httpPart: string): Validator {
  const compile = buildValidator({}, AJV_OPTIONS as never) as unknown as Compile<Validator>;
  return compile({ schema: httpPart === 'headers' ? lowerCaseNames(schema) : schema, httpPart });
}
const buildSerializer = SerializerSelector();
/** Serializers by the option set they were built with, then by schema object: schemas are module constants. */
const serializers = new Map<string, WeakMap<object, Serializer>>();

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export interface SchemaCompilers {
  compilersFactory: Factories;
  /**
   * Compiles every schema not compiled yet (throws on the first bad one) and returns how many schemas the routes
   * have in all, whether compiled now, before, or by an earlier server in this process.
   */
  compileAll(): number;
}

/** Node gives header names in lower case; Fastify lowers a header schema's names unless the compiler is custom. */
function lowerCaseNames(schema: unknown): unknown {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] };
  if (!s || typeof s !== 'object' || !s.properties) return schema;
  return {
    ...s,
    properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k.toLowerCase(), v])),
    ...(s.required ? { required: s.required.map((k) => k.toLowerCase()) } : {}),
  };
}

export function lazySchemaCompilers(): SchemaCompilers {
  const pending = new Set<() => void>();
  let total = 0;

  /** `make` on first use, then the same value; listed in `pending` until then so compileAll can force it. */
  const once = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    const get = () => {
      if (value === undefined) {
        value = make();
        pending.delete(get);
      }
      return value;
    };
    pending.add(get);
    total++;
    return get;
  };

  const lazyValidator = (compile: Compile<Validator>, route: RouteSchema): Validator => {
    const compiled = once(() => compile(route));
    const validate: Validator = (data, dataCxt) => {
      const f = compiled();
      const ok = f.schemaEnv ? f(data, dataCxt) : f(data);
      validate.errors = f.errors;
      return ok;
    };
    // Fastify passes the parent object only to a validator with `schemaEnv`; Ajv needs it to coerce a root value.
    validate.schemaEnv = true;
    return validate;
  };

  const lazySerializer = (compile: Compile<Serializer>, route: RouteSchema, cache: WeakMap<object, Serializer>) => {
    const key = route.schema as object;
    const cached = cache.get(key);
    if (cached) {
      total++;
      return cached;
    }
    const compiled = once(() => {
      let fn = cache.get(key);
      if (!fn) cache.set(key, (fn = compile(route)));
      return fn;
    });
    return (data: unknown) => compiled()(data);
  };

  return {
    compilersFactory: {
      buildValidator(externalSchemas: unknown, options: unknown) {
        const compile = buildValidator(externalSchemas as never, options as never) as unknown as Compile<Validator>;
        return (route: RouteSchema) =>
          lazyValidator(
            compile,
            route.httpPart === 'headers' ? { ...route, schema: lowerCaseNames(route.schema) } : route,
          );
      },
      buildSerializer(externalSchemas: unknown, options: unknown) {
        const compile = buildSerializer(externalSchemas, options as never) as unknown as Compile<Serializer>;
        const optionsKey = JSON.stringify([externalSchemas, options]);
        let cache = serializers.get(optionsKey);
        if (!cache) serializers.set(optionsKey, (cache = new WeakMap()));
        return (route: RouteSchema) => lazySerializer(compile, route, cache);
      },
    } as unknown as Factories,
    compileAll() {
      for (const ensure of [...pending]) ensure();
      return total;
    },
  };
}
