import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.js';

/** OAuth clients: public client ids with exact redirect URIs and the origins allowed to receive web messages. */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
});

/** JWT signing keys. The newest unretired key signs; every unretired key verifies (rotation without logouts). */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  retiredDate: ts('retired_date'),
});

/**
 * Refresh tokens, stored as SHA-256 hashes. Each rotation issues a new token in the same family;
 * presenting a used token again revokes the whole family (RFC 9700 §4.14.2).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** 'visitor' or 'member'. */
    role: text('role').notNull(),
    /** The visitor id or the member id: the `sub` of the access tokens it issues. */
    subject: uuid('subject').notNull(),
    /** Member tokens: the sign-in session they belong to (logout ends them). */
    sessionId: uuid('session_id'),
    /**
     * The hash of the authorization code this token was exchanged for (first token of a family only). Unique: it is
     * what makes a code work once (see authorization-codes.ts).
     */
    authCodeHash: text('auth_code_hash').unique(),
    createdDate: ts('created_date').notNull().defaultNow(),
    expiresDate: ts('expires_date').notNull(),
    usedDate: ts('used_date'),
    revokedDate: ts('revoked_date'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_subject_idx').on(t.subject),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Redirect sessions (`POST /redirects/v1/redirect-session`): the request to continue at `fullUrl`. */
export const redirectSessions = pgTable('redirect_sessions', {
  id: uuid('id').primaryKey(),
  /** AUTH, LOGIN, LOGOUT (later: ECOM_CHECKOUT). */
  kind: text('kind').notNull(),
  clientId: text('client_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  expiresDate: ts('expires_date').notNull(),
});
