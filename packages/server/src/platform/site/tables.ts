import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { CommunityPolicy, SignInPolicy } from '@plaza/contracts';

/** The site's settings: exactly one row (id = 1). */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    timeZone: text('time_zone').notNull(),
    signInPolicy: jsonb('sign_in_policy').$type<SignInPolicy>().notNull(),
    /** Partial: missing keys read as DEFAULT_COMMUNITY_POLICY. */
    communityPolicy: jsonb('community_policy').$type<Partial<CommunityPolicy>>().notNull().default({}),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedDate: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
