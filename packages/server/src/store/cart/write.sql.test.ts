import { getTableColumns, getTableName } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { carts } from './tables.js';
import { cartWriteOverVersion } from './write.sql.js';

describe('hand-written SQL of carts', () => {
  const text = new PgDialect().sqlToQuery(cartWriteOverVersion).sql;
  const columns = Object.values(getTableColumns(carts)).map((c) => c.name);

  it('updates the carts table, naming only columns it has', () => {
    expect(text).toMatch(new RegExp(`^UPDATE ${getTableName(carts)} SET `));
    const named = [...text.matchAll(/\b(\w+) = /g)].map((m) => m[1]!);
    for (const name of named) expect(columns).toContain(name);
  });

  it('writes every column a change may touch: all but the cart identity, owner and creation', () => {
    const set = text.slice(text.indexOf(' SET '), text.indexOf(' WHERE '));
    const written = [...set.matchAll(/\b(\w+) = /g)].map((m) => m[1]!);
    const fixed = ['id', 'owner_key', 'member_id', 'visitor_id', 'created_date'];
    expect(written.sort()).toEqual(columns.filter((c) => !fixed.includes(c)).sort());
  });
});
