import { getTableColumns, type Table } from 'drizzle-orm';

const columnNames = new WeakMap<Table, Map<string, string>>();

/**
 * Rows as one JSON parameter keyed by column name, for `jsonb_populate_record(set)(NULL::table, $1::jsonb)`: a
 * statement that writes whole rows of several tables at once (data-modifying CTEs) without a placeholder per column.
 * Every column must be given (a missing key is NULL, not the column's default); bigint columns travel as strings.
 */
export function recordJson(table: Table, rows: object | object[]): string {
  let names = columnNames.get(table);
  if (!names) {
    names = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]));
    columnNames.set(table, names);
  }
  // Top-level keys only, without a replacer (JSON.stringify calls one for every nested key: the order's snapshot).
  const rename = (row: object) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      out[names.get(key) ?? key] = typeof value === 'bigint' ? value.toString() : value;
    }
    return out;
  };
  return JSON.stringify(Array.isArray(rows) ? rows.map(rename) : rename(rows));
}
