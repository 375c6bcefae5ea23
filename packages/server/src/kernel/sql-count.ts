import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the SQL statements one request sends, when `PLAZA_SQL_COUNT=1` (tests and `npm run bench` print it; the
 * store's add-to-cart has a budget of 6). Off by default: then nothing is stored and counting costs one lookup.
 */
const requestCount = new AsyncLocalStorage<{ n: number }>();

export const SQL_COUNT_HEADER = 'x-plaza-sql-statements';

/** Starts counting for the rest of the current request's async work. */
export function startSqlCount(): { n: number } {
  const store = { n: 0 };
  requestCount.enterWith(store);
  return store;
}

/** One statement (a query, or BEGIN/COMMIT of a transaction). */
export function countSql(statements = 1, query?: string): void {
  const store = requestCount.getStore();
  if (!store) return;
  store.n += statements;
  // PLAZA_SQL_LOG=1 also prints each counted statement (profiling a route's queries).
  if (process.env.PLAZA_SQL_LOG === '1') console.log(`[sql ${store.n}] ${query ?? 'BEGIN/COMMIT'}`.slice(0, 300));
}
