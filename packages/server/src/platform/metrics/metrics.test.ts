import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { appCode, call } from '../../../test/http.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { createProduct } from '../../store/catalog/testing.js';
import { cardToken, checkoutFor, DECLINED_CARD, placeAndCharge } from '../../store/orders/testing.js';
import { enqueueJob } from '../jobs/service.js';
import { startJobWorker } from '../jobs/worker.js';
import { FAST_WEBHOOKS, startReceiver, waitFor } from '../webhooks/testing.js';
import { startDeliveryWorker } from '../webhooks/worker.js';
import { emit } from '../webhooks/testing.js';

const TOKEN = 'scrape-me-0123456789abcdef';
// The app's own workers are off: the tests run the real workers themselves, so a job can be made to fail.
const { srv, c, keys } = serverSuite({
  env: { ...FAST_WEBHOOKS, PLAZA_METRICS_TOKEN: TOKEN, PLAZA_JOB_WORKER: 'off' },
  cast: true,
  keys: { webhooks: ['webhooks'] },
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format's samples (comments skipped); throws on a line that is not one. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await res.text());
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('/metrics', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer();
  }, 60_000);
  afterAll(() => off.close());

  it('is not there when no token is configured (the default)', async () => {
    const res = await call(off.url, 'GET', '/metrics', { auth: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(appCode(res.body)).toBe('NOT_FOUND');
  });

  it('refuses a missing or wrong token with 401 in the error shape', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await call(srv.url, 'GET', '/metrics', auth ? { auth } : {});
      expect(res.status, String(auth)).toBe(401);
      expect(appCode(res.body)).toBe('UNAUTHENTICATED');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(JSON.stringify(res.body)).not.toContain('plaza_');
    }
  });

  it('counts a request under its route pattern and status, never its raw URL', async () => {
    const id = randomUUID();
    const before = valueOf(await scrape(), 'plaza_http_request_duration_seconds_count', {
      route: '/catalog/v1/products/:productId',
      status: '404',
    });
    expect((await call(srv.url, 'GET', `/catalog/v1/products/${id}`, { auth: c.visitor })).status).toBe(404);
    const samples = await scrape();
    const after = valueOf(samples, 'plaza_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/catalog/v1/products/:productId',
      status: '404',
    });
    expect(after).toBe((before ?? 0) + 1);
    expect(
      valueOf(samples, 'plaza_http_request_duration_seconds_bucket', {
        route: '/catalog/v1/products/:productId',
        status: '404',
        le: '+Inf',
      }),
    ).toBe(after);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
    // The database pool: PGlite is one connection; node-postgres' pool has at least the one that answered.
    expect(valueOf(samples, 'plaza_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'plaza_db_pool_waiting')).toBe(0);
  });

  it('a job that fails after its last attempt moves plaza_jobs{status="failed"}', async () => {
    const before = valueOf(await scrape(), 'plaza_jobs', { status: 'failed' }) ?? 0;
    let now = Date.now();
    const clock = () => new Date(now);
    const worker = startJobWorker(
      { ...srv.ctx(), clock },
      {
        MEMBERS_BULK_DELETE: () => {
          throw new Error('the mail server went away');
        },
      },
      10,
    );
    // A job due in ten years is surely still queued when scraped (a due one may be claimed first: workers poll fast).
    const decade = new Date(Date.now() + 10 * 365 * 86_400_000);
    await enqueueJob(srv.ctx(), { kind: 'MEMBERS_BULK_DELETE', payload: {}, runAt: decade });
    expect(valueOf(await scrape(), 'plaza_jobs', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    await enqueueJob({ ...srv.ctx(), clock }, { kind: 'MEMBERS_BULK_DELETE', payload: {} });
    // Each retry waits 2^attempt seconds: move the worker's clock past it.
    const timer = setInterval(() => (now += 10_000), 15);
    try {
      await waitFor(async () => (valueOf(await scrape(), 'plaza_jobs', { status: 'failed' }) ?? 0) > before, 20_000);
    } finally {
      clearInterval(timer);
      await worker.stop();
    }
  });

  it('a webhook delivery whose retry window closes moves plaza_webhook_deliveries{status="failed"}', async () => {
    const receiver = await startReceiver((_r, res) => {
      res.statusCode = 503;
      res.end();
    });
    srv.config.webhooks.retryWindowMs = 1500;
    const worker = startDeliveryWorker(srv.ctx(), { pollMs: 50 });
    try {
      const before = valueOf(await scrape(), 'plaza_webhook_deliveries', { status: 'failed' }) ?? 0;
      const sub = await call<{ subscription: { id: string } }>(srv.url, 'POST', '/webhooks/v1/subscriptions', {
        auth: keys.webhooks,
        body: { subscription: { url: receiver.url, eventTypes: ['reviews.review.deleted'] } },
      });
      expect(sub.status).toBe(201);
      await emit(srv, 'reviews.review.deleted', 'metrics-fails');
      await waitFor(
        async () => (valueOf(await scrape(), 'plaza_webhook_deliveries', { status: 'failed' }) ?? 0) === before + 1,
        20_000,
      );
      expect(receiver.received.length).toBeGreaterThan(1);
    } finally {
      await worker.stop();
      srv.config.webhooks.retryWindowMs = 30_000;
      await receiver.close();
    }
  });

  it('a declined card moves the failed placement and payment counters, a placed order its own', async () => {
    const tee: Product = await createProduct(srv, c.owner, {
      price: { amount: '20.00' },
      inventory: { trackQuantity: true, quantity: 10 },
    });
    const counters = async () => {
      const s = await scrape();
      return {
        placed: valueOf(s, 'plaza_orders_placed_total') ?? -1,
        failed: valueOf(s, 'plaza_order_placements_failed_total') ?? -1,
        declined: valueOf(s, 'plaza_payments_failed_total') ?? -1,
      };
    };
    const before = await counters();
    const co = await checkoutFor(srv, c.visitor, tee, 1);
    const declined = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor, DECLINED_CARD));
    expect(appCode(declined.body)).toBe('PAYMENT_DECLINED');
    expect(await counters()).toEqual({ ...before, failed: before.failed + 1, declined: before.declined + 1 });

    const paid = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(paid.status).toBe(200);
    expect(await counters()).toEqual({
      placed: before.placed + 1,
      failed: before.failed + 1,
      declined: before.declined + 1,
    });
  });
});
