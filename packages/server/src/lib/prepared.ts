import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/**
 * A statement built once per database handle and then only executed: hot paths skip Drizzle's query building, and
 * on PostgreSQL the named statement is parsed and planned once per connection. Only for the root handle (a
 * transaction's handle lives for one request: build its statements as usual).
 *
 * @example
 * const cartByOwner = preparedFor((db) => db.select().from(carts).where(eq(carts.ownerKey, sql.placeholder('key')))
 *   .prepare('cart_by_owner'));
 * const [row] = await cartByOwner(ctx.db).execute({ key });
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (written with `sql` and `sql.placeholder`) prepared on `db` under `name`; `execute(values)` answers
 * the driver's result (`{ rows }`). Drizzle's query builders have `.prepare()`; this is the same for a statement they
 * cannot build (CTEs that write). Wrap it in `preparedFor` so it is built once per handle.
 */
export function prepareStatement(db: Db, name: string, statement: SQL) {
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
}
