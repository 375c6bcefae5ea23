import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { memberAuth } from '../test/community.js';

/**
 * Arbitrary input to every documented operation, as several kinds of caller, must never produce a 5xx: every bad
 * input is the caller's fault and gets a 4xx. Seeded and with a fixed number of runs, so it is repeatable and
 * bounded in time.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
}

interface Operation {
  method: string;
  path: string;
  querySchema: JsonSchema;
  bodySchema: JsonSchema | undefined;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const RUNS_PER_OPERATION = 6;
const SEED = 20261123;

let srv: TestServer;
let operations: Operation[];
let callers: Record<string, string | undefined>;

beforeAll(async () => {
  srv = await startTestServer();
  const doc = (await (await fetch(`${srv.url}/openapi.json`)).json()) as OpenApiDoc;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        querySchema: {
          type: 'object',
          properties: Object.fromEntries(
            (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
          ),
        },
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
      })),
  );
  callers = {
    none: undefined,
    visitor: `Bearer ${await srv.visitorToken()}`,
    owner: await memberAuth(srv),
    apiKey: await srv.createApiKey(['*']),
  };
});
afterAll(() => srv?.close());

/** Strings of every kind, including U+0000, lone surrogates, very long ones and ones that look like ids. */
const text = fc.oneof(
  // Mostly plausible text, so the rest of a request passes its schema and the odd value reaches the services.
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  { weight: 3, arbitrary: fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\ud800',
      '0190a3b2-0000-7000-8000-000000000000',
      '',
      ' ',
      '%',
      '../..',
      'a'.repeat(5000),
    ),
  },
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
);

/**
 * Input shaped like the operation's schema (so most of it passes validation and reaches the services), with
 * arbitrary strings in every text field and now and then a value of the wrong kind.
 */
function shapedLike(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return value;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: text });
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => shapedLike(b, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  if (type === 'object' || schema.properties) {
    const props = schema.properties ?? {};
    shaped = Object.keys(props).length
      ? fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, shapedLike(v, depth + 1)])), {
          requiredKeys: (schema.required ?? []).filter((k) => k in props),
        })
      : fc.dictionary(text, value, { maxKeys: 3 });
  } else if (type === 'array') shaped = fc.array(shapedLike(schema.items, depth + 1), { maxLength: 3 });
  else if (type === 'string') shaped = schema.format === 'uuid' ? fc.oneof(fc.uuid(), text) : text;
  else if (type === 'integer') shaped = fc.integer({ min: -10, max: 1000 });
  else if (type === 'number') shaped = fc.double();
  else if (type === 'boolean') shaped = fc.boolean();
  else return value;
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: value });
}

function requestFor(op: Operation) {
  return fc.record({
    pathValues: fc.array(text, { minLength: 4, maxLength: 4 }),
    query: shapedLike(op.querySchema),
    body: fc.oneof(
      { weight: 4, arbitrary: shapedLike(op.bodySchema) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    ),
  });
}

function urlFor(op: Operation, pathValues: string[], query: unknown): string {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[i++ % pathValues.length] || 'x'));
  const entries = query && typeof query === 'object' ? Object.entries(query) : [];
  const qs = new URLSearchParams(
    entries.flatMap(([k, v]): [string, string][] =>
      Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]],
    ),
  ).toString();
  return `${srv.url}${path}${qs ? `?${qs}` : ''}`;
}

describe('arbitrary input to every operation', () => {
  it('never answers 5xx, whoever calls', { timeout: 120_000 }, async () => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const op of operations) {
      await fc
        .assert(
          fc.asyncProperty(fc.constantFrom(...Object.keys(callers)), requestFor(op), async (who, req) => {
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            const auth = callers[who];
            if (auth) headers.authorization = auth;
            const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
            const res = await fetch(urlFor(op, req.pathValues, req.query), {
              method: op.method,
              headers: hasBody ? headers : { ...headers, 'content-type': '' },
              redirect: 'manual',
              ...(hasBody ? { body: JSON.stringify(req.body) } : {}),
            });
            const body = await res.text();
            if (res.status >= 500) {
              failures.push(`${op.method} ${op.path} as ${who} → ${res.status} ${body.slice(0, 200)}`);
              return false;
            }
            return true;
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        )
        .catch(() => {}); // collected in `failures`, so one run reports every failing operation
    }
    expect(failures).toEqual([]);
  });
});
