import { describe, expect, it } from 'vitest';
import { MAX_GET_QUERY_LENGTH, needsFallback, toQueryString } from '../src/core/query.js';
import { resolveRequest } from '../src/core/call.js';
import { defineMethod } from '../src/core/method.js';

describe('toQueryString', () => {
  it('flattens nested objects to dotted keys and arrays of scalars to repeated keys', () => {
    expect(toQueryString({ paging: { limit: 10, offset: 0 }, fieldsets: ['PUBLIC', 'FULL'] })).toBe(
      'paging.limit=10&paging.offset=0&fieldsets=PUBLIC&fieldsets=FULL',
    );
  });

  it('indexes arrays of objects, formats dates and booleans, drops null and undefined', () => {
    const qs = toQueryString({
      sort: [{ fieldName: 'createdDate', order: 'DESC' }, { fieldName: 'id' }],
      since: new Date('2025-01-02T03:04:05.000Z'),
      private: false,
      a: undefined,
      b: null,
      c: { d: undefined },
    });
    expect(new URLSearchParams(qs).toString()).toBe(qs);
    expect(decodeURIComponent(qs)).toBe(
      'sort[0].fieldName=createdDate&sort[0].order=DESC&sort[1].fieldName=id&since=2025-01-02T03:04:05.000Z&private=false',
    );
  });

  it('encodes reserved characters so values cannot inject parameters', () => {
    const qs = toQueryString({ q: 'a&b=c d/é' });
    expect(qs).toBe('q=a%26b%3Dc+d%2F%C3%A9');
    expect(new URLSearchParams(qs).get('q')).toBe('a&b=c d/é');
  });

  it('gives an empty string for no parameters', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({})).toBe('');
  });
});

describe('needsFallback', () => {
  it('switches only above 4000 characters', () => {
    expect(MAX_GET_QUERY_LENGTH).toBe(4000);
    expect(needsFallback('x'.repeat(4000))).toBe(false);
    expect(needsFallback('x'.repeat(4001))).toBe(true);
  });
});

describe('resolveRequest', () => {
  const list = defineMethod<[ids: string[]], { items: unknown[] }>({
    argumentNames: ['ids'],
    request: (ids) => ({ method: 'GET', path: '/things/v1/things', query: { ids } }),
    fallback: (ids) => ({ method: 'POST', path: '/things/v1/things/query', body: { ids } }),
  });
  const noFallback = defineMethod<[ids: string[]], unknown>({
    argumentNames: ['ids'],
    request: (ids) => ({ method: 'GET', path: '/things/v1/things', query: { ids } }),
  });
  // 'ids=' + 36-char id = 40 chars per entry, joined by '&' → 41 per entry after the first.
  const ids = (n: number) =>
    Array.from({ length: n }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);

  it('keeps the GET while the query string fits', () => {
    const args = ids(97);
    expect(toQueryString({ ids: args }).length).toBeLessThanOrEqual(4000);
    expect(resolveRequest(list, [args])).toEqual({ method: 'GET', path: '/things/v1/things', query: { ids: args } });
  });

  it('uses the fallback with the same parameters when the query string is too long', () => {
    const args = ids(98);
    expect(toQueryString({ ids: args }).length).toBeGreaterThan(4000);
    expect(resolveRequest(list, [args])).toEqual({
      method: 'POST',
      path: '/things/v1/things/query',
      body: { ids: args },
    });
  });

  it('keeps a long GET when the method has no fallback', () => {
    expect(resolveRequest(noFallback, [ids(200)]).method).toBe('GET');
  });
});
