import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { errorResponses } from './error-responses.js';
import { emptyAfter, routeOptions } from './route-options.js';

const Params = Type.Object({ id: Type.String() });
const Query = Type.Object({ limit: Type.Optional(Type.Number()) });
const Body = Type.Object({ name: Type.String() });
const Answer = Type.Object({ ok: Type.Boolean() });
const errors = errorResponses(404);

describe('routeOptions', () => {
  const route = routeOptions({ tags: ['things'], errors, access: 'public' });

  it('writes out the full schema, in the usual key order, with the errors beside the 200 answer', () => {
    const options = route({ summary: 'S', description: 'D', params: Params, body: Body, response: Answer });
    expect(options).toEqual({
      schema: {
        tags: ['things'],
        summary: 'S',
        description: 'D',
        params: Params,
        body: Body,
        response: { 200: Answer, ...errors },
      },
      config: { access: 'public' },
    });
    expect(Object.keys(options.schema)).toEqual(['tags', 'summary', 'description', 'params', 'body', 'response']);
  });

  it('leaves out what a route does not declare, answers included', () => {
    const options = route({ summary: 'S', querystring: Query });
    expect(Object.keys(options.schema)).toEqual(['tags', 'summary', 'querystring']);
  });

  it('gives the answer the status the route names (201 created, 204 nothing)', () => {
    expect(route({ summary: 'S', response: Answer, status: 201 }).schema.response).toEqual({ 201: Answer, ...errors });
    expect(Object.keys(route({ summary: 'S', response: Answer }).schema.response)).toContain('200');
  });

  it("takes the file's access unless the route names its own", () => {
    expect(route({ summary: 'S' }).config).toEqual({ access: 'public' });
    expect(route({ summary: 'S', access: { member: true } }).config).toEqual({ access: { member: true } });
    const noDefault = routeOptions({ tags: ['things'], errors });
    expect(noDefault({ summary: 'S', access: { member: true } }).config).toEqual({ access: { member: true } });
    // @ts-expect-error: without a usual access in the file, each route must say who may call it
    noDefault({ summary: 'S' });
  });

  it('types the handler from the schemas, as written-out options do', async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/things/:id',
      route({ summary: 'S', params: Params, querystring: Query, body: Body, response: Answer }),
      (req) => {
        expectTypeOf(req.params).toEqualTypeOf<{ id: string }>();
        expectTypeOf(req.query).toEqualTypeOf<{ limit?: number }>();
        expectTypeOf(req.body).toEqualTypeOf<{ name: string }>();
        return { ok: req.body.name === req.params.id };
      },
    );
    // @ts-expect-error: the answer must match the 200 schema (or an error body)
    app.get('/wrong', route({ summary: 'S', response: Answer }), () => ({ ok: 'yes' }));
    const res = await app.inject({ method: 'POST', url: '/things/a?limit=2', payload: { name: 'a' } });
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });
});

describe('emptyAfter', () => {
  it('answers {} once the call is done, and fails as the call does', async () => {
    let done = false;
    const call = new Promise<void>((resolve) => setTimeout(resolve, 1)).then(() => {
      done = true;
    });
    expect(await emptyAfter(call)).toEqual({});
    expect(done).toBe(true);
    await expect(emptyAfter(Promise.reject(new Error('no')))).rejects.toThrow('no');
  });
});
