import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Sign-in identities. The foundation only seeds the owner here; the sign-in issue adds registration,
 * verification, MFA and SSO links on top of this table.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** scrypt$N$r$p$salt$hash, see identity/password.ts. Null for identities that only sign in through SSO. */
    passwordHash: text('password_hash'),
    /** PENDING, ACTIVE, DELETED, BLOCKED or OFFLINE. */
    status: text('status').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    createdDate: ts('created_date').notNull().defaultNow(),
    updatedDate: ts('updated_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identities_email_unique').on(sql`lower(${t.email})`)],
);

/** The member of each identity. The members issue extends it with contact, profile and moderation fields. */
export const members = pgTable('members', {
  id: uuid('id')
    .primaryKey()
    .references(() => identities.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  /** UNDEFINED_ROLE, MEMBER, OWNER or CONTRIBUTOR. */
  role: text('role').notNull().default('MEMBER'),
  /** UNKNOWN, PENDING, APPROVED, BLOCKED or OFFLINE. */
  status: text('status').notNull().default('APPROVED'),
  privacyStatus: text('privacy_status').notNull().default('PUBLIC'),
  activityStatus: text('activity_status').notNull().default('ACTIVE'),
  nickname: text('nickname'),
  createdDate: ts('created_date').notNull().defaultNow(),
  updatedDate: ts('updated_date').notNull().defaultNow(),
  lastLoginDate: ts('last_login_date'),
});
