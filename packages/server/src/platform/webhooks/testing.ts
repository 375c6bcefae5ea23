import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import type { EventEnvelope, EventType } from '@plaza/contracts';
import { withTx } from '../../kernel/context.js';
import type { TestServer } from '../../test/harness.js';
import { emitEvent } from '../events/outbox.js';

export interface Received {
  jwt: string;
  event: EventEnvelope;
  contentType: string | undefined;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 for the delivery tests. `respond` decides each answer (default 200); it may
 * never answer (a hanging receiver, for timeouts).
 */
export async function startReceiver(
  respond: (r: Received, res: ServerResponse, req: IncomingMessage) => void | Promise<void> = (_r, res) => {
    res.end('ok');
  },
) {
  const received: Received[] = [];
  const state = { respond };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const jwt = Buffer.concat(chunks).toString();
      const r = {
        jwt,
        event: decodeJwt(jwt) as unknown as EventEnvelope,
        contentType: req.headers['content-type'],
        at: Date.now(),
      };
      received.push(r);
      void state.respond(r, res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    set respond(fn: typeof respond) {
      state.respond = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes one event through the real outbox, as a service would. */
export async function emit(srv: TestServer, type: EventType, entityId: string, body: unknown = {}): Promise<string> {
  return withTx(srv.ctx(), async (tx) => (await emitEvent(tx, { type, entityId, entity: body, body }))!);
}

/** Polls `check` until it returns a value (not undefined/false) or the time is up. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 45_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Fast retry timings for tests (the harness' server reads them from the environment). */
export const FAST_WEBHOOKS = {
  // Long enough that a busy test machine (PGlite shares the thread) does not time out a receiver that answers.
  // Tests that need a short timeout or retry window set them on srv.config.webhooks for their own run.
  PLAZA_WEBHOOK_TIMEOUT_MS: '5000',
  PLAZA_WEBHOOK_RETRY_BASE_MS: '60',
  PLAZA_WEBHOOK_RETRY_MAX_DELAY_MS: '250',
  PLAZA_WEBHOOK_RETRY_WINDOW_MS: '30000',
  PLAZA_WEBHOOK_LEASE_MS: '10000',
};
