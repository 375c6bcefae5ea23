import type { FetchLike } from '../src/core/types.js';

/** One request a {@link fakeApi} received. */
export interface FakeCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: Record<string, unknown> | undefined;
  redirect: RequestRedirect | undefined;
}

type Handler = (call: FakeCall, n: number) => Response | Promise<Response>;

/**
 * A scripted stand-in for the server, for the mechanics the real server can't be made to show on demand (a timed-out
 * iframe, a 401 for a token believed valid, many tabs). Routes are `'METHOD /path'`; `n` counts that route's calls.
 */
export function fakeApi(
  routes: Record<string, Handler>,
  delayMs = 5,
): { fetch: FetchLike; calls: FakeCall[]; to(p: string): FakeCall[] } {
  const calls: FakeCall[] = [];
  const counts = new Map<string, number>();
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      redirect: init?.redirect,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const handler = routes[key];
    if (!handler) return json(404, { message: `no route ${key}`, details: {} });
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return handler(call, n);
  };
  return { fetch, calls, to: (p) => calls.filter((c) => c.path === p) };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers },
  });

let serial = 0;
/** A token endpoint answer with fresh, distinct tokens. */
export const tokenAnswer = (prefix = 't') => {
  serial++;
  return json(200, {
    access_token: `${prefix}-access-${serial}`,
    refresh_token: `${prefix}-refresh-${serial}`,
    expires_in: 3600,
    token_type: 'Bearer',
  });
};
