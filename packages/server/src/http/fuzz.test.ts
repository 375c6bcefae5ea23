import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { memberAuth } from '../test/community.js';
import type { JsonSchema } from '../graphql/wire-types.js';

/**
 * Arbitrary input to every documented operation, as several kinds of caller, must never produce a 5xx: every bad
 * input is the caller's fault and gets a 4xx. Seeded and with a fixed number of runs, so it is repeatable and
 * bounded in time.
 */

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
/** Each run sets every numeric field of the request at once, so a few runs cover every edge number per field. */
const EDGE_RUNS_PER_OPERATION = 10;
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
/**
 * A number written exactly as given: in a query string as its text, in a JSON body as a bare number token (see
 * `jsonText`), so `1e20` and `99999999999999999999999` arrive as typed and not as JavaScript would print them.
 */
const RAW_MARK = '\u0001';
class RawNumber {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
  toJSON() {
    return `${RAW_MARK}${this.text}${RAW_MARK}`;
  }
}
/** JSON with every RawNumber written as a bare number token. */
const jsonText = (v: unknown) => JSON.stringify(v).replace(/"\\u0001([^"\\]*)\\u0001"/g, '$1');

/** Numbers no column holds, below every minimum, fractional, and in exponent notation (issue: a 500 from a number). */
const EDGE_NUMBERS = [
  '1e20',
  '99999999999999999999999',
  '-99999999999999999999999',
  '1.5e308',
  '-1.5e308',
  '2147483648',
  '9223372036854775808',
  '-1',
  '-2147483649',
  '0.5',
  '-0.5',
  '1E3',
  '1e-7',
  '1.0',
].map((t) => new RawNumber(t));
const edgeNumber = fc.constantFrom(...EDGE_NUMBERS);

const value: fc.Arbitrary<unknown> = fc.oneof(
  edgeNumber,
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
 * arbitrary strings in every text field and now and then a value of the wrong kind. With `edges`, every field is
 * present, every number is an edge number or the schema's own bound, and nothing is of the wrong kind, so each
 * numeric field meets the odd numbers in requests that are otherwise as plausible as this generator makes them.
 */
function shapedLike(schema: JsonSchema | undefined, edges = false, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return value;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: text });
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => shapedLike(b, edges, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  if (type === 'object' || schema.properties) {
    const props = schema.properties ?? {};
    shaped = Object.keys(props).length
      ? fc.record(
          Object.fromEntries(Object.entries(props).map(([k, v]) => [k, shapedLike(v, edges, depth + 1)])),
          edges ? {} : { requiredKeys: (schema.required ?? []).filter((k) => k in props) },
        )
      : fc.dictionary(text, value, { maxKeys: 3 });
  } else if (type === 'array')
    shaped = fc.array(shapedLike(schema.items, edges, depth + 1), { minLength: edges ? 1 : 0, maxLength: 3 });
  else if (type === 'string') shaped = schema.format === 'uuid' ? fc.oneof(fc.uuid(), text) : text;
  else if (type === 'integer' || type === 'number') {
    const bounds = [schema.minimum, schema.maximum].filter((b): b is number => b !== undefined);
    const edge = bounds.length ? fc.oneof(edgeNumber, fc.constantFrom(...bounds)) : edgeNumber;
    // Half the time a valid number, so that one odd field is not always hidden behind another's 400.
    const low = Math.ceil(schema.minimum ?? 0);
    const valid = fc.integer({ min: low, max: Math.min(schema.maximum ?? low + 100, low + 100) });
    if (edges) return fc.oneof(edge, valid);
    shaped = fc.oneof(type === 'integer' ? fc.integer({ min: -10, max: 1000 }) : fc.double(), edge);
  } else if (type === 'boolean') shaped = fc.boolean();
  else return value;
  return edges ? shaped : fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: value });
}

/** Whether the schema has a number or integer field anywhere. */
function hasNumbers(schema: JsonSchema | undefined, depth = 0): boolean {
  if (!schema || depth > 6) return false;
  const types = [schema.type].flat();
  if (types.includes('integer') || types.includes('number')) return true;
  return [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ].some((s) => hasNumbers(s, depth + 1));
}

function requestFor(op: Operation, edges = false) {
  return fc.record({
    pathValues: fc.array(text, { minLength: 4, maxLength: 4 }),
    query: shapedLike(op.querySchema, edges),
    body: edges
      ? shapedLike(op.bodySchema, true)
      : fc.oneof(
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

interface ErrorBody {
  details?: { validationError?: { fieldViolations?: { field: string; violatedRule: string }[] } };
}

/** Outside what a 32-bit integer column holds, or outside the schema's bounds, or a fraction where an integer goes. */
function outOfRange(schema: JsonSchema, n: number): boolean {
  const type = [schema.type].flat();
  if (type.includes('integer') && !Number.isInteger(n)) return true;
  return Math.abs(n) > 2 ** 31 - 1 || (schema.maximum ?? Infinity) < n || (schema.minimum ?? -Infinity) > n;
}

const namesField = (status: number, body: ErrorBody, field: string) =>
  status === 400 &&
  (body.details?.validationError?.fieldViolations ?? []).some(
    (v) => v.field === field && ['MAX', 'MIN', 'FORMAT'].includes(v.violatedRule),
  );

/** Runs the property for each operation and returns every 5xx seen, so one run reports every failing operation. */
async function fiveHundreds(ops: Operation[], who: string[], runs: number, edges: boolean): Promise<string[]> {
  const failures: string[] = [];
  for (const op of ops) {
    await fc
      .assert(
        fc.asyncProperty(fc.constantFrom(...who), requestFor(op, edges), async (caller, req) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          const auth = callers[caller];
          if (auth) headers.authorization = auth;
          const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
          const res = await fetch(urlFor(op, req.pathValues, req.query), {
            method: op.method,
            headers: hasBody ? headers : { ...headers, 'content-type': '' },
            redirect: 'manual',
            ...(hasBody ? { body: jsonText(req.body) } : {}),
          });
          const body = await res.text();
          if (res.status >= 500) {
            failures.push(`${op.method} ${op.path} as ${caller} → ${res.status} ${body.slice(0, 200)}`);
            return false;
          }
          return true;
        }),
        { seed: SEED, numRuns: runs, endOnFailure: true },
      )
      .catch(() => {}); // collected in `failures`
  }
  return failures;
}

describe('arbitrary input to every operation', () => {
  it('never answers 5xx, whoever calls', { timeout: 120_000 }, async () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(await fiveHundreds(operations, Object.keys(callers), RUNS_PER_OPERATION, false)).toEqual([]);
  });

  it(
    'never answers 5xx to huge, negative, fractional or exponent numbers in any numeric field',
    { timeout: 120_000 },
    async () => {
      const numeric = operations.filter((op) => hasNumbers(op.querySchema) || hasNumbers(op.bodySchema));
      expect(numeric.map((op) => `${op.method} ${op.path}`)).toContain('GET /ecom/v1/gift-cards');
      // The callers who reach the most: the owner and a key with every scope.
      expect(await fiveHundreds(numeric, ['owner', 'apiKey'], EDGE_RUNS_PER_OPERATION, true)).toEqual([]);
    },
  );

  it('bounds every integer a request carries within a 32-bit column', () => {
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string, depth = 0): void => {
      if (!schema || depth > 8) return;
      if ([schema.type].flat().includes('integer')) {
        const fits = (b: number | undefined) => b !== undefined && Math.abs(b) <= 2 ** 31 - 1;
        if (!fits(schema.minimum) || !fits(schema.maximum)) unbounded.push(`${where} ${JSON.stringify(schema)}`);
      }
      for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v, `${where}.${k}`, depth + 1);
      walk(schema.items, `${where}[]`, depth + 1);
      for (const b of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(b, where, depth + 1);
    };
    for (const op of operations) {
      walk(op.querySchema, `${op.method} ${op.path} query`);
      walk(op.bodySchema, `${op.method} ${op.path} body`);
    }
    expect(unbounded).toEqual([]);
  });

  it('refuses an out-of-range number in any numeric query parameter with a 400 naming it', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      for (const [name, schema] of Object.entries(op.querySchema.properties ?? {})) {
        if (!hasNumbers(schema)) continue;
        for (const n of EDGE_NUMBERS) {
          const path = op.path.replace(/\{[^}]+\}/g, '0190a3b2-0000-7000-8000-000000000000');
          const res = await fetch(`${srv.url}${path}?${encodeURIComponent(name)}=${n.text}`, {
            method: op.method,
            headers: { authorization: callers.owner! },
            redirect: 'manual',
          });
          const body = (await res.json().catch(() => ({}))) as ErrorBody;
          checked++;
          if (res.status >= 500) failures.push(`${op.method} ${op.path}?${name}=${n.text} → ${res.status}`);
          else if (outOfRange(schema, Number(n.text)) && !namesField(res.status, body, name))
            failures.push(`${op.method} ${op.path}?${name}=${n.text} → ${res.status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
