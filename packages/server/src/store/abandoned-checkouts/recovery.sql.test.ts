import { getTableColumns, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { hadReminderOut } from './recovery.sql.js';
import { abandonedCheckouts } from './tables.js';

describe('hand-written SQL of abandoned checkouts', () => {
  it('names only columns the table has', () => {
    const text = new PgDialect().sqlToQuery(hadReminderOut(sql.placeholder('id'))).sql;
    const named = [...text.matchAll(/\ba\.(\w+)/g)].map((m) => m[1]);
    const columns = Object.values(getTableColumns(abandonedCheckouts)).map((c) => c.name);
    expect(named).toEqual(['checkout_id', 'status']);
    for (const name of named) expect(columns).toContain(name);
  });
});
