import type { HttpRequest } from './types.js';

/**
 * A module method: the names of its arguments (passed to `onError`), how it builds its request,
 * and, for a GET, an optional fallback request used when the query string is longer than 4000 characters.
 * `R` is the parsed JSON result type; it only exists at compile time.
 */
export interface MethodDescriptor<A extends unknown[] = unknown[], R = unknown> {
  readonly argumentNames: { [K in keyof A]: string };
  readonly request: (...args: A) => HttpRequest;
  readonly fallback?: (...args: A) => HttpRequest;
  /** Phantom field carrying the result type; never set. */
  readonly __result?: R;
}

/** A module: a plain object of method descriptors, such as `site` from `@plaza/sdk/site`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: a module holds methods of every argument list
export type Module = Record<string, MethodDescriptor<any, unknown>>;

/**
 * Declares a module method. Give the argument types and the result type as type parameters.
 *
 * @example
 * export const getMember = defineMethod<[id: string, fieldsets?: string[]], { member: Member }>({
 *   argumentNames: ['id', 'fieldsets'],
 *   request: (id, fieldsets) => ({ method: 'GET', path: `/members/v1/members/${encodeURIComponent(id)}`, query: { fieldsets } }),
 *   fallback: (id, fieldsets) => ({ method: 'POST', path: `/members/v1/members/${encodeURIComponent(id)}/get`, body: { fieldsets } }),
 * });
 */
export function defineMethod<A extends unknown[], R>(descriptor: {
  argumentNames: { [K in keyof A]: string };
  request: (...args: A) => HttpRequest;
  fallback?: (...args: A) => HttpRequest;
}): MethodDescriptor<A, R> {
  return descriptor;
}

/**
 * Encodes one path segment, so ids with `/` or `?` cannot change the path.
 *
 * @example
 * `/members/v1/members/${seg(id)}`
 */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
