import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.js';
import type { ApiKeyScope } from '@plaza/contracts';

/** API keys for back-office apps. Only a SHA-256 hash of the key is kept; the key is shown once, at creation. */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
  createdDate: ts('created_date').notNull().defaultNow(),
  lastUsedDate: ts('last_used_date'),
  revokedDate: ts('revoked_date'),
});
