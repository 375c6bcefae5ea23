import { sql, type SQL } from 'drizzle-orm';
import type { catalogProducts, catalogVariants } from './tables.js';

/**
 * Takes `n` of a counted item (a product or a variant) in one statement and says whether it was taken, or whether the
 * item is not counted and in stock. Columns named by hand: stock.sql.test.ts checks them against both tables.
 */
export function takeStockSql(table: typeof catalogProducts | typeof catalogVariants, row: SQL | undefined, n: number) {
  return sql`
      WITH taken AS (
        UPDATE ${table} SET quantity = quantity - ${n}, in_stock = quantity - ${n} > 0
        WHERE ${row} AND track_quantity AND quantity >= ${n} RETURNING 1)
      SELECT EXISTS (SELECT 1 FROM taken) AS taken,
        EXISTS (SELECT 1 FROM ${table} WHERE ${row} AND NOT track_quantity AND in_stock) AS available`;
}
