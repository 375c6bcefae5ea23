import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { abandonedCheckouts } from './tables.js';

/**
 * Whether a checkout had a reminder out, as an SQL condition: the placement's commit asks it in the statement that
 * completes the checkout (one round trip), and the recovery handler acts on the answer. Columns named by hand:
 * recovery.sql.test.ts checks them against the table.
 */
export function hadReminderOut(checkoutId: Placeholder | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${abandonedCheckouts} a
        where a.checkout_id = ${checkoutId} and a.status = 'ABANDONED')`;
}
