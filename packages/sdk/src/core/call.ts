import type { MethodDescriptor } from './method.js';
import { needsFallback, toQueryString } from './query.js';
import { send, type Transport } from './transport.js';
import type { HttpRequest } from './types.js';

/** What `onError` receives about the module call that failed. */
export interface ErrorContext {
  moduleName: string;
  methodName: string;
  argumentNames: string[];
  args: unknown[];
}

/** Side-effect callback for failed module calls; what it returns or throws is ignored. */
export type OnError = (error: unknown, context: ErrorContext) => unknown;

/**
 * The request a method sends for these arguments: its GET request, or its fallback request when the
 * GET's query string is longer than 4000 characters and the method declares a fallback.
 *
 * @example
 * const req = resolveRequest(site.getSite, []); // { method: 'GET', path: '/site/v1/site' }
 */
export function resolveRequest<A extends unknown[]>(method: MethodDescriptor<A, unknown>, args: A): HttpRequest {
  const req = method.request(...args);
  if (req.method === 'GET' && method.fallback && needsFallback(toQueryString(req.query)))
    return method.fallback(...args);
  return req;
}

/**
 * Runs one module method through a transport. On failure, `onError` runs (its result and errors are ignored),
 * `argumentNames` is attached to the error, and the original error is rethrown.
 *
 * @example
 * const { site } = await callMethod(transport, getSite, [], { moduleName: 'site', methodName: 'getSite' });
 */
export async function callMethod<A extends unknown[], R>(
  t: Transport,
  method: MethodDescriptor<A, R>,
  args: A,
  where: { moduleName: string; methodName: string; onError?: OnError },
): Promise<R> {
  try {
    return (await send(t, resolveRequest(method, args))) as R;
  } catch (error) {
    const argumentNames = [...method.argumentNames] as string[];
    if (typeof error === 'object' && error !== null) {
      try {
        (error as { argumentNames?: string[] }).argumentNames = argumentNames;
      } catch {
        // frozen error objects keep their shape
      }
    }
    if (where.onError) {
      try {
        const result = where.onError(error, {
          moduleName: where.moduleName,
          methodName: where.methodName,
          argumentNames,
          args,
        });
        if (result instanceof Promise) result.catch(() => undefined);
      } catch {
        // the callback is a side effect only
      }
    }
    throw error;
  }
}
