import { getTableColumns } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { variantsOfProductJson } from './lines.sql.js';
import { catalogVariants } from './tables.js';

describe('hand-written SQL of the catalog lines read', () => {
  it('puts every variant column in the JSON, each under its property name', () => {
    const text = new PgDialect().sqlToQuery(variantsOfProductJson).sql;
    const pairs = [...text.matchAll(/'(\w+)', "catalog_variants"\."(\w+)"/g)].map((m) => [m[1], m[2]]);
    const columns = Object.entries(getTableColumns(catalogVariants)).map(([key, c]) => [key, c.name]);
    expect(pairs.sort()).toEqual(columns.sort());
  });
});
