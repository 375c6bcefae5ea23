import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ApiKeyScope } from '@plaza/contracts';
import { deleteImplementation, listImplementations } from '../platform/service-plugins/service.js';
import { startPluginApp } from '../platform/service-plugins/test-app.js';
import { cast, type Cast } from './community.js';
import { startTestServer, type TestServer } from './harness.js';

export interface SuiteOptions<K extends string> {
  clock?: () => Date;
  env?: Record<string, string>;
  /** Sign in the members, the owner and a visitor of `cast()` (`c`). */
  cast?: boolean;
  /** API keys to make, by name: `{ ecom: ['ecom'] }` gives `keys.ecom`. */
  keys?: Record<K, ApiKeyScope[]>;
  /**
   * Start a service-plugin app for this server (`app`), after its first request has made the webhook signing key,
   * so no timed plugin call pays for making it.
   */
  pluginApp?: boolean;
  /** How long the start may take (a cast signs in several people). */
  timeout?: number;
}

/** What a test file shares: filled in before its first test, the server stopped after its last. */
export interface Suite<K extends string> {
  srv: TestServer;
  /** With `cast`: the people of the access matrix. */
  c: Cast;
  keys: Record<K, string>;
  /** With `pluginApp`: the service-plugin app, stopped before the server. */
  app: PluginApp;
}

type PluginApp = Awaited<ReturnType<typeof startPluginApp>>;

/**
 * The start most server test files share: a server of their own, optionally the cast and some API keys.
 * Call it at the top of the file. The objects it returns are the ones the tests use from the first test on: they are
 * filled in (not replaced) before it, so a file can destructure them at once. The file's own `beforeAll` hooks,
 * registered after this call, run after the start; its own `afterAll` hooks run before the server stops.
 */
export function serverSuite<K extends string = never>(opts: SuiteOptions<K> = {}): Suite<K> {
  const suite: Suite<K> = {
    srv: {} as TestServer,
    c: {} as Cast,
    keys: {} as Record<K, string>,
    app: {} as PluginApp,
  };
  beforeAll(async () => {
    const started = await startTestServer({
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.env ? { env: opts.env } : {}),
    });
    Object.assign(suite.srv, started);
    if (opts.cast) Object.assign(suite.c, await cast(started));
    for (const [name, scopes] of Object.entries<ApiKeyScope[]>(opts.keys ?? {})) {
      suite.keys[name as K] = await started.createApiKey(scopes);
    }
    if (opts.pluginApp) {
      Object.assign(suite.app, await startPluginApp(started.url));
      await fetch(`${started.url}/webhooks/v1/public-keys`);
    }
  }, opts.timeout ?? 120_000);
  afterAll(async () => {
    await suite.app.close?.();
    await suite.srv.close?.();
  });
  return suite;
}

/** After each test: no service-plugin implementation stays registered, and the plugin app forgets the calls it got. */
export function clearPluginsAfterEach({ srv, app }: { srv: TestServer; app: PluginApp }): void {
  afterEach(async () => {
    for (const impl of await listImplementations(srv.ctx())) await deleteImplementation(srv.ctx(), impl.id);
    app.received.length = 0;
  });
}
