import type { App } from './types.js';

/**
 * Lets the server stop without cutting work in half: route handlers still running when it closes (a client that gave
 * up does not stop its request's handler) finish before the database closes. Register before any route.
 */
export function drainHandlersOnClose(app: App, timeoutMs = 20_000): void {
  let running = 0;
  let idle: (() => void) | undefined;
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (this: unknown, ...args: unknown[]) => unknown;
    // Counts the promise an async handler returns; a handler that answers by callback (static files) is left as is.
    route.handler = function (this: unknown, req, reply) {
      const result = handler.call(this, req, reply);
      if (!(result instanceof Promise)) return result;
      running++;
      return result.finally(() => {
        if (--running === 0) idle?.();
      });
    };
  });
  // preClose: new requests are already answered 503, and every onClose (the database's) comes after it.
  app.addHook('preClose', async () => {
    if (running === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}
