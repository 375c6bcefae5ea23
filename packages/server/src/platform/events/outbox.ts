import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EVENT_CATALOGUE, type EventEnvelope, type EventType } from '@plaza/contracts';
import { inTransaction, type Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';
import { preparedFor, prepareStatement } from '../../lib/prepared.js';
import { rowsOf } from '../../lib/rows.js';
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
 * The last step of a field-mask update: emits its `updated` event (the entity as it is now and the paths the mask
 * named) and answers the entity.
 */
export async function emitUpdated<T>(
  ctx: Ctx,
  type: EventType,
  entityId: string,
  entity: T,
  modifiedFields: string[],
): Promise<T> {
  await emitEvent(ctx, { type, entityId, entity, modifiedFields });
  return entity;
}

/**
 * Inserts the event row and its deliveries (to every matching subscription, or only to `onlySubscriptionId`: test
 * events). Returns how many deliveries were made.
 */
export async function insertEvent(ctx: Ctx, envelope: EventEnvelope, onlySubscriptionId?: string): Promise<number> {
  if (!onlySubscriptionId) {
    const made = rowsOf<{ made: number }>(await preparedInsertEvent(ctx.db).execute(eventValues(ctx, envelope)));
    return deliveriesMade(made[0]?.made);
  }
  const values = columnsOf(eventValues(ctx, envelope));
  const result = await ctx.db.execute(
    sql`WITH ${eventCtes(values, sql`(SELECT 1)`, onlySubscriptionId)} SELECT count(*)::int AS made FROM d`,
  );
  return deliveriesMade(rowsOf<{ made: number }>(result)[0]?.made);
}

/**
 * One statement that makes a change and writes its event only if the change touched a row: `change` is an
 * UPDATE/INSERT/DELETE with RETURNING (Drizzle puts a query builder in parentheses itself). The change and its event
 * commit together without a transaction (a write made without a lock that found its row changed writes nothing, event
 * included). Returns whether it changed a row.
 */
export async function changeAndEmit(ctx: Ctx, change: SQLWrapper, input: EmitEventInput): Promise<boolean> {
  if (!ctx.config.events) {
    const result = await ctx.db.execute(sql`WITH c AS ${change} SELECT count(*)::int AS changed FROM c`);
    return Number(rowsOf<{ changed: number }>(result)[0]?.changed ?? 0) > 0;
  }
  const values = columnsOf(eventValues(ctx, buildEnvelope(ctx, input)));
  const result = await ctx.db.execute(sql`
    WITH c AS ${change}, ${eventCtes(values, sql`(SELECT 1 FROM c LIMIT 1)`)}
    SELECT (SELECT count(*) FROM c)::int AS changed, (SELECT count(*) FROM d)::int AS made`);
  const [row] = rowsOf<{ changed: number; made: number }>(result);
  deliveriesMade(row?.made);
  return Number(row?.changed ?? 0) > 0;
}

/**
 * `changeAndEmit` as a prepared statement for a hot path: `change` (an UPDATE/INSERT/DELETE … RETURNING written with
 * `sql.placeholder`s) is built and, on PostgreSQL, parsed and planned once per connection. Call the result with the
 * change's placeholder values; like changeAndEmit it answers whether a row changed. `alongside`: more writes made
 * by the same statement whatever the change found (an order's payments with the order).
 */
export function preparedChangeAndEmit(name: string, change: SQL, alongside: SQL[] = []) {
  const placeholders = eventPlaceholders();
  const more = sql.join(
    alongside.map((write, i) => sql`, ${sql.raw(`w${i}`)} AS (${write})`),
    sql``,
  );
  const withEvents = preparedFor((db) =>
    prepareStatement(
      db,
      `${name}_with_event`,
      sql`WITH c AS (${change})${more}, ${eventCtes(placeholders, sql`(SELECT 1 FROM c LIMIT 1)`)}
        SELECT (SELECT count(*) FROM c)::int AS changed, (SELECT count(*) FROM d)::int AS made`,
    ),
  );
  const alone = preparedFor((db) =>
    prepareStatement(
      db,
      name,
      sql`WITH c AS (${change})${more} SELECT (SELECT count(*) FROM c)::int AS changed, 0 AS made`,
    ),
  );
  return async (ctx: Ctx, values: Record<string, unknown>, input: EmitEventInput): Promise<boolean> => {
    const result = ctx.config.events
      ? await withEvents(ctx.db).execute({ ...values, ...eventValues(ctx, buildEnvelope(ctx, input)) })
      : await alone(ctx.db).execute(values);
    const [row] = rowsOf<{ changed: number; made: number }>(result);
    deliveriesMade(row?.made);
    return Number(row?.changed ?? 0) > 0;
  };
}

/** eventCtes' columns as placeholders named like eventValues' keys. */
function eventPlaceholders(): EventColumns {
  const p = (n: keyof ReturnType<typeof eventValues>) => sql.placeholder(n);
  return columnsOf({
    eventId: p('eventId'),
    eventType: p('eventType'),
    eventEntityId: p('eventEntityId'),
    envelope: p('envelope'),
    eventDate: p('eventDate'),
    retryUntil: p('retryUntil'),
  });
}

/** insertEvent's statement (every order, cart change and sign-in writes events): built once. */
const preparedInsertEvent = preparedFor((db) =>
  prepareStatement(
    db,
    'event_insert',
    sql`WITH ${eventCtes(eventPlaceholders(), sql`(SELECT 1)`)} SELECT count(*)::int AS made FROM d`,
  ),
);

/** The event's columns: statement values, or a prepared statement's placeholders. */
interface EventColumns {
  id: unknown;
  type: unknown;
  entityId: unknown;
  envelope: unknown;
  now: unknown;
  retryUntil: unknown;
}

/** The values of an event's columns, named as preparedChangeAndEmit's placeholders. */
function eventValues(ctx: Ctx, envelope: EventEnvelope) {
  return {
    eventId: envelope.id,
    eventType: envelope.eventType,
    eventEntityId: envelope.entityId,
    envelope: JSON.stringify(envelope),
    eventDate: ctx.clock().toISOString(),
    retryUntil: new Date(ctx.clock().getTime() + ctx.config.webhooks.retryWindowMs).toISOString(),
  };
}

/** eventValues (or their placeholders) as the columns eventCtes writes. */
const columnsOf = (v: Record<keyof ReturnType<typeof eventValues>, unknown>): EventColumns => ({
  id: v.eventId,
  type: v.eventType,
  entityId: v.eventEntityId,
  envelope: v.envelope,
  now: v.eventDate,
  retryUntil: v.retryUntil,
});

/** The CTEs `e` (the event row, written when `source` has a row) and `d` (its deliveries). */
function eventCtes(v: EventColumns, source: SQL, onlySubscriptionId?: string): SQL {
  const match = onlySubscriptionId
    ? sql`s.id = ${onlySubscriptionId}`
    : sql`s.enabled AND ${v.type}::text = ANY(s.event_types)
        AND (s.entity_id IS NULL OR s.entity_id = ${v.entityId}::text)`;
  return sql`e AS (
      INSERT INTO domain_events (id, event_type, entity_id, envelope, created_date)
      SELECT ${v.id}::uuid, ${v.type}::text, ${v.entityId}::text, ${v.envelope}::jsonb, ${v.now}::timestamptz
      WHERE EXISTS ${source}
      RETURNING id, seq
    ), d AS (
      INSERT INTO webhook_deliveries
        (id, subscription_id, event_id, event_seq, event_type, entity_id, next_attempt_date, retry_until, created_date)
      SELECT gen_random_uuid(), s.id, e.id, e.seq, ${v.type}::text, ${v.entityId}::text, ${v.now}::timestamptz,
        ${v.retryUntil}::timestamptz, ${v.now}::timestamptz
      FROM e JOIN webhook_subscriptions s ON ${match}
      RETURNING 1
    )`;
}

let wakeDeliveries: () => void = () => undefined;

/**
 * Set by the app (app.ts) to wake this process's webhook delivery worker when the outbox writes deliveries, so an
 * event goes out without waiting a poll and events need not import webhooks.
 */
export function onDeliveriesWritten(wake: () => void): void {
  wakeDeliveries = wake;
}

/** Wakes the delivery worker when deliveries were made; returns how many. */
function deliveriesMade(made: unknown): number {
  const n = Number(made ?? 0);
  if (n > 0) wakeDeliveries();
  return n;
}
