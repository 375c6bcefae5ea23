import { boolean, pgTable, primaryKey, text, uuid, jsonb } from 'drizzle-orm/pg-core';
import { belongsTo, rowDatesDefaultNow, ts } from '../../lib/columns.js';
import { identities } from '../identity/tables.js';

/** OIDC identity providers the owner connected ("Continue with <displayName>"). */
export const idpConnections = pgTable('idp_connections', {
  id: uuid('id').primaryKey(),
  displayName: text('display_name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  scopes: text('scopes').notNull().default('openid email profile'),
  enabled: boolean('enabled').notNull().default(true),
  /** When the provider's discovery document was last fetched (on save, and when a sign-in could not reach it). */
  lastCheckedDate: ts('last_checked_date'),
  /** Why that check failed, in words; null when it worked. A failing connection is not offered to shoppers. */
  lastCheckError: text('last_check_error'),
  ...rowDatesDefaultNow(),
});

/** Which identity a provider's subject signs in as: one row per (connection, sub). */
export const ssoLinks = pgTable(
  'sso_links',
  {
    connectionId: belongsTo('connection_id', () => idpConnections.id),
    sub: text('sub').notNull(),
    identityId: belongsTo('identity_id', () => identities.id),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.sub] })],
);

/** An SSO round trip in progress: its state, PKCE verifier and nonce, and the OAuth request to continue after it. */
export const ssoFlows = pgTable('sso_flows', {
  stateHash: text('state_hash').primaryKey(),
  connectionId: belongsTo('connection_id', () => idpConnections.id),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** The visitor's authorize request (or redirect session id) to resume after the provider answers. */
  resume: jsonb('resume').$type<Record<string, unknown>>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  expiresDate: ts('expires_date').notNull(),
  usedDate: ts('used_date'),
});
