import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, rowDatesDefaultNow, ts } from '../../lib/columns.js';

/**
 * Sign-in identities. The foundation only seeds the owner here; the sign-in issue adds registration,
 * verification, MFA and SSO links on top of this table.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /**
     * Argon2id PHC string (rows from before it: scrypt$N$r$p$salt$hash, replaced at the next login), see
     * identity/password.ts. Null for identities that only sign in through SSO.
     */
    passwordHash: text('password_hash'),
    /** PENDING, ACTIVE, DELETED, BLOCKED or OFFLINE. */
    status: text('status').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** With status PENDING: EMAIL_VERIFICATION_REQUIRED and/or ADMIN_APPROVAL_REQUIRED. */
    statusReasons: jsonb('status_reasons').$type<string[]>().notNull().default([]),
    /** The spec's identityProfile: name, custom fields, addresses, emails and phones with tags. */
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    /** Set by the owner or after a breach: the next login answers -19973 until the password is reset. */
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    /** TOTP secret (base32), set at enrolment; `totpEnabled` once confirmed with a first code. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last TOTP time step accepted, so a code can't be replayed within its window. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginDate: ts('last_login_date'),
    revision: integer('revision').notNull().default(1),
    ...rowDatesDefaultNow(),
  },
  (t) => [uniqueIndex('identities_email_unique').on(sql`lower(${t.email})`)],
);

/**
 * A signed-in browser or device. The hosted pages keep it in a cookie (only its hash is stored); the OAuth
 * authorize endpoint uses it for direct and silent login. Ending it revokes the refresh tokens issued under it.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    identityId: belongsTo('identity_id', () => identities.id),
    cookieHash: text('cookie_hash').unique(),
    /** How the person proved who they are: pwd, otp, email, sso. */
    amr: jsonb('amr').$type<string[]>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdDate: ts('created_date').notNull().defaultNow(),
    lastSeenDate: ts('last_seen_date').notNull().defaultNow(),
    expiresDate: ts('expires_date').notNull(),
    revokedDate: ts('revoked_date'),
  },
  (t) => [index('auth_sessions_identity_idx').on(t.identityId)],
);

/** Short-lived, single-use proof of a finished login (`sessionToken`), exchanged at /oauth2/authorize. */
export const sessionTokens = pgTable('session_tokens', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  sessionId: belongsTo('session_id', () => authSessions.id),
  createdDate: ts('created_date').notNull().defaultNow(),
  expiresDate: ts('expires_date').notNull(),
  usedDate: ts('used_date'),
});

/**
 * A login or registration that is waiting for a next step (`stateToken`): e-mail verification, owner approval or a
 * second factor. Codes and factor checks are bound to it.
 */
export const authStates = pgTable(
  'auth_states',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    identityId: belongsTo('identity_id', () => identities.id),
    /** EMAIL_VERIFICATION, OWNER_APPROVAL or MFA. */
    kind: text('kind').notNull(),
    /** Whatever the next step needs: the factors on offer, the client metadata of the login, … */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdDate: ts('created_date').notNull().defaultNow(),
    expiresDate: ts('expires_date').notNull(),
    consumedDate: ts('consumed_date'),
  },
  (t) => [index('auth_states_identity_idx').on(t.identityId)],
);

/** Six-digit codes sent by e-mail: at most 10 minutes, 5 attempts, single use, bound to their state. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    stateId: uuid('state_id').references(() => authStates.id, { onDelete: 'cascade' }),
    identityId: belongsTo('identity_id', () => identities.id),
    /** EMAIL_VERIFICATION or MFA_EMAIL. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdDate: ts('created_date').notNull().defaultNow(),
    expiresDate: ts('expires_date').notNull(),
    usedDate: ts('used_date'),
  },
  (t) => [index('verification_codes_state_idx').on(t.stateId)],
);

/** Password-recovery links: single use, at most 1 hour. */
export const recoveryTokens = pgTable('recovery_tokens', {
  id: uuid('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  identityId: belongsTo('identity_id', () => identities.id),
  createdDate: ts('created_date').notNull().defaultNow(),
  expiresDate: ts('expires_date').notNull(),
  usedDate: ts('used_date'),
});

/** Devices that passed MFA with "remember this device": their cookie skips the second factor until it expires. */
export const rememberedDevices = pgTable('remembered_devices', {
  id: uuid('id').primaryKey(),
  identityId: belongsTo('identity_id', () => identities.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdDate: ts('created_date').notNull().defaultNow(),
  expiresDate: ts('expires_date').notNull(),
});

/**
 * Failed-login counters for the progressive delay and the captcha policy, keyed like `login:<email>|<ip>` or
 * `ip:<ip>`. In PostgreSQL so every node sees the same counts.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureDate: ts('last_failure_date').notNull().defaultNow(),
  blockedUntil: ts('blocked_until'),
});

/**
 * MFA recovery codes: ten single-use second factors, made when TOTP is confirmed (or regenerated, which replaces the
 * set). Only a keyed hash is stored (see recovery-codes.ts); `usedDate` records each use.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    identityId: belongsTo('identity_id', () => identities.id),
    codeHash: text('code_hash').notNull(),
    createdDate: ts('created_date').notNull().defaultNow(),
    usedDate: ts('used_date'),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_identity_hash_unique').on(t.identityId, t.codeHash)],
);
