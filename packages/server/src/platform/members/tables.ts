import { sql, type SQL } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MemberContact, MemberProfile } from '@plaza/contracts';
import { belongsTo, rowDatesDefaultNow, ts } from '../../lib/columns.js';
import { identities } from '../identity/tables.js';

type CustomField = NonNullable<MemberProfile['customFields']>[number];

/** Contact details kept as one document; names are columns because lists sort and search by them. */
export type ContactDetails = Omit<MemberContact, 'firstName' | 'lastName'>;

/**
 * The member of each identity (same id). Columns the member list filters or sorts by are real columns with indexes;
 * the rest of contact and profile is JSON.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => identities.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    /** UNDEFINED_ROLE, MEMBER, OWNER or CONTRIBUTOR. */
    role: text('role').notNull().default('MEMBER'),
    /** UNKNOWN, PENDING, APPROVED, BLOCKED or OFFLINE (see members/status.ts for the transitions). */
    status: text('status').notNull().default('APPROVED'),
    privacyStatus: text('privacy_status').notNull().default('PUBLIC'),
    activityStatus: text('activity_status').notNull().default('ACTIVE'),
    /** A copy of the identity's login e-mail, so lists search it without a join. */
    loginEmail: text('login_email'),
    nickname: text('nickname'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    contact: jsonb('contact').$type<ContactDetails>().notNull().default({}),
    photoUrl: text('photo_url'),
    coverUrl: text('cover_url'),
    title: text('title'),
    profileFields: jsonb('profile_fields').$type<CustomField[]>().notNull().default([]),
    /** What free-text search looks in: names, nickname and login e-mail, lower-cased. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${members.firstName}, '') || ' ' || coalesce(${members.lastName}, '') || ' ' || coalesce(${members.nickname}, '') || ' ' || coalesce(${members.loginEmail}, ''))`,
    ),
    lastReportDate: ts('last_report_date'),
    ...rowDatesDefaultNow(),
    lastLoginDate: ts('last_login_date'),
  },
  (t) => [
    // One index per (filter, sort) the dashboard and storefront use: status + a sort key, then id for ties.
    index('members_status_nickname_idx').on(t.status, t.nickname, t.id),
    index('members_status_last_name_idx').on(t.status, t.lastName, t.id),
    index('members_status_first_name_idx').on(t.status, t.firstName, t.id),
    index('members_status_created_idx').on(t.status, t.createdDate, t.id),
    index('members_public_nickname_idx').on(t.privacyStatus, t.status, t.nickname, t.id),
    index('members_created_idx').on(t.createdDate, t.id),
    index('members_nickname_idx').on(t.nickname, t.id),
    index('members_last_login_idx').on(t.lastLoginDate),
    index('members_role_idx').on(t.role),
    index('members_activity_idx').on(t.activityStatus),
    uniqueIndex('members_login_email_idx').on(t.loginEmail),
  ],
);

/** A member's report about another member; the owner's queue works through the OPEN ones. */
export const memberReports = pgTable(
  'member_reports',
  {
    id: uuid('id').primaryKey(),
    reportedMemberId: belongsTo('reported_member_id', () => members.id),
    reporterMemberId: belongsTo('reporter_member_id', () => members.id),
    /** SPAM, IMPERSONATION, HARASSMENT or OTHER. */
    reason: text('reason').notNull(),
    text: text('text'),
    /** OPEN, RESOLVED or DISMISSED. */
    status: text('status').notNull().default('OPEN'),
    /** DISMISS, MUTE or BLOCK, once acted on. */
    action: text('action'),
    createdDate: ts('created_date').notNull().defaultNow(),
    resolvedDate: ts('resolved_date'),
  },
  (t) => [
    index('member_reports_status_idx').on(t.status, t.createdDate),
    index('member_reports_reported_idx').on(t.reportedMemberId),
    // One open report per reporter and member: a second is a 409, not a pile-on.
    uniqueIndex('member_reports_open_unique')
      .on(t.reporterMemberId, t.reportedMemberId)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);
