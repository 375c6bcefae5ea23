import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
  const result = await ctx.db.execute(
    sql`WITH ${eventCtes(ctx, envelope, sql`(SELECT 1)`, onlySubscriptionId)} SELECT count(*)::int AS made FROM d`,
  );
  const made = Number(rowsOf<{ made: number }>(result)[0]?.made ?? 0);
  if (made > 0) nudgeDeliveries();
  return made;
}

/**
 * One statement that makes a change and writes its event only if the change touched a row: `change` is an
 * UPDATE/INSERT/DELETE with RETURNING (Drizzle puts a query builder in parentheses itself). The change and its event commit together without a transaction (a write
 * made without a lock that found its row changed writes nothing, event included). Returns whether it changed a row.
 */
export async function changeAndEmit(ctx: Ctx, change: SQLWrapper, input: EmitEventInput): Promise<boolean> {
  if (!ctx.config.events) {
    const result = await ctx.db.execute(sql`WITH c AS ${change} SELECT count(*)::int AS changed FROM c`);
    return Number(rowsOf<{ changed: number }>(result)[0]?.changed ?? 0) > 0;
  }
  const envelope = buildEnvelope(ctx, input);
  const result = await ctx.db.execute(sql`
    WITH c AS ${change}, ${eventCtes(ctx, envelope, sql`(SELECT 1 FROM c LIMIT 1)`)}
    SELECT (SELECT count(*) FROM c)::int AS changed, (SELECT count(*) FROM d)::int AS made`);
  const [row] = rowsOf<{ changed: number; made: number }>(result);
  if (Number(row?.made ?? 0) > 0) nudgeDeliveries();
  return Number(row?.changed ?? 0) > 0;
}

/** The CTEs `e` (the event row, written when `source` has a row) and `d` (its deliveries). */
function eventCtes(ctx: Ctx, envelope: EventEnvelope, source: SQL, onlySubscriptionId?: string): SQL {
  const now = ctx.clock().toISOString();
  const retryUntil = new Date(ctx.clock().getTime() + ctx.config.webhooks.retryWindowMs).toISOString();
  const match = onlySubscriptionId
    ? sql`s.id = ${onlySubscriptionId}`
    : sql`s.enabled AND ${envelope.eventType} = ANY(s.event_types)
        AND (s.entity_id IS NULL OR s.entity_id = ${envelope.entityId})`;
  return sql`e AS (
      INSERT INTO domain_events (id, event_type, entity_id, envelope, created_date)
      SELECT ${envelope.id}, ${envelope.eventType}, ${envelope.entityId}, ${JSON.stringify(envelope)}::jsonb,
        ${now}::timestamptz
      WHERE EXISTS ${source}
      RETURNING id, seq
    ), d AS (
      INSERT INTO webhook_deliveries
        (id, subscription_id, event_id, event_seq, event_type, entity_id, next_attempt_date, retry_until, created_date)
      SELECT gen_random_uuid(), s.id, e.id, e.seq, ${envelope.eventType}, ${envelope.entityId}, ${now}::timestamptz,
        ${retryUntil}::timestamptz, ${now}::timestamptz
      FROM e JOIN webhook_subscriptions s ON ${match}
      RETURNING 1
    )`;
}

/** The rows of `db.execute` on either driver (both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
