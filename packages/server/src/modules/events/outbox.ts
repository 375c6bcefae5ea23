import { sql } from 'drizzle-orm';
import { EVENT_CATALOGUE, type EventEnvelope, type EventType } from '@plaza/contracts';
import { inTransaction, type Ctx } from '../../context.js';
import { uuidv7 } from '../../lib/ids.js';
import { nudgeDeliveries } from '../webhooks/nudge.js';
import { eventIdentity } from './identity.js';

/** What a service says happened; the catalogue supplies the entity name, slug and body kind of `type`. */
export interface EmitEventInput {
  type: EventType;
  entityId: string;
  /** created: the new entity; updated: the entity after the change; deleted: its last state (optional). */
  entity?: unknown;
  /** updated: the paths that changed, such as `profile.nickname`. */
  modifiedFields?: string[];
  /** action events: what happened, such as `{ previous: 'PENDING', status: 'APPROVED' }`. */
  body?: unknown;
  /** The change erased personal data on request. */
  triggeredByAnonymizeRequest?: boolean;
}

/** The envelope of an event, as stored and delivered. */
export function buildEnvelope(ctx: Ctx, input: EmitEventInput, id = uuidv7(ctx.clock().getTime())): EventEnvelope {
  const entry = EVENT_CATALOGUE[input.type];
  const base = {
    id,
    eventType: input.type,
    entityFqdn: entry.entityFqdn,
    slug: entry.slug,
    entityId: input.entityId,
    eventTime: ctx.clock().toISOString(),
    triggeredByAnonymizeRequest: input.triggeredByAnonymizeRequest ?? false,
    originatedFrom: 'plaza',
    identity: ctx.actor ?? eventIdentity(ctx.caller),
  };
  switch (entry.kind) {
    case 'created':
      return { ...base, createdEvent: { entity: input.entity } };
    case 'updated':
      return { ...base, updatedEvent: { currentEntity: input.entity, modifiedFields: input.modifiedFields ?? [] } };
    case 'deleted':
      return { ...base, deletedEvent: input.entity === undefined ? {} : { deletedEntity: input.entity } };
    case 'action':
      return { ...base, actionEvent: { body: input.body ?? {} } };
  }
}

/**
 * Writes a domain event to the outbox, in the caller's open transaction (DESIGN §5): the event exists exactly when
 * the change commits. The one writer of `domain_events`. In the same statement it creates one delivery per enabled
 * webhook subscription that wants the event, so fan-out costs no extra round trip and a subscription gets exactly
 * the events written while it existed. Returns the event id (undefined when PLAZA_EVENTS=off).
 * @throws Error when called outside `withTx`: an event written apart from its change could outlive a rollback.
 */
export async function emitEvent(ctx: Ctx, input: EmitEventInput): Promise<string | undefined> {
  if (!ctx.config.events) return undefined;
  if (!inTransaction(ctx)) throw new Error(`emitEvent(${input.type}) must run inside withTx, with the change`);
  const envelope = buildEnvelope(ctx, input);
  await insertEvent(ctx, envelope);
  return envelope.id;
}

/**
 * Inserts the event row and its deliveries (to every matching subscription, or only to `onlySubscriptionId`: test
 * events). Returns how many deliveries were made.
 */
export async function insertEvent(ctx: Ctx, envelope: EventEnvelope, onlySubscriptionId?: string): Promise<number> {
  const now = ctx.clock().toISOString();
  const retryUntil = new Date(ctx.clock().getTime() + ctx.config.webhooks.retryWindowMs).toISOString();
  const match = onlySubscriptionId
    ? sql`s.id = ${onlySubscriptionId}`
    : sql`s.enabled AND ${envelope.eventType} = ANY(s.event_types)
        AND (s.entity_id IS NULL OR s.entity_id = ${envelope.entityId})`;
  const result = await ctx.db.execute(sql`
    WITH e AS (
      INSERT INTO domain_events (id, event_type, entity_id, envelope, created_date)
      VALUES (${envelope.id}, ${envelope.eventType}, ${envelope.entityId}, ${JSON.stringify(envelope)}::jsonb,
        ${now}::timestamptz)
      RETURNING id, seq
    )
    INSERT INTO webhook_deliveries
      (id, subscription_id, event_id, event_seq, event_type, entity_id, next_attempt_date, retry_until, created_date)
    SELECT gen_random_uuid(), s.id, e.id, e.seq, ${envelope.eventType}, ${envelope.entityId}, ${now}::timestamptz,
      ${retryUntil}::timestamptz, ${now}::timestamptz
    FROM e JOIN webhook_subscriptions s ON ${match}`);
  const made =
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0;
  if (made > 0) nudgeDeliveries();
  return made;
}
