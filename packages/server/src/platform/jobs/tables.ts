import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { JobItemFailure } from '@plaza/contracts';
import { ts } from '../../lib/columns.js';

/**
 * Background jobs, claimed with `FOR UPDATE SKIP LOCKED` so any number of nodes share the work. A job whose node
 * died is taken over once `locked_until` passes, and resumes from `state` (for example the last member id done).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    /** See JOB_KINDS. */
    kind: text('kind').notNull(),
    /** QUEUED, RUNNING, COMPLETED, FAILED or CANCELED. */
    status: text('status').notNull().default('QUEUED'),
    /** What to do: set by whoever enqueued the job. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the job got to: saved with each batch so a restarted job carries on. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The first 100 item failures. */
    failures: jsonb('failures').$type<JobItemFailure[]>().notNull().default([]),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    /** Who asked for it, such as `member:<id>` or `app:<api key id>`. */
    createdBy: text('created_by'),
    createdDate: ts('created_date').notNull().defaultNow(),
    startedDate: ts('started_date'),
    finishedDate: ts('finished_date'),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);
