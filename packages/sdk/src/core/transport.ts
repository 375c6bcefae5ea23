import { errorFromResponse, parseErrorBody } from './errors.js';
import { toQueryString } from './query.js';
import type { AuthStrategy, FetchLike, HttpRequest } from './types.js';

/** Response and request header of the consistency token (DESIGN §3). */
export const CONSISTENCY_HEADER = 'x-plaza-consistency';

/** What a client's requests share: where they go, how they authenticate, and the last consistency token seen. */
export interface Transport {
  baseUrl: string;
  fetch: FetchLike;
  auth: AuthStrategy;
  consistency?: string;
}

/**
 * Creates the shared request state of a client. A trailing slash of `baseUrl` is removed; `''` means same origin.
 * Without `fetch`, the global `fetch` is looked up at call time (so it can be replaced later).
 *
 * @example
 * const t = createTransport('https://shop.example.com/', ApiKeyStrategy({ apiKey }));
 */
export function createTransport(baseUrl: string, auth: AuthStrategy, fetchFn?: FetchLike): Transport {
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    auth,
    fetch: fetchFn ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

/** True for bodies `fetch` sends as they are; anything else is sent as JSON. */
function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/**
 * Sends one authenticated request and returns the parsed JSON body (`undefined` when empty, text when not JSON).
 * Sends the last consistency token seen and remembers a new one; a non-2xx response throws a `PlazaError`.
 * After a 401 refusing the token (`UNAUTHENTICATED`), a strategy with `onUnauthorized` may renew its credentials; the
 * request is then sent once more.
 *
 * @example
 * const { site } = await send(transport, { method: 'GET', path: '/site/v1/site' });
 */
export async function send(t: Transport, req: HttpRequest, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers);
  let authHeaders = await t.auth.getAuthHeaders();
  for (const [k, v] of Object.entries(authHeaders)) headers.set(k, v);
  for (const [k, v] of Object.entries(req.headers ?? {})) headers.set(k, v);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (t.consistency) headers.set(CONSISTENCY_HEADER, t.consistency);
  let body: BodyInit | undefined;
  if (req.body !== undefined) {
    if (isRawBody(req.body)) body = req.body;
    else {
      body = JSON.stringify(req.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
  }
  const qs = toQueryString(req.query);
  const url = t.baseUrl + req.path + (qs ? (req.path.includes('?') ? '&' : '?') + qs : '');
  let res = await t.fetch(url, { ...init, method: req.method, headers, body });
  let text = await res.text();
  // A token the client believed valid was refused (session ended elsewhere, server keys rotated, clock skew): renew it
  // once and send again. Only for the server's "token refused" 401 (`UNAUTHENTICATED`, or no code at all): a business
  // 401 such as a wrong password (-19976) is an answer, and sending a login twice would count as two failures.
  // A stream body can't be sent twice.
  if (
    res.status === 401 &&
    ['UNAUTHENTICATED', undefined].includes(parseErrorBody(text)?.details?.applicationError?.code) &&
    !(typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) &&
    (await t.auth.onUnauthorized?.(authHeaders))
  ) {
    authHeaders = await t.auth.getAuthHeaders();
    for (const [k, v] of Object.entries(authHeaders)) headers.set(k, v);
    res = await t.fetch(url, { ...init, method: req.method, headers, body });
    text = await res.text();
  }
  const consistency = res.headers.get(CONSISTENCY_HEADER);
  if (consistency) t.consistency = consistency;
  if (!res.ok) throw await errorFromResponse(res, undefined, text);
  if (!text) return undefined;
  return (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}
