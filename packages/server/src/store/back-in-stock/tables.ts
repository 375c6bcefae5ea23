import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BackInStockItemDetails } from '@plaza/contracts';
import { rowDatesDefaultNow } from '../../lib/columns.js';

/**
 * Back-in-stock notification requests. A request names a product of Plaza's catalog (and a variant of it, or none);
 * `status` moves only along the table in status.ts. While a request is open (RECEIVED or PROCESSING) it is the only
 * open one for its e-mail and item (the partial unique index), so a second ask answers the first.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** lower(email): uniqueness and the e-mail filter ignore case. */
    emailLower: text('email_lower').notNull(),
    appId: text('app_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** '' when the request names the product itself (a NOT NULL key keeps the unique index simple). */
    variantId: text('variant_id').notNull().default(''),
    itemDetails: jsonb('item_details').$type<BackInStockItemDetails>().notNull(),
    itemUrl: text('item_url'),
    status: text('status').notNull(),
    autoNotified: boolean('auto_notified'),
    failureMessage: text('failure_message'),
    /** Who asked: `visitor:<id>`, `member:<id>` or `app:<key id>`; they may read and delete it. */
    requester: text('requester').notNull(),
    /** The BACK_IN_STOCK_NOTIFY job that holds it while PROCESSING (and that notified it). */
    jobId: uuid('job_id'),
    /** The mail_messages row of its notice. */
    mailId: uuid('mail_id'),
    ...rowDatesDefaultNow(),
  },
  (t) => [
    uniqueIndex('back_in_stock_open_unique')
      .on(t.emailLower, t.productId, t.variantId)
      .where(sql`status IN ('RECEIVED', 'PROCESSING')`),
    index('back_in_stock_item_idx').on(t.productId, t.variantId, t.status),
    index('back_in_stock_created_idx').on(t.createdDate, t.id),
    index('back_in_stock_status_idx').on(t.status, t.createdDate),
    index('back_in_stock_email_idx').on(t.emailLower, t.createdDate),
    index('back_in_stock_job_idx').on(t.jobId, t.status),
  ],
);
export type BackInStockRow = typeof backInStockRequests.$inferSelect;
