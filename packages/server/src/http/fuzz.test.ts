import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { memberAuth } from '../test/community.js';

/**
 * Arbitrary input to every documented operation, as several kinds of caller, must never produce a 5xx: every bad
 * input is the caller's fault and gets a 4xx. Seeded and with a fixed number of runs, so it is repeatable and
 * bounded in time.
 */

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
  bodyKeys: string[];
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
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
        queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
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
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\ud800', '0190a3b2-0000-7000-8000-000000000000', '', ' ', '%', '../..', 'a'.repeat(5000)),
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

function requestFor(op: Operation) {
  return fc.record({
    pathValues: fc.array(text, { minLength: 4, maxLength: 4 }),
    query: op.queryNames.length
      ? fc.dictionary(fc.constantFrom(...op.queryNames), text, { maxKeys: 3 })
      : fc.constant({}),
    body: fc.oneof(
      op.bodyKeys.length ? fc.dictionary(fc.constantFrom(...op.bodyKeys), value, { maxKeys: 5 }) : fc.constant({}),
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(text, value, { maxKeys: 3 }),
    ),
  });
}

function urlFor(op: Operation, pathValues: string[], query: Record<string, string>): string {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[i++ % pathValues.length] || 'x'));
  const qs = new URLSearchParams(query).toString();
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
            const res = await fetch(urlFor(op, req.pathValues, req.query as Record<string, string>), {
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
