import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  CreateWebhookSubscriptionRequest,
  UpdateWebhookSubscriptionRequest,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookSubscription,
  WebhookSubscriptionSummary,
} from '@plaza/contracts';
import { TEST_EVENT_TYPE, WEBHOOK_SUBSCRIPTION_MASK_PATHS } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { eventIdentity, insertEvent } from '../events/index.js';
import { toDelivery } from './deliveries.service.js';
import { checkTarget } from './targets.js';
import { webhookDeliveries, webhookSubscriptions } from './tables.js';

type Row = typeof webhookSubscriptions.$inferSelect;

export function toSubscription(r: Row): WebhookSubscription {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    eventTypes: r.eventTypes as WebhookSubscription['eventTypes'],
    entityId: r.entityId,
    enabled: r.enabled,
    status: r.pausedDate ? 'PAUSED' : 'ACTIVE',
    pausedReason: (r.pausedReason as WebhookSubscription['pausedReason']) ?? null,
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}

// Tests import the resolver hook from here, where it used to live.
export { setTargetResolverForTests } from './targets.js';

const createdBy = (ctx: Ctx) => {
  const who = eventIdentity(ctx.caller);
  return who.appId ? `app:${who.appId}` : who.ownerId ? `member:${who.ownerId}` : null;
};

/** POST /webhooks/v1/subscriptions */
export async function createSubscription(
  ctx: Ctx,
  req: CreateWebhookSubscriptionRequest,
): Promise<WebhookSubscription> {
  const s = req.subscription;
  await checkTarget(ctx, s.url, 'subscription.url');
  const now = ctx.clock();
  const [row] = await ctx.db
    .insert(webhookSubscriptions)
    .values({
      id: uuidv7(now.getTime()),
      name: s.name?.trim() ?? '',
      url: s.url,
      eventTypes: s.eventTypes,
      entityId: s.entityId ?? null,
      enabled: s.enabled ?? true,
      createdBy: createdBy(ctx),
      createdDate: now,
      updatedDate: now,
    })
    .returning();
  return toSubscription(row!);
}

async function loadRow(ctx: Ctx, id: string, lock = false): Promise<Row> {
  const q = ctx.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Webhook subscription');
  return row;
}

export async function getSubscription(ctx: Ctx, id: string): Promise<WebhookSubscription> {
  return toSubscription(await loadRow(ctx, id));
}

/** GET /webhooks/v1/subscriptions: newest first, each with its last delivery and delivery counts. */
export async function listSubscriptions(ctx: Ctx): Promise<WebhookSubscriptionSummary[]> {
  const rows = await ctx.db.select().from(webhookSubscriptions).orderBy(desc(webhookSubscriptions.createdDate));
  if (!rows.length) return [];
  const counts = await ctx.db
    .select({
      subscriptionId: webhookDeliveries.subscriptionId,
      status: webhookDeliveries.status,
      n: sql<number>`count(*)::int`,
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.subscriptionId, webhookDeliveries.status);
  const last = await ctx.db.execute(sql`
    SELECT DISTINCT ON (d.subscription_id) d.subscription_id, d.status, d.last_status_code,
      coalesce(a.date, d.created_date) AS date
    FROM webhook_deliveries d
    LEFT JOIN LATERAL (
      SELECT date FROM webhook_attempts WHERE delivery_id = d.id ORDER BY attempt DESC LIMIT 1
    ) a ON true
    WHERE d.attempts > 0
    ORDER BY d.subscription_id, d.event_seq DESC`);
  const lastBy = new Map(
    (
      last as {
        rows: Array<{ subscription_id: string; status: string; last_status_code: number | null; date: Date | string }>;
      }
    ).rows.map((r) => [r.subscription_id, r]),
  );
  return rows.map((r) => {
    const of = (status: WebhookDeliveryStatus) =>
      counts.find((c) => c.subscriptionId === r.id && c.status === status)?.n ?? 0;
    const l = lastBy.get(r.id);
    return {
      subscription: toSubscription(r),
      lastDelivery: l
        ? {
            status: l.status as WebhookDeliveryStatus,
            statusCode: l.last_status_code,
            date: new Date(l.date).toISOString(),
          }
        : null,
      counts: { pending: of('PENDING'), succeeded: of('SUCCEEDED'), failed: of('FAILED') },
    };
  });
}

/** PATCH /webhooks/v1/subscriptions/{id}: only the masked paths change. */
export async function updateSubscription(
  ctx: Ctx,
  id: string,
  req: UpdateWebhookSubscriptionRequest,
): Promise<WebhookSubscription> {
  const s = req.subscription;
  checkFieldMask(req.fieldMask.paths, WEBHOOK_SUBSCRIPTION_MASK_PATHS, s, 'subscription');
  const has = (p: string) => req.fieldMask.paths.includes(p);
  if (has('url')) await checkTarget(ctx, s.url!, 'subscription.url');
  return withTx(ctx, async (tx) => {
    await loadRow(tx, id, true);
    const [row] = await tx.db
      .update(webhookSubscriptions)
      .set({
        ...(has('name') ? { name: s.name?.trim() ?? '' } : {}),
        ...(has('url') ? { url: s.url! } : {}),
        ...(has('eventTypes') ? { eventTypes: s.eventTypes! } : {}),
        ...(has('entityId') ? { entityId: s.entityId ?? null } : {}),
        ...(has('enabled') ? { enabled: s.enabled! } : {}),
        updatedDate: tx.clock(),
      })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    return toSubscription(row!);
  });
}

/** DELETE /webhooks/v1/subscriptions/{id}: its deliveries and their log go with it. */
export async function deleteSubscription(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id))
    .returning({ id: webhookSubscriptions.id });
  if (!deleted.length) throw notFound('Webhook subscription');
}

/**
 * POST …/pause and …/resume. Pausing keeps new deliveries waiting; resuming sends them (in order) and clears the
 * failure count, so a subscription paused for failing gets a fresh start.
 */
export async function setPaused(ctx: Ctx, id: string, paused: boolean): Promise<WebhookSubscription> {
  const [row] = await ctx.db
    .update(webhookSubscriptions)
    .set(
      paused
        ? {
            pausedDate: sql`coalesce(${webhookSubscriptions.pausedDate}, ${ctx.clock().toISOString()}::timestamptz)`,
            pausedReason: sql`coalesce(${webhookSubscriptions.pausedReason}, 'BY_OWNER')`,
            updatedDate: ctx.clock(),
          }
        : { pausedDate: null, pausedReason: null, consecutiveFailures: 0, updatedDate: ctx.clock() },
    )
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  if (!row) throw notFound('Webhook subscription');
  return toSubscription(row);
}

/**
 * POST …/test: a test event (type webhooks.subscription.test) delivered to this subscription only, through the
 * normal delivery path, so its outcome shows in the delivery log.
 */
export async function sendTestEvent(ctx: Ctx, id: string): Promise<WebhookDelivery> {
  return withTx(ctx, async (tx) => {
    await loadRow(tx, id);
    const eventId = uuidv7(tx.clock().getTime());
    await insertEvent(
      tx,
      {
        id: eventId,
        eventType: TEST_EVENT_TYPE,
        entityFqdn: 'plaza.webhooks.v1.subscription',
        slug: 'test',
        entityId: id,
        eventTime: tx.clock().toISOString(),
        triggeredByAnonymizeRequest: false,
        originatedFrom: 'plaza',
        identity: eventIdentity(tx.caller),
        actionEvent: { body: { message: 'A test event from Plaza' } },
      },
      id,
    );
    const [delivery] = await tx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.eventId, eventId)));
    return toDelivery(delivery!);
  });
}
