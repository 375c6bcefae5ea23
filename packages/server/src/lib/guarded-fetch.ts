import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, type Resolver } from './net-guard.js';

/** Answers are read whole up to this size; a bigger one fails (discovery documents and JWKS are a few KB). */
export const MAX_GUARDED_ANSWER_BYTES = 1024 * 1024;

export interface GuardOptions {
  allowPrivate: boolean;
  resolver?: Resolver;
  /** Overrides what counts as a public address (tests only). */
  isPublic?: (ip: string) => boolean;
}

type FetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | ArrayBuffer | Uint8Array | ReadableStream | null;
  signal?: AbortSignal | null;
};

/** The request body as text or bytes; openid-client sends forms and JSON, never a stream. */
function bodyBytes(body: FetchInit['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ReadableStream) throw new TypeError('a streamed request body is not supported');
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for libraries that accept one (openid-client's `customFetch`): every request goes through net-guard like
 * webhooks and media imports, and connects to exactly the address that was checked (no DNS rebinding). Redirects
 * are never followed, so a public address cannot bounce the request inward.
 */
export function guardedFetch(guard: GuardOptions): (url: string, init?: FetchInit) => Promise<Response> {
  return async (url, init = {}) => {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('only http and https');
    const target = await resolveTarget(parsed, guard);
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const body = bodyBytes(init.body);
    const lib = parsed.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = lib.request(
        parsed,
        {
          method: init.method ?? 'GET',
          lookup,
          headers: { ...init.headers, ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}) },
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_GUARDED_ANSWER_BYTES) res.destroy(new Error('the answer is too large'));
            else chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              for (const one of [v ?? []].flat()) headers.append(k, one);
            }
            resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
