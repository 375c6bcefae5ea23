/**
 * GET fallback above 4000 characters, against the real server. No route has a GET/POST-query pair yet, so this
 * module declares its own: a GET of the site carrying a long `tags` query, whose fallback is the plain GET.
 * The recorded requests show which one went out; the server answering 200 shows both are real requests.
 */
import { describe, expect, it } from 'vitest';
import type { GetSiteResponse } from '@plaza/contracts';
import { ApiKeyStrategy, createClient, defineMethod } from '../../src/index.js';
import { withKeyedServer } from './cast-server.js';
import { recordingFetch } from './recorder.js';

const plaza = withKeyedServer(['site.manage']);

const probe = {
  withFallback: defineMethod<[tags: string[]], GetSiteResponse>({
    argumentNames: ['tags'],
    request: (tags) => ({ method: 'GET', path: '/site/v1/site', query: { tags } }),
    fallback: () => ({ method: 'GET', path: '/site/v1/site', headers: { 'x-plaza-probe': 'fallback' } }),
  }),
  withoutFallback: defineMethod<[tags: string[]], GetSiteResponse>({
    argumentNames: ['tags'],
    request: (tags) => ({ method: 'GET', path: '/site/v1/site', query: { tags } }),
  }),
};

/** n tags of 36 characters: `tags=` + 36 = 41 characters each, plus `&` between them. */
const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag-${String(i).padStart(32, '0')}`);

describe('GET fallback', () => {
  function client() {
    const rec = recordingFetch();
    return {
      rec,
      client: createClient({
        baseUrl: plaza.srv.url,
        auth: ApiKeyStrategy({ apiKey: plaza.apiKey }),
        modules: { probe },
        fetch: rec.fetch,
      }),
    };
  }

  it('sends the GET with its query string up to 4000 characters', async () => {
    const { client: c, rec } = client();
    const t = tags(95); // 95 * 41 + 94 = 3989 characters
    const res = await c.probe.withFallback(t);
    expect(res.site.name).toEqual(expect.any(String));
    const query = new URL(rec.calls[0]!.url).search.slice(1);
    expect(query.length).toBe(3989);
    expect(new URLSearchParams(query).getAll('tags')).toEqual(t);
    expect(rec.calls[0]!.headers.has('x-plaza-probe')).toBe(false);
    expect(rec.calls[0]!.status).toBe(200);
  });

  it('switches to the fallback request when the query string would exceed 4000 characters', async () => {
    const { client: c, rec } = client();
    const res = await c.probe.withFallback(tags(98)); // 98 * 41 + 97 = 4115 characters
    expect(res.site.name).toEqual(expect.any(String));
    expect(rec.calls).toHaveLength(1);
    expect(rec.calls[0]!.url).toBe(`${plaza.srv.url}/site/v1/site`);
    expect(rec.calls[0]!.headers.get('x-plaza-probe')).toBe('fallback');
    expect(rec.calls[0]!.status).toBe(200);
  });

  it('sends a long GET as it is when the method has no fallback', async () => {
    const { client: c, rec } = client();
    await c.probe.withoutFallback(tags(98));
    expect(new URL(rec.calls[0]!.url).search.length).toBe(4116);
    expect(rec.calls[0]!.status).toBe(200);
  });
});
