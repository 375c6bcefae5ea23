import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { BlockedAddressError, resolveTarget, type Resolver } from '../../lib/net-guard.js';

/** Calls carry at most this much answer; a bigger one is a bad answer. */
export const MAX_ANSWER_BYTES = 256 * 1024;

export type Answer =
  | { kind: 'answer'; status: number; body: string }
  | { kind: 'too-large'; status: number }
  | { kind: 'timeout'; status?: undefined }
  | { kind: 'unreachable'; status?: undefined; error: string };

/**
 * POSTs a plugin call (a signed JWT, `content-type: application/jwt` like webhooks) and reads the whole answer.
 * The host is resolved and checked by net-guard first and the connection goes to exactly that address (no DNS
 * rebinding); redirects are not followed (a plugin answers where it was registered). `timeoutMs` covers everything,
 * from resolving the name to the last byte. Never throws.
 */
export function postPluginCall(
  url: string,
  jwt: string,
  opts: { timeoutMs: number; allowPrivate: boolean; resolver?: Resolver },
): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    let settled = false;
    let req: http.ClientRequest | undefined;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
      req?.destroy();
    }, opts.timeoutMs);
    const parsed = new URL(url);
    resolveTarget(parsed, { allowPrivate: opts.allowPrivate, ...(opts.resolver ? { resolver: opts.resolver } : {}) })
      .then((target) => {
        if (settled) return;
        const lookup: LookupFunction = (_host, options, callback) => {
          if (options.all) callback(null, [{ address: target.address, family: target.family }]);
          else callback(null, target.address, target.family);
        };
        const lib = parsed.protocol === 'https:' ? https : http;
        req = lib.request(
          parsed,
          {
            method: 'POST',
            lookup,
            headers: {
              'content-type': 'application/jwt',
              'content-length': Buffer.byteLength(jwt),
              accept: 'application/json',
              'user-agent': 'Plaza-Service-Plugins/1',
            },
          },
          (res) => {
            const status = res.statusCode ?? 0;
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_ANSWER_BYTES) {
                finish({ kind: 'too-large', status });
                res.destroy();
              } else chunks.push(chunk);
            });
            res.on('end', () => finish({ kind: 'answer', status, body: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', () => finish({ kind: 'unreachable', error: 'The answer was cut off' }));
          },
        );
        req.on('error', () => finish({ kind: 'unreachable', error: 'Could not connect to the app' }));
        req.end(jwt);
      })
      .catch((err: unknown) =>
        finish({
          kind: 'unreachable',
          error:
            err instanceof BlockedAddressError
              ? `Not allowed: ${err.message}`
              : `The app's address could not be found (${parsed.hostname})`,
        }),
      );
  });
}
