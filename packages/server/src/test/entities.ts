import { expect } from 'vitest';
import { call } from '../../test/http.js';
import type { TestServer } from './harness.js';

/** POSTs `{ [key]: body }` to a create route and returns the created entity (asserting 200). */
export async function postEntity<T = Record<string, unknown>>(
  srv: TestServer,
  auth: string,
  path: string,
  key: string,
  body: Record<string, unknown>,
): Promise<T & { id: string }> {
  const res = await call<Record<string, T & { id: string }>>(srv.url, 'POST', path, { auth, body: { [key]: body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[key]!;
}

/** How many entities a list route answers under `key`. */
export const listedCount = async (srv: TestServer, auth: string, path: string, key: string) =>
  ((await call<Record<string, unknown[]>>(srv.url, 'GET', path, { auth })).body[key] ?? []).length;
