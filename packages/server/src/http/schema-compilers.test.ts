import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { serverSuite } from '../test/suite.js';
import { lazySchemaCompilers } from './schema-compilers.js';

// Route schemas compile on first use (http/schema-compilers.ts). These tests keep what eager compiling gave:
// every schema of the real app compiles, a bad one is found, and validation and coercion work as before.

const { srv } = serverSuite();

describe('route schemas compiled on first use', () => {
  it('every request and response schema of the app compiles', () => {
    // Several hundred routes, most with a body or query and several answers each; the count is the same whether
    // another server in this test worker compiled some of them first.
    const schemas = srv.app.compileAllSchemas();
    expect(schemas).toBeGreaterThan(500);
    expect(srv.app.compileAllSchemas()).toBe(schemas);
  });

  it('a schema that cannot compile is reported by compileAll', async () => {
    const schemas = lazySchemaCompilers();
    const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
    app.post('/bad', { schema: { body: { type: 'object', properties: { n: { type: 'nonsense' } } } } }, () => 'x');
    await app.ready();
    expect(() => schemas.compileAll()).toThrow(/nonsense|type/);
    await app.close();
  });

  it('validates, coerces query values and answers with the schema’s fields only', async () => {
    const schemas = lazySchemaCompilers();
    const app = Fastify({
      schemaController: { compilersFactory: schemas.compilersFactory },
      ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, allErrors: true } },
    });
    const Answer = Type.Object({ n: Type.Number(), tags: Type.Array(Type.String()) });
    app.get(
      '/q',
      {
        schema: {
          querystring: Type.Object({ n: Type.Integer({ minimum: 1 }), tags: Type.Array(Type.String()) }),
          response: { 200: Answer },
        },
      },
      (req) => ({ ...(req.query as object), secret: 'not in the schema' }),
    );
    const ok = await app.inject({ url: '/q?n=3&tags=a' });
    expect(ok.json()).toEqual({ n: 3, tags: ['a'] });
    const bad = await app.inject({ url: '/q?n=0&tags=a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/n must be >= 1/);
    // The same schema object in a second server reuses the compiled serializer and still filters.
    expect((await app.inject({ url: '/q?n=5&tags=b&tags=c' })).json()).toEqual({ n: 5, tags: ['b', 'c'] });
    await app.close();
  });

  it('matches header names whatever their case in the schema', async () => {
    const schemas = lazySchemaCompilers();
    const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
    app.get('/h', { schema: { headers: Type.Object({ 'X-Key': Type.String({ minLength: 2 }) }) } }, () => 'x');
    expect((await app.inject({ url: '/h', headers: { 'x-key': 'ab' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/h', headers: { 'x-key': 'a' } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/h' })).statusCode).toBe(400);
    await app.close();
  });
});
