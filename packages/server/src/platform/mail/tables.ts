import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.js';

/**
 * Every e-mail the platform sends. Without SMTP_URL this is the dev mailbox (the owner reads it at /admin/mailbox);
 * with SMTP_URL it is the outbox the mail worker delivers from.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Which template made it: VERIFICATION_CODE, PASSWORD_RECOVERY, … */
    template: text('template').notNull(),
    /** DEV_MAILBOX, QUEUED, SENT or FAILED. */
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdDate: ts('created_date').notNull().defaultNow(),
    sentDate: ts('sent_date'),
  },
  (t) => [
    index('mail_messages_to_idx').on(sql`lower(${t.to})`, t.createdDate),
    index('mail_messages_status_idx').on(t.status),
  ],
);
