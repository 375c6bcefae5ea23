import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, rowDatesDefaultNow, ts } from '../../lib/columns.js';
import { domainEvents } from '../events/tables.js';

/**
 * The site's webhook signing keys (ES256). Kept apart from the OAuth token keys (`signing_keys`): a receiver that
 * trusts webhook keys must never accept an access token, and the two can be rotated on their own.
 */
export const webhookKeys = pgTable('webhook_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  retiredDate: ts('retired_date'),
});

/** Where events go: one receiver URL, the event types it wants, optionally one entity. */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().default(''),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  entityId: text('entity_id'),
  /** Off: no new deliveries are made for it. */
  enabled: boolean('enabled').notNull().default(true),
  /** Set while paused (by the owner or after repeated failures): deliveries are kept and wait for resume. */
  pausedDate: ts('paused_date'),
  /** BY_OWNER or FAILING. */
  pausedReason: text('paused_reason'),
  /** Failed attempts since the last success; pauses the subscription at the threshold. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  createdBy: text('created_by'),
  ...rowDatesDefaultNow(),
});

/**
 * One event for one subscription. PENDING until the receiver answers 2xx (SUCCEEDED) or the retry window closes
 * (FAILED). Claimed with SKIP LOCKED and a lease (`locked_until`); `attempts` is the fencing token of a claim.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: belongsTo('subscription_id', () => webhookSubscriptions.id),
    eventId: belongsTo('event_id', () => domainEvents.id),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    entityId: text('entity_id').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    nextAttemptDate: ts('next_attempt_date').notNull().defaultNow(),
    /** Retries stop here (event time + 72 h; a redelivery starts a new window). */
    retryUntil: ts('retry_until').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    createdDate: ts('created_date').notNull().defaultNow(),
    deliveredDate: ts('delivered_date'),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptDate)
      .where(sql`status = 'PENDING'`),
    index('webhook_deliveries_order_idx')
      .on(t.subscriptionId, t.entityId, t.eventSeq)
      .where(sql`status = 'PENDING'`),
    // Metrics count the failed deliveries at each scrape.
    index('webhook_deliveries_failed_idx')
      .on(t.id)
      .where(sql`status = 'FAILED'`),
    index('webhook_deliveries_list_idx').on(t.subscriptionId, t.eventSeq),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** The delivery log: every try with its answer, latency and the first 1 KB of the response. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: belongsTo('delivery_id', () => webhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    date: ts('date').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

/** Site-wide webhook settings: a single row (id 1). */
export const webhookSettings = pgTable('webhook_settings', {
  id: integer('id').primaryKey(),
  allowPrivateTargets: boolean('allow_private_targets').notNull().default(false),
  updatedDate: ts('updated_date').notNull().defaultNow(),
});
