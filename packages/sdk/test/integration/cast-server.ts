import { afterAll, beforeAll } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';
import {
  ApiKeyStrategy,
  createClient,
  type AuthStrategy,
  type ErrorContext,
  type PlazaClient,
} from '../../src/index.js';
import { type Module } from '../../src/core/method.js';
import { fixedAuth } from './community-clients.js';

type Scopes = Parameters<TestServer['createApiKey']>[0];

/**
 * A real server with the community cast (owner, members, a visitor) for one test file: started before its tests,
 * closed after them. `ready` hands both to the file (and may still prepare, such as make an API key).
 */
export function withCastServer(ready: (srv: TestServer, people: Cast) => void | Promise<void>): void {
  let srv: TestServer | undefined;
  beforeAll(async () => {
    srv = await startTestServer();
    await ready(srv, await cast(srv));
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
  });
}

/** What `castClients` holds once the server is up: the server, the cast, and a client as each of the usual callers. */
export interface CastContext<M extends Record<string, Module>> {
  srv: TestServer;
  people: Cast;
  /** With an API key of the `adminScopes` given to `castClients` (not made without them). */
  admin: PlazaClient<M, AuthStrategy>;
  visitor: PlazaClient<M, AuthStrategy>;
  /** As member A. */
  member: PlazaClient<M, AuthStrategy>;
}

/**
 * `withCastServer` for a file that calls the server through `modules`: `ctx` holds the server, the cast and their
 * clients once started, `client(auth)` makes another SDK client, and `calls` collects the call of each failure (its
 * argument names).
 */
export function castClients<M extends Record<string, Module>>(modules: M, adminScopes?: Scopes) {
  const ctx = {} as CastContext<M>;
  const calls: ErrorContext[] = [];
  const client = (auth: AuthStrategy) =>
    createClient({ baseUrl: ctx.srv.url, auth, modules, onError: (_e, call) => calls.push(call) });
  withCastServer(async (srv, people) => {
    Object.assign(ctx, { srv, people });
    ctx.visitor = client(fixedAuth(people.visitor));
    ctx.member = client(fixedAuth(people.memberA.auth));
    if (adminScopes) ctx.admin = client(ApiKeyStrategy({ apiKey: await srv.createApiKey(adminScopes) }));
  });
  return { ctx, calls, client };
}

/** A real server without the cast for one test file, and an API key with `scopes`: `ctx` holds both once started. */
export function withKeyedServer(scopes: Scopes) {
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
