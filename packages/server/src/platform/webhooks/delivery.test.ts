import { asc, eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/http.js';
import { type TestServer } from '../../test/harness.js';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { mailMessages } from '../mail/tables.js';
import { webhookAttempts, webhookDeliveries } from './tables.js';
import { emit, FAST_WEBHOOKS, startReceiver, waitFor } from './testing.js';
import { startDeliveryWorker } from './worker.js';

const { srv, keys } = serverSuite({ env: FAST_WEBHOOKS, keys: { webhooks: ['webhooks'] } });

async function subscribe(url: string, eventTypes = ['members.member.updated'], extra: Record<string, unknown> = {}) {
  const res = await call<{ subscription: { id: string } }>(srv.url, 'POST', '/webhooks/v1/subscriptions', {
    auth: keys.webhooks,
    body: { subscription: { url, eventTypes, ...extra } },
  });
  expect(res.status).toBe(201);
  return res.body.subscription.id;
}

const deliveriesOf = (subscriptionId: string) =>
  srv.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(asc(webhookDeliveries.eventSeq));

const attemptsOf = (deliveryId: string) =>
  srv.database.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attempt));

const settled = (subscriptionId: string, n: number) =>
  waitFor(async () => {
    const rows = await deliveriesOf(subscriptionId);
    return rows.length >= n && rows.every((d) => d.status !== 'PENDING') && rows;
  });

describe('webhook delivery', () => {
  it('POSTs the event as an ES256 JWT that verifies with /webhooks/v1/public-keys', async () => {
    const receiver = await startReceiver();
    try {
      const sub = await subscribe(receiver.url, ['members.member.created']);
      const eventId = await emit(srv, 'members.member.created', 'entity-jwt', { id: 'entity-jwt' });
      const [d] = await settled(sub, 1);
      expect(d!.status).toBe('SUCCEEDED');
      expect(receiver.received).toHaveLength(1);
      const r = receiver.received[0]!;
      expect(r.contentType).toBe('application/jwt');
      const jwks = await (await fetch(`${srv.url}/webhooks/v1/public-keys`)).json();
      const { payload, protectedHeader } = await jwtVerify(r.jwt, createLocalJWKSet(jwks as never), {
        algorithms: ['ES256'],
        issuer: srv.config.publicUrl,
      });
      expect(protectedHeader.kid).toBeTruthy();
      expect(payload).toMatchObject({ id: eventId, eventType: 'members.member.created', entityId: 'entity-jwt' });
      const [a] = await attemptsOf(d!.id);
      expect(a).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: 'ok', error: null });
    } finally {
      await receiver.close();
    }
  });

  it('delivers the events of one entity in order, even when the receiver answers at random speeds', async () => {
    const receiver = await startReceiver((_r, res) => {
      setTimeout(() => res.end('ok'), Math.random() * 20);
    });
    try {
      const sub = await subscribe(receiver.url, ['members.member.deleted']);
      const sent: Record<string, string[]> = { a: [], b: [] };
      for (let i = 0; i < 12; i++) {
        const entity = i % 2 ? 'a' : 'b';
        sent[entity]!.push(await emit(srv, 'members.member.deleted', `order-${entity}`, { i }));
      }
      await settled(sub, 12);
      for (const entity of ['a', 'b']) {
        const got = receiver.received.filter((r) => r.event.entityId === `order-${entity}`).map((r) => r.event.id);
        expect(got).toEqual(sent[entity]);
      }
    } finally {
      await receiver.close();
    }
  });

  it('retries after a 500 with growing back-off, then succeeds; later events of the entity wait their turn', async () => {
    let calls = 0;
    const receiver = await startReceiver((_r, res) => {
      calls++;
      res.statusCode = calls <= 2 ? 500 : 200;
      res.end(calls <= 2 ? 'x'.repeat(5000) : 'ok');
    });
    try {
      const sub = await subscribe(receiver.url, ['reviews.review.created']);
      const first = await emit(srv, 'reviews.review.created', 'retry-500');
      const second = await emit(srv, 'reviews.review.created', 'retry-500');
      const [d] = await settled(sub, 2);
      expect(d!.status).toBe('SUCCEEDED');
      const attempts = await attemptsOf(d!.id);
      expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
      expect(attempts[0]!.responseExcerpt).toHaveLength(1024);
      const times = receiver.received.filter((r) => r.event.id === first).map((r) => r.at);
      // Back-off: at least half the ceiling (60 ms, then 120 ms) between tries.
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(25);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(55);
      expect(receiver.received.map((r) => r.event.id)).toEqual([first, first, first, second]);
    } finally {
      await receiver.close();
    }
  });

  it('retries after a timeout (no answer within the attempt timeout)', async () => {
    let calls = 0;
    const receiver = await startReceiver((_r, res) => {
      if (++calls === 1) return; // never answers
      res.end('ok');
    });
    srv.config.webhooks.timeoutMs = 1500;
    try {
      const sub = await subscribe(receiver.url, ['reviews.review.updated']);
      await emit(srv, 'reviews.review.updated', 'retry-timeout');
      const [d] = await settled(sub, 1);
      expect(d!.status).toBe('SUCCEEDED');
      const attempts = await attemptsOf(d!.id);
      expect(attempts).toHaveLength(2);
      expect(attempts[0]).toMatchObject({ statusCode: null });
      expect(attempts[0]!.error).toMatch(/no answer within 1500 ms/);
      expect(attempts[0]!.latencyMs).toBeGreaterThanOrEqual(1490);
    } finally {
      srv.config.webhooks.timeoutMs = 5000;
      await receiver.close();
    }
  });

  it('marks a delivery FAILED when the retry window closes; redeliver-failed sends it again', async () => {
    let ok = false;
    const receiver = await startReceiver((_r, res) => {
      res.statusCode = ok ? 204 : 503;
      res.end();
    });
    srv.config.webhooks.retryWindowMs = 2500;
    try {
      const sub = await subscribe(receiver.url, ['reviews.review.deleted']);
      const eventId = await emit(srv, 'reviews.review.deleted', 'fails');
      const [d] = await settled(sub, 1);
      expect(d!.status).toBe('FAILED');
      expect(d!.attempts).toBeGreaterThan(2);
      expect(d!.lastStatusCode).toBe(503);

      const list = await call<{ deliveries: Array<{ id: string; status: string }> }>(
        srv.url,
        'GET',
        `/webhooks/v1/subscriptions/${sub}/deliveries?status=FAILED`,
        { auth: keys.webhooks },
      );
      expect(list.body.deliveries.map((x) => x.id)).toEqual([d!.id]);

      ok = true;
      const res = await call<{ redelivered: number }>(
        srv.url,
        'POST',
        `/webhooks/v1/subscriptions/${sub}/redeliver-failed`,
        {
          auth: keys.webhooks,
        },
      );
      expect(res.body.redelivered).toBe(1);
      const [again] = await settled(sub, 1);
      expect(again!.status).toBe('SUCCEEDED');
      expect(receiver.received.at(-1)!.event.id).toBe(eventId);

      const one = await call<{ redelivered: number }>(
        srv.url,
        'POST',
        `/webhooks/v1/subscriptions/${sub}/deliveries/${d!.id}/redeliver`,
        { auth: keys.webhooks },
      );
      expect(one.body.redelivered).toBe(1);
      await waitFor(async () => receiver.received.filter((r) => r.event.id === eventId).length >= 2 + d!.attempts - 1);
    } finally {
      srv.config.webhooks.retryWindowMs = 30_000;
      await receiver.close();
    }
  });

  it('pauses a subscription that keeps failing and tells the owner by mail; resume delivers what waited', async () => {
    srv.config.webhooks.pauseAfterFailures = 3;
    let ok = false;
    const receiver = await startReceiver((_r, res) => {
      res.statusCode = ok ? 200 : 500;
      res.end();
    });
    try {
      const sub = await subscribe(receiver.url, ['reviews.review.reply_set']);
      await emit(srv, 'reviews.review.reply_set', 'pausing');
      const paused = await waitFor(async () => {
        const res = await call<{ subscription: { status: string; pausedReason: string } }>(
          srv.url,
          'GET',
          `/webhooks/v1/subscriptions/${sub}`,
          { auth: keys.webhooks },
        );
        return res.body.subscription.status === 'PAUSED' && res.body.subscription;
      });
      expect(paused.pausedReason).toBe('FAILING');
      // The owner's mail is written just after the pause: wait for it rather than race it.
      const pausedMails = async () =>
        (await srv.database.db.select().from(mailMessages).where(eq(mailMessages.template, 'WEBHOOK_PAUSED'))).filter(
          (m) => m.text.includes(receiver.url),
        );
      await waitFor(async () => (await pausedMails()).length > 0);
      expect(await pausedMails()).toHaveLength(1);
      const countWhilePaused = receiver.received.length;
      await emit(srv, 'reviews.review.reply_set', 'pausing-2');
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received.length).toBe(countWhilePaused);

      ok = true;
      const resumed = await call(srv.url, 'POST', `/webhooks/v1/subscriptions/${sub}/resume`, { auth: keys.webhooks });
      expect(resumed.status).toBe(200);
      await waitFor(async () => receiver.received.some((r) => r.event.entityId === 'pausing-2'));
    } finally {
      srv.config.webhooks.pauseAfterFailures = 50;
      await receiver.close();
    }
  });

  it('two nodes on one database deliver each attempt once', { timeout: 90_000 }, async () => {
    const receiver = await startReceiver((_r, res) => {
      setTimeout(() => res.end('ok'), 5);
    });
    // Leases only matter when a node dies: here they must outlast a busy machine, so every attempt is one claim.
    Object.assign(srv.config.webhooks, { leaseMs: 60_000, timeoutMs: 20_000 });
    const node = await srv.secondNode();
    try {
      const sub = await subscribe(receiver.url, ['identity.identity.created']);
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) ids.push(await emit(srv, 'identity.identity.created', `two-nodes-${i % 20}`));
      const rows = await settled(sub, 60);
      expect(rows.filter((d) => d.status !== 'SUCCEEDED' || d.attempts !== 1)).toEqual([]);
      const got = receiver.received.filter((r) => ids.includes(r.event.id)).map((r) => r.event.id);
      expect(got).toHaveLength(60);
      expect(new Set(got).size).toBe(60);
      const attempts = await srv.database.db
        .select({ id: webhookAttempts.id })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(eq(webhookDeliveries.subscriptionId, sub));
      expect(attempts).toHaveLength(60);
    } finally {
      Object.assign(srv.config.webhooks, { leaseMs: 10_000, timeoutMs: 5000 });
      await node.close();
      await receiver.close();
    }
  });
});

describe('a worker that dies mid-delivery', () => {
  let node: TestServer;
  beforeAll(async () => {
    // No worker of its own: the test starts and kills them.
    node = await startTestServer({
      env: {
        ...FAST_WEBHOOKS,
        PLAZA_JOB_WORKER: 'off',
        PLAZA_WEBHOOK_LEASE_MS: '2000',
        PLAZA_WEBHOOK_TIMEOUT_MS: '1500',
      },
    });
  });
  afterAll(() => node?.close());

  it('loses nothing: the next worker retakes the delivery after the lease; the duplicate has the same event id', async () => {
    let first = true;
    const receiver = await startReceiver((_r, res) => {
      if (first) {
        first = false;
        return; // the first request hangs: the worker dies while waiting for it
      }
      res.end('ok');
    });
    try {
      const apiKey = await node.createApiKey(['webhooks']);
      const created = await call<{ subscription: { id: string } }>(node.url, 'POST', '/webhooks/v1/subscriptions', {
        auth: apiKey,
        body: { subscription: { url: receiver.url, eventTypes: ['members.member.updated'] } },
      });
      const sub = created.body.subscription.id;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await emit(node, 'members.member.updated', `crash-${i}`));

      const a = startDeliveryWorker(node.ctx(), { pollMs: 50 });
      await waitFor(async () => receiver.received.length >= 1);
      a.kill();
      const b = startDeliveryWorker(node.ctx(), { pollMs: 50 });
      try {
        const rows = await waitFor(async () => {
          const r = await node.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.subscriptionId, sub));
          return r.length === 5 && r.every((d) => d.status === 'SUCCEEDED') && r;
        });
        expect(rows).toHaveLength(5);
      } finally {
        await b.stop();
      }
      const got = receiver.received.map((r) => r.event.id);
      expect(new Set(got)).toEqual(new Set(ids));
      const dup = receiver.received[0]!.event.id;
      expect(got.filter((id) => id === dup)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
