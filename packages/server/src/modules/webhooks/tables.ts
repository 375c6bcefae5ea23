import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.js';

/**
 * The site's webhook signing keys (ES256). Kept apart from the OAuth token keys (`signing_keys`): a receiver that
 * trusts webhook keys must never accept an access token, and the two can be rotated on their own.
 */
export const webhookKeys = pgTable('webhook_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  retiredDate: ts('retired_date'),
});
