import { eq, sql, type SQL } from 'drizzle-orm';
import { preparedFor } from '../../lib/prepared.js';
import { checkouts } from './tables.js';

/**
 * The statement that marks a checkout completed, built once by the module that places its order. The caller adds what
 * it needs to learn in the same round trip (the order's number, whether a reminder was out) as `returning`, asked on
 * the first run (after the app wired its hooks). Parameters: `id`, `now`.
 */
export function completeCheckoutStatement<R extends Record<string, SQL>>(name: string, returning: () => R) {
  return preparedFor((db) =>
    db
      .update(checkouts)
      .set({ completed: true, updatedDate: sql`${sql.placeholder('now')}::timestamptz` })
      .where(eq(checkouts.id, sql.placeholder('id')))
      .returning(returning())
      .prepare(name),
  );
}
