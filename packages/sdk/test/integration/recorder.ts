import type { FetchLike } from '../../src/core/types.js';

/** One request that went through a recording fetch, with what the server answered. */
export interface Recorded {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
  status?: number;
  responseHeaders?: Headers;
}

/**
 * Wraps the real global `fetch` (as it is now) and records every request and its answer. Nothing is faked:
 * requests go to the real server.
 */
export function recordingFetch(): { fetch: FetchLike; calls: Recorded[]; to: (path: string) => Recorded[] } {
  const realFetch = globalThis.fetch;
  const calls: Recorded[] = [];
  const fetch: FetchLike = async (url, init) => {
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: Recorded = {
      url,
      path: new URL(url).pathname,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const res = await realFetch(url, init);
    call.status = res.status;
    call.responseHeaders = res.headers;
    return res;
  };
  return { fetch, calls, to: (path) => calls.filter((c) => c.path === path) };
}
