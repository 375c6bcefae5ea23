import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.js';

/** Captcha (ALTCHA) challenges already used: each works once. */
export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  expiresDate: ts('expires_date').notNull(),
});
