import { sql, type SQL } from 'drizzle-orm';

/**
 * A list of ids as one `uuid[]` parameter (`= ANY(...)`): one bound value whatever the length, the same on
 * node-postgres and PGlite. The ids must be UUIDs (callers have them from the database or a checked route).
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
