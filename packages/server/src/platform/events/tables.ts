import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { EventEnvelope } from '@plaza/contracts';
import { ts } from '../../lib/columns.js';

/**
 * The outbox: one row per domain event, written in the same transaction as the change (events/outbox.ts is the only
 * writer). `seq` orders the events of one entity; deliveries reference the row, and old events are pruned.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    entityId: text('entity_id').notNull(),
    envelope: jsonb('envelope').$type<EventEnvelope>().notNull(),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_created_idx').on(t.createdDate),
    index('domain_events_entity_idx').on(t.entityId, t.seq),
  ],
);
