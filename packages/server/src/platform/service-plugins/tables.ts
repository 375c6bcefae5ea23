import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ServicePluginCallOutcome, ServicePluginType } from '@plaza/contracts';
import { belongsTo, rowDatesDefaultNow, ts } from '../../lib/columns.js';

/** Apps' endpoints for service plugin types. `type` is unique: at most one implementation per type. */
export const servicePluginImplementations = pgTable('service_plugin_implementations', {
  id: uuid('id').primaryKey(),
  type: text('type').$type<ServicePluginType>().notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  timeoutMs: integer('timeout_ms').notNull(),
  ...rowDatesDefaultNow(),
});

/** The last calls per implementation (pruned to the newest 50 on each insert), for the dashboard. */
export const servicePluginCalls = pgTable(
  'service_plugin_calls',
  {
    id: uuid('id').primaryKey(),
    implementationId: belongsTo('implementation_id', () => servicePluginImplementations.id),
    method: text('method').notNull(),
    calledDate: ts('called_date').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    outcome: text('outcome').$type<ServicePluginCallOutcome>().notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    test: boolean('test').notNull().default(false),
  },
  (t) => [index('service_plugin_calls_implementation_idx').on(t.implementationId, t.calledDate)],
);
