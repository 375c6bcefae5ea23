import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { sendMail } from '../mail/index.js';
import { getSite } from '../site/index.js';
import { onDeliveryNudge } from './nudge.js';
import { postWebhook, type SendResult } from './send.js';
import { allowPrivateTargets } from './settings.js';
import { signAppJwt } from './signing.js';

/** A claimed delivery: the fencing token is `attempts` as the claim set it. */
interface Claimed {
  id: string;
  subscription_id: string;
  attempts: number;
  retry_until: Date | string;
  url: string;
  envelope: EventEnvelope;
}

/** Pruning runs at most this often per node. */
const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_BATCH = 5000;

/**
 * Claims up to `limit` due deliveries. A delivery is due when PENDING, its time has come, no live lease holds it,
 * its subscription is enabled and not paused, and no earlier event of the same entity is still PENDING for the same
 * subscription (order per subscription and entity). SKIP LOCKED lets every node claim at once without two taking one
 * row; the lease (`locked_until`) keeps a claimed row from others until the attempt is recorded or the node died.
 */
async function claim(ctx: Ctx, limit: number): Promise<Claimed[]> {
  const now = ctx.clock();
  const lease = new Date(now.getTime() + ctx.config.webhooks.leaseMs).toISOString();
  const result = await ctx.db.execute(sql`
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, locked_until = ${lease}::timestamptz
    FROM (
      SELECT d2.id FROM webhook_deliveries d2
      JOIN webhook_subscriptions s ON s.id = d2.subscription_id AND s.enabled AND s.paused_date IS NULL
      WHERE d2.status = 'PENDING' AND d2.next_attempt_date <= ${now.toISOString()}::timestamptz
        AND (d2.locked_until IS NULL OR d2.locked_until < ${now.toISOString()}::timestamptz)
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
          WHERE p.subscription_id = d2.subscription_id AND p.entity_id = d2.entity_id
            AND p.status = 'PENDING' AND p.event_seq < d2.event_seq)
      ORDER BY d2.next_attempt_date, d2.event_seq
      LIMIT ${limit}
      FOR UPDATE OF d2 SKIP LOCKED
    ) c
    WHERE d.id = c.id
    RETURNING d.id, d.subscription_id, d.attempts, d.retry_until,
      (SELECT url FROM webhook_subscriptions WHERE id = d.subscription_id) AS url,
      (SELECT envelope FROM domain_events WHERE id = d.event_id) AS envelope`);
  return (result as { rows: Claimed[] }).rows;
}

/**
 * The wait before retry `attempt + 1`: base × 2^(attempt−1), capped, with full jitter on the upper half (so a burst
 * of failures spreads out instead of retrying in lockstep).
 */
export function backoffMs(attempt: number, cfg: { retryBaseMs: number; retryMaxDelayMs: number }): number {
  const ceiling = Math.min(cfg.retryMaxDelayMs, cfg.retryBaseMs * 2 ** Math.min(attempt - 1, 40));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * Records one attempt in a single statement (one round trip, atomic without a transaction): the delivery's outcome,
 * the attempt log row and the subscription's failure count, pausing it when the count reaches the threshold. Only
 * while this claim still owns the delivery (`attempts` is the fencing token; another node may have retaken it).
 */
async function record(ctx: Ctx, d: Claimed, r: SendResult): Promise<void> {
  const now = ctx.clock();
  const at = now.toISOString();
  const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
  let outcome;
  if (ok) outcome = sql`status = 'SUCCEEDED', delivered_date = ${at}::timestamptz`;
  else {
    const next = new Date(now.getTime() + backoffMs(d.attempts, ctx.config.webhooks));
    outcome =
      next.getTime() > new Date(d.retry_until).getTime()
        ? sql`status = 'FAILED'`
        : sql`next_attempt_date = ${next.toISOString()}::timestamptz`;
  }
  const threshold = ctx.config.webhooks.pauseAfterFailures;
  const subscription = ok
    ? sql`UPDATE webhook_subscriptions SET consecutive_failures = 0
        WHERE id IN (SELECT subscription_id FROM d) AND consecutive_failures <> 0
        RETURNING url, consecutive_failures, false AS just_paused`
    : sql`UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1,
          paused_date = CASE WHEN consecutive_failures + 1 >= ${threshold} AND paused_date IS NULL
            THEN ${at}::timestamptz ELSE paused_date END,
          paused_reason = CASE WHEN consecutive_failures + 1 >= ${threshold} AND paused_date IS NULL
            THEN 'FAILING' ELSE paused_reason END
        WHERE id IN (SELECT subscription_id FROM d)
        RETURNING url, consecutive_failures, (paused_reason = 'FAILING' AND paused_date = ${at}::timestamptz) AS just_paused`;
  const result = await ctx.db.execute(sql`
    WITH d AS (
      UPDATE webhook_deliveries SET ${outcome}, last_status_code = ${r.statusCode}, locked_until = NULL
      WHERE id = ${d.id} AND attempts = ${d.attempts} AND status = 'PENDING'
      RETURNING id, subscription_id
    ), a AS (
      INSERT INTO webhook_attempts (id, delivery_id, attempt, date, status_code, latency_ms, response_excerpt, error)
      SELECT ${uuidv7(now.getTime())}, d.id, ${d.attempts}, ${at}::timestamptz, ${r.statusCode}, ${r.latencyMs},
        ${r.responseExcerpt.replace(/\0/g, '')}, ${r.error}
      FROM d
    ), s AS (${subscription})
    SELECT url, consecutive_failures, just_paused FROM s`);
  const row = (result as { rows: Array<{ url: string; consecutive_failures: number; just_paused: boolean }> }).rows[0];
  if (row?.just_paused) await tellOwnerPaused(ctx, row.url, row.consecutive_failures);
}

/** Mails the site's owners that a subscription was paused for failing (the dashboard can resume it). */
async function tellOwnerPaused(ctx: Ctx, url: string, failures: number): Promise<void> {
  try {
    const site = await getSite(ctx);
    const owners = await ctx.db.execute(
      sql`SELECT login_email AS email FROM members WHERE role = 'OWNER' ORDER BY created_date LIMIT 5`,
    );
    for (const { email } of (owners as { rows: Array<{ email: string }> }).rows) {
      await sendMail(ctx, {
        to: email,
        template: 'WEBHOOK_PAUSED',
        data: { siteName: site.name, link: `${ctx.config.publicUrl}/admin/developers/webhooks`, url, failures },
      });
    }
  } catch (err) {
    ctx.log.error({ err }, 'could not tell the owner about a paused webhook');
  }
}

/** Deletes events older than the retention that have nothing left to deliver (their deliveries go with them). */
export async function pruneEvents(ctx: Ctx): Promise<number> {
  const before = new Date(ctx.clock().getTime() - ctx.config.webhooks.pruneAfterDays * 86_400_000).toISOString();
  const result = await ctx.db.execute(sql`
    DELETE FROM domain_events WHERE id IN (
      SELECT e.id FROM domain_events e
      WHERE e.created_date < ${before}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'PENDING')
      LIMIT ${PRUNE_BATCH})`);
  return (result as { affectedRows?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0;
}

/** One attempt: signs the event, posts it and records the answer (unless the worker was killed meanwhile). */
async function deliverOne(ctx: Ctx, d: Claimed, allowPrivate: boolean, signal: AbortSignal): Promise<void> {
  const jwt = await signAppJwt(ctx, { ...d.envelope });
  const result = await postWebhook(d.url, jwt, {
    timeoutMs: ctx.config.webhooks.timeoutMs,
    allowPrivate,
    signal,
  });
  if (signal.aborted) return;
  await record(ctx, d, result);
}

export interface DeliveryWorker {
  /** Stops claiming and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
  /** Stops at once, abandoning attempts in flight unrecorded, as a crashed node would (tests). */
  kill(): void;
}

/**
 * Delivers webhooks: claims a batch of due deliveries (up to `concurrency`), sends them in parallel, records each
 * attempt, and repeats; idle, it waits `pollMs` or until an event is written on this node. Runs on every node.
 */
export function startDeliveryWorker(ctx: Ctx, opts: { pollMs: number }): DeliveryWorker {
  let stopped = false;
  let wake: (() => void) | undefined;
  let pending = false;
  let lastPrune = 0;
  const abort = new AbortController();
  const off = onDeliveryNudge(() => {
    pending = true;
    wake?.();
  });
  const idle = () =>
    new Promise<void>((resolve) => {
      if (pending || stopped) return resolve();
      const timer = setTimeout(resolve, opts.pollMs);
      wake = () => {
        clearTimeout(timer);
        // The event may belong to a transaction that has not committed yet: look again very soon.
        setTimeout(resolve, 10);
      };
    });
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    while (!stopped) {
      pending = false;
      try {
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          await pruneEvents(ctx);
        }
        // Keeps up to `concurrency` attempts in flight: claims more as soon as one finishes, not per batch.
        const free = ctx.config.webhooks.concurrency - inFlight.size;
        const batch = free > 0 ? await claim(ctx, free) : [];
        if (batch.length) {
          const allowPrivate = await allowPrivateTargets(ctx);
          for (const d of batch) {
            const p: Promise<void> = deliverOne(ctx, d, allowPrivate, abort.signal)
              .catch((err: unknown) => {
                if (!abort.signal.aborted) ctx.log.error({ err, deliveryId: d.id }, 'webhook delivery failed');
              })
              .finally(() => {
                inFlight.delete(p);
                pending = true;
                wake?.();
              });
            inFlight.add(p);
          }
          // PGlite runs queries on this thread: let waiting HTTP requests in between claims.
          await new Promise((resolve) => setImmediate(resolve));
          if (batch.length === free) await Promise.race(inFlight);
          continue;
        }
      } catch (err) {
        if (stopped) break;
        ctx.log.error({ err }, 'webhook claim failed');
      }
      await idle();
      wake = undefined;
    }
    await Promise.all(inFlight);
  })();
  return {
    stop: async () => {
      stopped = true;
      off();
      wake?.();
      await loop;
    },
    kill: () => {
      stopped = true;
      off();
      abort.abort();
      wake?.();
    },
  };
}
