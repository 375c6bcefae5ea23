import { eq, getTableColumns, getTableName } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { catalogProducts, catalogVariants } from './tables.js';
import { takeStockSql } from './stock.sql.js';

/** The SQL words of the statement; every other bare word in it is a column it names by hand. */
const KEYWORDS = new Set(['with', 'taken', 'as', 'update', 'set', 'where', 'and', 'returning', 'select', 'exists']);
const MORE = new Set(['from', 'not', 'available']);

function bareWords(text: string): string[] {
  const unquoted = text.replace(/"[^"]*"/g, ' ').replace(/\$\d+/g, ' ');
  const words = unquoted.toLowerCase().match(/[a-z_]+/g) ?? [];
  return [...new Set(words.filter((w) => !KEYWORDS.has(w) && !MORE.has(w)))].sort();
}

describe('hand-written SQL of taking stock', () => {
  for (const table of [catalogProducts, catalogVariants]) {
    it(`names only columns ${getTableName(table)} has`, () => {
      const text = new PgDialect().sqlToQuery(takeStockSql(table, eq(table.id, 'x'), 1)).sql;
      const columns = Object.values(getTableColumns(table) as Record<string, { name: string }>).map((c) => c.name);
      const named = bareWords(text);
      expect(named).toEqual(['in_stock', 'quantity', 'track_quantity']);
      for (const name of named) expect(columns).toContain(name);
    });
  }
});
