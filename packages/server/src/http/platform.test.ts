import { describe, expect, it } from 'vitest';
import { serverSuite } from '../test/suite.js';
import { appCode, call, violations } from '../../test/http.js';

const { srv } = serverSuite();

const UUID = /^[0-9a-f-]{36}$/;
/** A body sent as it is to the token route, to see how the server parses what it gets. */
const postRawToken = (rawBody: string, contentType: string) =>
  call(srv.url, 'POST', '/oauth2/token', { rawBody, headers: { 'content-type': contentType } });

describe('server plumbing', () => {
  it('GET /health reports the database', async () => {
    const res = await call(srv.url, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });

  it('puts x-request-id on every response, success or error', async () => {
    const responses = await Promise.all([
      call(srv.url, 'GET', '/health'),
      call(srv.url, 'GET', '/nope'),
      call(srv.url, 'DELETE', '/health'),
      call(srv.url, 'POST', '/oauth2/token', { body: {} }),
      call(srv.url, 'GET', '/site/v1/site'),
    ]);
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a safe incoming request id and replaces an unsafe one', async () => {
    const kept = await call(srv.url, 'GET', '/health', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    const replaced = await call(srv.url, 'GET', '/health', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('answers unknown paths with 404 in the error shape', async () => {
    const res = await call(srv.url, 'GET', '/members/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: 'No route for GET /members/v1/nothing-here',
      details: { applicationError: { code: 'NOT_FOUND', description: 'No route for GET /members/v1/nothing-here' } },
    });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await call(srv.url, 'PUT', '/site/v1/site', { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, PATCH');
    expect(appCode(res.body)).toBe('METHOD_NOT_ALLOWED');
    const del = await call(srv.url, 'POST', '/settings/v1/api-keys/0190a3b2-0000-7000-8000-000000000000');
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('DELETE');
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    const bad = await postRawToken('{"grantType":', 'application/json');
    expect(bad.status).toBe(400);
    expect(appCode(bad.body)).toBe('MALFORMED_JSON');
    const big = await postRawToken(
      JSON.stringify({ grantType: 'anonymous', clientId: 'x'.repeat(1024 * 1024 + 10) }),
      'application/json',
    );
    expect(big.status).toBe(413);
    expect(appCode(big.body)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await postRawToken('hello', 'text/csv');
    expect(res.status).toBe(415);
    expect(appCode(res.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('names every broken field at once', async () => {
    const res = await call(srv.url, 'POST', '/oauth2/token', { body: { grantType: 'nope', extra: true } });
    expect(violations(res.body).sort()).toEqual([
      'clientId:REQUIRED_FIELD',
      'extra:FIELD_NOT_ALLOWED',
      'grantType:INVALID_ENUM_VALUE',
    ]);
    const fv = (res.body as { details: { validationError: { fieldViolations: { description: string }[] } } }).details
      .validationError.fieldViolations;
    for (const v of fv) expect(v.description.length).toBeGreaterThan(5);
  });

  it('serves the OpenAPI document generated from the route schemas, and a readable reference', async () => {
    const spec = await call<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      srv.url,
      'GET',
      '/openapi.json',
    );
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/oauth2/token',
        '/site/v1/site',
        '/settings/v1/api-keys',
        '/settings/v1/oauth-clients',
      ]),
    );
    expect(JSON.stringify(spec.body.paths['/site/v1/site']!.patch!.requestBody)).toContain('fieldMask');
    const docs = await fetch(`${srv.url}/docs`, { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('allows cross-origin calls from an allowed origin and exposes the request id and consistency headers', async () => {
    // Any origin of a registered client is allowed (the full allow-list is in cors.test.ts).
    const origin = new URL(srv.url).origin;
    const res = await fetch(`${srv.url}/site/v1/site`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const get = await fetch(`${srv.url}/health`, { headers: { origin } });
    expect(get.headers.get('access-control-expose-headers')).toContain('x-request-id');
    expect(get.headers.get('access-control-expose-headers')).toContain('x-plaza-consistency');
  });

  it('answers GraphQL at /graphql/alpha, with the request id every answer carries', async () => {
    const res = await call(srv.url, 'POST', '/graphql/alpha', { body: { query: '{ __typename }' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
