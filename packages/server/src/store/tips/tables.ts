import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import type { TipSettings } from '@plaza/contracts';
import { ts } from '../../lib/columns.js';

/** The site's tip settings: a single row (id 1), stored as its wire shape minus dates. */
export const tipSettings = pgTable('tip_settings', {
  id: integer('id').primaryKey(),
  settings: jsonb('settings').$type<Omit<TipSettings, 'updatedDate'>>().notNull(),
  updatedDate: ts('updated_date').notNull().defaultNow(),
});
