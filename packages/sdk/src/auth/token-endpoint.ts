import type { TokenRequest, TokenResponse } from '@plaza/contracts';
import { errorFromResponse, isPlazaError, requestIdOf } from '../core/errors.js';
import type { AuthEnv } from '../core/types.js';

/**
 * POSTs a JSON body to `/oauth2/token` and returns the token response.
 * A status other than 200 throws a `PlazaError` (with `status`, `details` and `requestId`) whose message is
 * `Failed to fetch tokens from OAuth API: {status text}. request id: {id}`, then a newline and the response body.
 *
 * @example
 * const res = await requestTokens({ baseUrl, fetch }, { grantType: 'anonymous', clientId: 'web' });
 */
export async function requestTokens(env: AuthEnv, body: TokenRequest, idempotencyKey?: string): Promise<TokenResponse> {
  const res = await env.fetch(`${env.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) {
    const message = `Failed to fetch tokens from OAuth API: ${res.statusText}. request id: ${requestIdOf(res)}\n${text}`;
    throw await errorFromResponse(res, message, text);
  }
  return JSON.parse(text) as TokenResponse;
}

/**
 * True when the token endpoint definitely refused (a 4xx other than 408/429, such as `invalid_grant`),
 * as opposed to a network error or a server error worth retrying.
 *
 * @example
 * catch (e) { if (isRejection(e)) startOverAsVisitor(); else throw e; }
 */
export function isRejection(e: unknown): boolean {
  return isPlazaError(e) && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
}

/**
 * Runs `fn`, retrying network errors and 5xx/408/429 answers with a small backoff (100 ms, 300 ms, ...).
 * A definite rejection ({@link isRejection}) is thrown at once.
 *
 * @example
 * const res = await withRetry(() => requestTokens(env, body));
 */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 3, baseDelayMs = 100): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (isRejection(e) || attempt >= attempts) throw e;
      await new Promise((r) => setTimeout(r, baseDelayMs * (2 * attempt - 1)));
    }
  }
}
