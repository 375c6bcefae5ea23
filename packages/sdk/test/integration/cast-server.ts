import { afterAll, beforeAll } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { createClient, type AuthStrategy, type ErrorContext } from '../../src/index.js';
import { type Module } from '../../src/core/method.js';

/**
 * A real server with the community cast (owner, members, a visitor) for one test file: started before its tests,
 * closed after them. `ready` hands both to the file.
 */
export function withCastServer(ready: (srv: TestServer, people: Cast) => void): void {
  let srv: TestServer | undefined;
  beforeAll(async () => {
    srv = await startTestServer();
    ready(srv, await cast(srv));
  }, 90_000);
  afterAll(async () => {
    await srv?.close();
  });
}

/**
 * `withCastServer` for a file that calls the server through `modules`: `ctx` holds the server and the cast once
 * started, `client(auth)` makes an SDK client, and `calls` collects the call of each failure (its argument names).
 */
export function castClients<M extends Record<string, Module>>(modules: M) {
  const ctx = {} as { srv: TestServer; people: Cast };
  const calls: ErrorContext[] = [];
  withCastServer((srv, people) => Object.assign(ctx, { srv, people }));
  const client = (auth: AuthStrategy) =>
    createClient({ baseUrl: ctx.srv.url, auth, modules, onError: (_e, call) => calls.push(call) });
  return { ctx, calls, client };
}

/** A real server without the cast for one test file, and an API key with `scopes`: `ctx` holds both once started. */
export function withKeyedServer(scopes: Parameters<TestServer['createApiKey']>[0]) {
  const ctx = {} as { srv: TestServer; apiKey: string };
  beforeAll(async () => {
    ctx.srv = await startTestServer();
    ctx.apiKey = await ctx.srv.createApiKey(scopes);
  });
  afterAll(async () => {
    await ctx.srv?.close();
  });
  return ctx;
}
