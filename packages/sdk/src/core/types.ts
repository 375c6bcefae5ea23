import type { QueryParams } from './query.js';

/** The subset of `fetch` the SDK uses; the global `fetch` and any wrapper around it fit. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** HTTP methods a module method can use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One HTTP request, as a module method describes it. `path` is relative to the client's `baseUrl`. */
export interface HttpRequest {
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Where a strategy sends its own requests (the token endpoint); `createClient` passes its own. */
export interface AuthEnv {
  baseUrl: string;
  fetch: FetchLike;
}

/**
 * How a client authenticates. `getAuthHeaders` runs before every request; `bind`, when present,
 * is called once by `createClient` with the client's `baseUrl` and `fetch`; `onUnauthorized`, when present, may
 * renew the credentials after a 401.
 */
export interface AuthStrategy {
  getAuthHeaders(): Promise<Record<string, string>>;
  bind?(env: AuthEnv): void;
  /**
   * Called once after a 401 to a request sent with these auth headers; true means "the credentials were renewed,
   * send the request again". Strategies without it (API keys) get no retry.
   */
  onUnauthorized?(sent: Record<string, string>): Promise<boolean>;
}
