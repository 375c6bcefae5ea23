import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../routes.js';
import { serverSuite } from '../test/suite.js';

type RouteSchema = Record<string, { properties?: Record<string, unknown> } | undefined>;

const { srv } = serverSuite();
/** Each route's own schema, by `METHOD url`, as the routes declare it (not as the document renders it). */
const schemas = new Map<string, RouteSchema>();
beforeAll(async () => {
  const recorder = Fastify();
  recorder.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) schemas.set(`${m} ${route.url}`, (route.schema ?? {}) as RouteSchema);
  });
  await registerRoutes(recorder);
  await recorder.close();
});

interface Parameter {
  name: string;
  in: string;
}

/** JSON Schema keywords: a parameter with one of these names is a schema rendered as parameters, not a parameter. */
const SCHEMA_KEYWORDS = new Set([
  'type',
  'additionalProperties',
  'patternProperties',
  'properties',
  'anyOf',
  'oneOf',
  'allOf',
  'items',
  'required',
]);

describe('/openapi.json', () => {
  it('lists only real parameters: each one is a property of its route schema', async () => {
    const doc = (await (await fetch(`${srv.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const bad: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const url = path.replace(/\{([^}]+)\}/g, ':$1');
        const schema = schemas.get(`${method.toUpperCase()} ${url}`);
        if (!schema) continue; // plugin routes (docs) declare no parameters of ours
        for (const p of op.parameters ?? []) {
          checked++;
          const part = { query: 'querystring', path: 'params', header: 'headers' }[p.in];
          const known = part ? Object.keys(schema[part]?.properties ?? {}) : [];
          if (SCHEMA_KEYWORDS.has(p.name) || (p.in !== 'path' && !known.includes(p.name))) {
            bad.push(`${method.toUpperCase()} ${path}: ${p.in} parameter "${p.name}"`);
          }
          if (p.in === 'path' && !path.includes(`{${p.name}}`)) bad.push(`${path}: path parameter "${p.name}"`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(bad).toEqual([]);
  });

  it('still documents the sign-in callbacks, without made-up parameters', async () => {
    const doc = (await (await fetch(`${srv.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const callback = doc.paths['/identity/v1/callback']?.get;
    expect(callback).toBeDefined();
    expect((callback?.parameters ?? []).map((p) => p.name)).not.toContain('additionalProperties');
  });
});
