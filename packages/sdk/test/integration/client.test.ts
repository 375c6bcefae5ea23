/** createClient, errors, onError, consistency and GraphQL against the real server (fresh database per file). */
import { describe, expect, it } from 'vitest';
import {
  ApiKeyStrategy,
  createClient,
  isPlazaError,
  OAuthStrategy,
  PlazaError,
  type ErrorContext,
} from '../../src/index.js';
import { site } from '../../src/modules/site.js';
import { withKeyedServer } from './cast-server.js';
import { recordingFetch } from './recorder.js';

const plaza = withKeyedServer(['site.manage']);

function adminClient(extra: { onError?: (e: unknown, c: ErrorContext) => unknown; baseUrl?: string } = {}) {
  const rec = recordingFetch();
  const client = createClient({
    baseUrl: extra.baseUrl ?? plaza.srv.url,
    auth: ApiKeyStrategy({ apiKey: plaza.apiKey }),
    modules: { site },
    fetch: rec.fetch,
    onError: extra.onError,
  });
  return { client, rec };
}

describe('API key client', () => {
  it('sends the key as a bare Authorization header and updates the site', async () => {
    const { client, rec } = adminClient({ baseUrl: `${plaza.srv.url}/` });
    const { site: updated } = await client.site.updateSite({ name: 'SDK Test Shop' }, ['name']);
    expect(updated.name).toBe('SDK Test Shop');
    expect(rec.calls[0]!.url).toBe(`${plaza.srv.url}/site/v1/site`); // trailing slash of baseUrl stripped
    expect(rec.calls[0]!.headers.get('authorization')).toBe(plaza.apiKey);
    expect(rec.calls[0]!.body).toEqual({ site: { name: 'SDK Test Shop' }, fieldMask: { paths: ['name'] } });
    expect((await client.site.getSite()).site.name).toBe('SDK Test Shop');
  });

  it('client.fetch sends authenticated requests and returns parsed JSON', async () => {
    const { client, rec } = adminClient();
    const res = await client.fetch<{ site: { currency: string } }>('/site/v1/site');
    expect(res.site.currency).toMatch(/^[A-Z]{3}$/);
    expect(rec.calls[0]!.headers.get('authorization')).toBe(plaza.apiKey);
    const e = await client
      .fetch('/site/v1/site', { method: 'PATCH', body: { site: {}, fieldMask: { paths: ['nope'] } } })
      .catch((x: unknown) => x);
    expect(isPlazaError(e) && e.status).toBe(400);
  });
});

describe('PlazaError from a real 4xx', () => {
  it('carries status, message, details and the request id', async () => {
    const { client, rec } = adminClient();
    const error = await client.site.updateSite({ currency: 'euro' }, ['currency']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlazaError);
    const e = error as PlazaError;
    expect(e.status).toBe(400);
    expect(e.message).not.toBe('');
    const violations = e.details.validationError?.fieldViolations ?? [];
    expect(violations.some((v) => v.field.includes('currency') && v.violatedRule === 'FORMAT')).toBe(true);
    expect(e.requestId).toBe(rec.calls[0]!.responseHeaders!.get('x-request-id'));
    expect(e.requestId).not.toBe('');
    expect(e.argumentNames).toEqual(['site', 'fieldMask']);
    // Nothing changed.
    expect((await client.site.getSite()).site.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('a visitor may not update the site (401/403, not a validation error)', async () => {
    const client = createClient({
      baseUrl: plaza.srv.url,
      auth: OAuthStrategy({ clientId: plaza.srv.clientId }),
      modules: { site },
    });
    const e = await client.site.updateSite({ name: 'Hacked' }, ['name']).catch((x: unknown) => x);
    expect(isPlazaError(e) && [401, 403].includes(e.status)).toBe(true);
    expect((await client.site.getSite()).site.name).not.toBe('Hacked');
  });
});

describe('onError', () => {
  it('receives module, method, argument names and args; then the original error is rethrown', async () => {
    const seen: [unknown, ErrorContext][] = [];
    const { client } = adminClient({ onError: (e, c) => seen.push([e, c]) });
    const args = [{ currency: 'euro' }, ['currency']] as const;
    const error = await client.site.updateSite(args[0], [...args[1]]).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    const [passed, ctx] = seen[0]!;
    expect(passed).toBe(error);
    expect(ctx).toEqual({
      moduleName: 'site',
      methodName: 'updateSite',
      argumentNames: ['site', 'fieldMask'],
      args: [args[0], ['currency']],
    });
    expect(isPlazaError(error) && error.status).toBe(400);
  });

  it('a throwing or rejecting callback does not replace the original error', async () => {
    for (const onError of [
      () => {
        throw new Error('callback broke');
      },
      () => Promise.reject(new Error('callback rejected')),
    ]) {
      const { client } = adminClient({ onError });
      const e = await client.site.updateSite({ currency: 'euro' }, ['currency']).catch((x: unknown) => x);
      expect(isPlazaError(e) && e.status).toBe(400);
    }
  });

  it('is not called for successful calls, and runs for network failures too', async () => {
    let count = 0;
    const ok = adminClient({ onError: () => count++ });
    await ok.client.site.getSite();
    expect(count).toBe(0);
    const down = createClient({
      baseUrl: 'http://127.0.0.1:9',
      auth: ApiKeyStrategy({ apiKey: plaza.apiKey }),
      modules: { site },
      onError: () => count++,
    });
    const e = await down.site.getSite().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TypeError);
    expect((e as { argumentNames?: string[] }).argumentNames).toEqual([]);
    expect(count).toBe(1);
  });
});

describe('consistency header', () => {
  it('echoes the last x-plaza-consistency value seen on later requests', async () => {
    const { client, rec } = adminClient();
    await client.site.getSite();
    expect(rec.calls[0]!.headers.has('x-plaza-consistency')).toBe(false);
    await client.site.updateSite({ name: 'Consistent Shop' }, ['name']);
    const token = rec.calls[1]!.responseHeaders!.get('x-plaza-consistency');
    expect(token).toBeTruthy();
    await client.site.getSite();
    expect(rec.calls[2]!.headers.get('x-plaza-consistency')).toBe(token);
    // A newer write replaces the remembered value.
    await new Promise((r) => setTimeout(r, 5));
    await client.site.updateSite({ name: 'Consistent Shop 2' }, ['name']);
    const newer = rec.calls[3]!.responseHeaders!.get('x-plaza-consistency');
    await client.graphql('{ site { name } }').catch(() => undefined);
    expect(rec.calls[4]!.headers.get('x-plaza-consistency')).toBe(newer);
  });
});

describe('graphql', () => {
  it('returns data, and GraphQL errors without throwing', async () => {
    const { client, rec } = adminClient();
    await client.site.updateSite({ name: 'GraphQL Shop' }, ['name']);
    const { data, errors } = await client.graphql<{ site: { site: { name: string } } }>(
      'query { site { site { name } } }',
    );
    expect(errors).toBeUndefined();
    expect(data?.site.site.name).toBe('GraphQL Shop');
    expect(rec.calls.at(-1)!).toMatchObject({ method: 'POST', path: '/graphql/alpha' });
    // The key has no right to the API keys list: the same refusal REST gives, as a GraphQL error.
    const refused = await client.graphql('{ settingsApiKeys { apiKeys { id } } }');
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(refused.errors?.[0]?.path).toEqual(['settingsApiKeys']);
  });

  it('throws "GraphQL request failed with status {status}" on a non-200 answer', async () => {
    const { client, rec } = adminClient();
    const e = await client.graphql('{ x }', { a: 1 }, { apiVersion: 'v2' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).message).toBe('GraphQL request failed with status 404');
    expect(isPlazaError(e) && e.status).toBe(404);
    expect(rec.calls[0]!).toMatchObject({
      method: 'POST',
      path: '/graphql/v2',
      body: { query: '{ x }', variables: { a: 1 } },
    });
    const tooLong = await client.graphql(`{ ${'__typename '.repeat(2500)}}`).catch((x: unknown) => x);
    expect((tooLong as Error).message).toBe('GraphQL request failed with status 400');
  });
});
