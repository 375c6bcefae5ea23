import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainHandlersOnClose } from './drain.js';
import type { App } from './types.js';

describe('closing the server', () => {
  it('waits for running handlers before closing hooks (the database) run; callback handlers still answer', async () => {
    const app = Fastify() as unknown as App;
    drainHandlersOnClose(app, 5_000);
    const events: string[] = [];
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    app.get('/slow', { config: { access: 'public' } }, async () => {
      await slow;
      events.push('handler done');
      return { ok: true };
    });
    app.get('/callback', { config: { access: 'public' } }, (_req, reply) => {
      setImmediate(() => void reply.send({ ok: 'later' }));
    });
    app.addHook('onClose', async () => void events.push('database closed'));
    await app.ready();

    expect((await app.inject('/callback')).json()).toEqual({ ok: 'later' });
    const request = app.inject('/slow');
    await new Promise((r) => setTimeout(r, 20)); // the handler is now waiting
    const closed = app.close().then(() => events.push('closed'));
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([]); // still draining
    finish();
    await closed;
    expect((await request).json()).toEqual({ ok: true });
    expect(events).toEqual(['handler done', 'database closed', 'closed']);
  });
});
