import type pg from 'pg';
import { expect } from 'vitest';
import type { Placement } from './load.js';

// What the database holds after the load, checked against what the shoppers were told and the receivers got.

type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

export const querier =
  (pool: pg.Pool): Query =>
  async <T>(text: string, values: unknown[] = []) =>
    (await pool.query(text, values)).rows as T[];

/** Polls `check` every 100 ms until it is true; fails naming `what` after `ms`. */
export async function within(what: string, ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

/**
 * Every acknowledged order is stored once, as acknowledged; a placement that got no answer has at most one order;
 * no order belongs to anyone else. Returns the orders by checkout and how many were committed but never answered.
 */
export async function checkOrders(q: Query, placements: Placement[]) {
  expect(await q(`select checkout_id from orders group by checkout_id having count(*) > 1`)).toEqual([]);
  const rows = await q<{ id: string; checkout_id: string }>(`select id, checkout_id from orders`);
  const byCheckout = new Map(rows.map((r) => [r.checkout_id, r.id]));
  for (const p of placements) if (p.orderId) expect(byCheckout.get(p.checkoutId), p.checkoutId).toBe(p.orderId);
  const known = new Set(placements.map((p) => p.checkoutId));
  expect(rows.filter((r) => !known.has(r.checkout_id))).toEqual([]);
  const unanswered = placements.filter((p) => !p.orderId && byCheckout.has(p.checkoutId)).length;
  // The confirmation is written in the order's transaction: one per order, never two.
  const mails = await q<{ to: string; n: number }>(
    `select "to", count(*)::int as n from mail_messages where template = 'ORDER_PLACED' group by "to"`,
  );
  expect(mails.filter((m) => m.n !== 1)).toEqual([]);
  expect(mails.length).toBe(rows.length);
  return { orders: rows.length, unanswered };
}

/**
 * ORDER_DOWNLOAD_LINKS, queued by each placement: one job per order, run once (attempts 1, COMPLETED), one e-mail per
 * buyer. A job the killed node had claimed stays RUNNING until its lease (60 s) runs out and another node retakes it;
 * those are counted, not waited for. Waits up to `ms` for the rest.
 */
export async function checkJobs(q: Query, ms: number) {
  expect(
    await q(`select payload->>'orderId' from jobs where kind = 'ORDER_DOWNLOAD_LINKS' group by 1 having count(*) > 1`),
  ).toEqual([]);
  const [{ orders }] = (await q<{ orders: number }>(`select count(*)::int as orders from orders`)) as [
    { orders: number },
  ];
  const unfinished = `select count(*)::int as n from jobs where kind = 'ORDER_DOWNLOAD_LINKS'
    and not (status = 'COMPLETED' or (status = 'RUNNING' and locked_until > now()))`;
  await within('download-link jobs finished', ms, async () => (await q<{ n: number }>(unfinished))[0]!.n === 0);
  const jobs = await q<{ status: string; attempts: number; n: number }>(
    `select status, attempts, count(*)::int as n from jobs where kind = 'ORDER_DOWNLOAD_LINKS' group by 1, 2`,
  );
  const count = (f: (j: (typeof jobs)[number]) => boolean) => jobs.filter(f).reduce((n, j) => n + j.n, 0);
  expect(count(() => true)).toBe(orders);
  expect(count((j) => j.status === 'COMPLETED' && j.attempts !== 1)).toBe(0);
  const orphaned = count((j) => j.status === 'RUNNING');
  const mails = await q<{ n: number }>(
    `select count(*)::int as n from mail_messages where template = 'DOWNLOAD_LINKS' group by "to"`,
  );
  expect(mails.filter((m) => m.n !== 1)).toEqual([]);
  // A job that committed its e-mail and died before it was marked done has its mail: at most `orphaned` more.
  expect(mails.length).toBeGreaterThanOrEqual(count((j) => j.status === 'COMPLETED'));
  expect(mails.length).toBeLessThanOrEqual(orders);
  return { jobs: count(() => true), completed: count((j) => j.status === 'COMPLETED'), orphaned };
}

interface Receiver {
  received: Array<{ event: { id: string } }>;
}

/**
 * Every order's `ecom.order.created` reaches every subscription: all deliveries SUCCEEDED (waits up to `ms`), each
 * receiver got each event, and a second copy only of a delivery whose first attempt was never recorded (the node
 * died between sending and recording: at least once, as docs/events.md says).
 */
export async function checkWebhooks(q: Query, subscriptions: string[], receivers: Receiver[], ms: number) {
  await within(
    'webhook backlog drained',
    ms,
    async () =>
      (await q<{ n: number }>(`select count(*)::int as n from webhook_deliveries where status <> 'SUCCEEDED'`))[0]!
        .n === 0,
  );
  const events = await q<{ id: string }>(`select id from domain_events where event_type = 'ecom.order.created'`);
  const deliveries = await q<{ event_id: string; subscription_id: string; attempts: number; recorded: number }>(
    `select d.event_id, d.subscription_id, d.attempts, (select count(*)::int from webhook_attempts a
       where a.delivery_id = d.id) as recorded from webhook_deliveries d`,
  );
  let duplicates = 0;
  let delivered = 0;
  for (const [i, receiver] of receivers.entries()) {
    const copies = new Map<string, number>();
    for (const r of receiver.received) copies.set(r.event.id, (copies.get(r.event.id) ?? 0) + 1);
    const unrecorded = new Set(
      deliveries
        .filter((d) => d.subscription_id === subscriptions[i] && d.attempts > d.recorded)
        .map((d) => d.event_id),
    );
    for (const e of events) {
      const n = copies.get(e.id) ?? 0;
      expect(n, `event ${e.id} at subscription ${i}`).toBeGreaterThanOrEqual(1);
      if (n > 1) expect(unrecorded.has(e.id), `event ${e.id} delivered ${n} times`).toBe(true);
      duplicates += n - 1;
      delivered += n;
    }
    expect(receiver.received.length).toBe([...copies.values()].reduce((a, b) => a + b, 0));
    expect([...copies.keys()].every((id) => events.some((e) => e.id === id))).toBe(true);
  }
  return { events: events.length, delivered, duplicates };
}
