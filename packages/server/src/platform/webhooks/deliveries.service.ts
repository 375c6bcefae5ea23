import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  ListWebhookDeliveriesQuery,
  ListWebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryDetails,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { notFound, violation } from '../../kernel/errors.js';
import { eventEnvelope } from '../events/index.js';
import { nudgeDeliveries } from './nudge.js';
import { webhookAttempts, webhookDeliveries, webhookSubscriptions } from './tables.js';

type Row = typeof webhookDeliveries.$inferSelect;

export function toDelivery(r: Row): WebhookDelivery {
  return {
    id: r.id,
    subscriptionId: r.subscriptionId,
    eventId: r.eventId,
    eventType: r.eventType,
    entityId: r.entityId,
    status: r.status as WebhookDelivery['status'],
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    nextAttemptDate: r.status === 'PENDING' ? r.nextAttemptDate.toISOString() : null,
    createdDate: r.createdDate.toISOString(),
    deliveredDate: r.deliveredDate?.toISOString() ?? null,
  };
}

async function assertSubscription(ctx: Ctx, id: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id));
  if (!row) throw notFound('Webhook subscription');
}

/** Cursor: the last row's event sequence and id, so pages stay stable while new deliveries arrive. */
const encodeCursor = (r: Row) => Buffer.from(`${r.eventSeq}:${r.id}`).toString('base64url');
function decodeCursor(cursor: string): { seq: number; id: string } {
  const [seq, id] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (!seq || !/^\d+$/.test(seq) || !id || !/^[0-9a-f-]{36}$/.test(id)) {
    throw violation('cursor', 'FORMAT', 'cursor is not one this list handed out');
  }
  return { seq: Number(seq), id };
}

/** GET /webhooks/v1/subscriptions/{id}/deliveries: newest event first, cursor paging, optional status filter. */
export async function listDeliveries(
  ctx: Ctx,
  subscriptionId: string,
  q: ListWebhookDeliveriesQuery,
): Promise<ListWebhookDeliveriesResponse> {
  await assertSubscription(ctx, subscriptionId);
  const limit = q.limit ?? 50;
  const conditions: SQL[] = [eq(webhookDeliveries.subscriptionId, subscriptionId)];
  if (q.status) conditions.push(eq(webhookDeliveries.status, q.status));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(
      or(
        lt(webhookDeliveries.eventSeq, c.seq),
        and(eq(webhookDeliveries.eventSeq, c.seq), lt(webhookDeliveries.id, c.id)),
      )!,
    );
  }
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.eventSeq), desc(webhookDeliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  return {
    deliveries: page.map(toDelivery),
    pagingMetadata: { count: page.length, cursors: { next: hasNext ? encodeCursor(page.at(-1)!) : null }, hasNext },
  };
}

async function loadDelivery(ctx: Ctx, subscriptionId: string, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.subscriptionId, subscriptionId)));
  if (!row) throw notFound('Webhook delivery');
  return row;
}

/** GET …/deliveries/{deliveryId}: the delivery, its event and every attempt. */
export async function getDelivery(ctx: Ctx, subscriptionId: string, id: string): Promise<WebhookDeliveryDetails> {
  const row = await loadDelivery(ctx, subscriptionId, id);
  const event = await eventEnvelope(ctx, row.eventId);
  const attempts = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.date));
  return {
    delivery: toDelivery(row),
    event: event!,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      date: a.date.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}

/** Makes deliveries due now with a fresh retry window (a FAILED or SUCCEEDED one goes out again). */
function requeue(ctx: Ctx) {
  const now = ctx.clock();
  return {
    status: 'PENDING',
    nextAttemptDate: now,
    retryUntil: new Date(now.getTime() + ctx.config.webhooks.retryWindowMs),
    lockedUntil: null,
  };
}

/** POST …/deliveries/{deliveryId}/redeliver. A delivery in flight is left to finish (409 would be noise: 200, 0). */
export async function redeliverOne(ctx: Ctx, subscriptionId: string, id: string): Promise<number> {
  await loadDelivery(ctx, subscriptionId, id);
  const now = ctx.clock().toISOString();
  const updated = await ctx.db
    .update(webhookDeliveries)
    .set(requeue(ctx))
    .where(
      and(
        eq(webhookDeliveries.id, id),
        sql`(${webhookDeliveries.lockedUntil} IS NULL OR ${webhookDeliveries.lockedUntil} < ${now}::timestamptz)`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (updated.length) nudgeDeliveries();
  return updated.length;
}

/** POST …/redeliver-failed: every FAILED delivery of the subscription goes out again, in event order. */
export async function redeliverFailed(ctx: Ctx, subscriptionId: string): Promise<number> {
  await assertSubscription(ctx, subscriptionId);
  const updated = await ctx.db
    .update(webhookDeliveries)
    .set(requeue(ctx))
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'FAILED')))
    .returning({ id: webhookDeliveries.id });
  if (updated.length) nudgeDeliveries();
  return updated.length;
}
