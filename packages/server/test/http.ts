import type { ErrorBody } from '@plaza/contracts';

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One real HTTP call, JSON in and out. `auth` is sent as the Authorization header exactly as given. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  opts: { auth?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth) headers.authorization = opts.auth;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** The field violations of an error body, as `field:RULE` strings, for compact assertions. */
export function violations(body: unknown): string[] {
  const fv = (body as ErrorBody).details?.validationError?.fieldViolations ?? [];
  return fv.map((v) => `${v.field}:${v.violatedRule}`);
}

export function appCode(body: unknown): string | undefined {
  return (body as ErrorBody).details?.applicationError?.code;
}

/**
 * Deletes every entity of each `[path, listKey]` collection (GET path → body[listKey] → DELETE path/id): tests that
 * share one server start from an empty configuration.
 */
export async function deleteEvery(
  baseUrl: string,
  auth: string,
  collections: ReadonlyArray<readonly [path: string, listKey: string]>,
): Promise<void> {
  for (const [path, key] of collections) {
    const list = await call<Record<string, Array<{ id: string }>>>(baseUrl, 'GET', path, { auth });
    for (const e of list.body[key] ?? []) await call(baseUrl, 'DELETE', `${path}/${e.id}`, { auth });
  }
}

/** Schema violations name array items `a.0.b`, service ones `a[0].b`: this writes both the same way, to compare. */
export const normPath = (s: string) => s.replace(/\[(\d+)\]/g, '.$1').replace(/\//g, '.');
