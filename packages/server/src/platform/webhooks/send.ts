import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, type Resolver } from '../../lib/net-guard.js';

/** The receiver's answer is kept up to this many bytes in the delivery log. */
export const EXCERPT_BYTES = 1024;

export interface SendResult {
  /** null: no HTTP answer (timeout, connection refused, blocked address). */
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
}

// Keep-alive: a burst of events to one receiver reuses its connections.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * POSTs a webhook body (a signed JWT, `content-type: application/jwt`) to `url`. The host is resolved and checked
 * (net-guard) first, and the connection goes to exactly that address, so a name that re-resolves elsewhere after the
 * check (DNS rebinding) can't redirect it. Never throws: every failure is a result with `error`.
 */
export async function postWebhook(
  url: string,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean; signal?: AbortSignal; resolver?: Resolver },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  const parsed = new URL(url);
  try {
    target = await resolveTarget(parsed, {
      allowPrivate: opts.allowPrivate,
      ...(opts.resolver ? { resolver: opts.resolver } : {}),
    });
  } catch (err) {
    return { statusCode: null, latencyMs: elapsed(), responseExcerpt: '', error: (err as Error).message };
  }
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const lib = parsed.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: elapsed() });
    };
    const req = lib.request(
      parsed,
      {
        method: 'POST',
        agent: agents[parsed.protocol as 'http:' | 'https:'],
        lookup,
        headers: {
          'content-type': 'application/jwt',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Plaza-Webhooks/1',
        },
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < EXCERPT_BYTES) {
            chunks.push(chunk.subarray(0, EXCERPT_BYTES - kept));
            kept += Math.min(chunk.length, EXCERPT_BYTES - kept);
          }
        });
        res.on('end', () =>
          finish({
            statusCode: res.statusCode ?? null,
            responseExcerpt: Buffer.concat(chunks).toString('utf8'),
            error: null,
          }),
        );
        res.on('error', (err) =>
          finish({ statusCode: res.statusCode ?? null, responseExcerpt: '', error: err.message }),
        );
        // Destroyed mid-body (the timeout): the answer never completed.
        res.on('close', () =>
          finish({ statusCode: res.statusCode ?? null, responseExcerpt: '', error: 'the answer was cut off' }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (err) => finish({ statusCode: null, responseExcerpt: '', error: err.message }));
    req.end(body);
  });
}
