import { sql, type SQL } from 'drizzle-orm';
import { recordJson } from '../../lib/record-json.js';
import type { ComposedMail } from './service.js';
import { mailMessages } from './tables.js';

/*
 * Composed mails written by another module's statement, with its own rows (an order and its confirmation in one
 * round trip): the rows travel as one JSON parameter, so the caller needs neither this module's table nor its columns.
 */

/** The write, for a data-modifying CTE: every mail of the JSON parameter `placeholder` (see composedMailsJson). */
export function insertComposedMails(placeholder: string): SQL {
  return sql`INSERT INTO ${mailMessages}
      SELECT * FROM jsonb_populate_recordset(NULL::${mailMessages}, ${sql.placeholder(placeholder)}::jsonb) RETURNING 1`;
}

/** The value of that parameter. */
export function composedMailsJson(mails: ComposedMail[]): string {
  return recordJson(mailMessages, mails);
}
