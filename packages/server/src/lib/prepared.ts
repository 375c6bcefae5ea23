import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { is } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../kernel/db.js';

/**
 * A statement built once and then only executed: hot paths skip Drizzle's query building (over 100 µs for a wide
 * insert), and on PostgreSQL the named statement is parsed and planned once per connection.
 * - A root handle builds its own, once.
 * - A transaction's handle is new every time: the statement is built on the first transaction and each later one
 *   runs a copy pointed at its own connection (Drizzle's prepared query keeps the connection in `client`; one
 *   template per driver, as tests run both).
 *
 * @example
 * const cartByOwner = preparedFor((db) => db.select().from(carts).where(eq(carts.ownerKey, sql.placeholder('key')))
 *   .prepare('cart_by_owner'));
 * const [row] = await cartByOwner(ctx.db).execute({ key });
 */
export function preparedFor<T extends object>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  const templates = new Map<unknown, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement) return statement;
    if (is(db, PgTransaction)) {
      const session = (db as unknown as { _: { session: { client: unknown; constructor: unknown } } })._.session;
      let template = templates.get(session.constructor);
      if (!template) templates.set(session.constructor, (template = build(db)));
      statement = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as T, template, {
        client: session.client,
      });
    } else {
      statement = build(db);
    }
    built.set(db, statement);
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

/** `{ key: sql.placeholder(key) }` for each key: the values of a prepared insert, named like the row's fields. */
export function placeholders<K extends string>(...keys: K[]): Record<K, Placeholder> {
  return Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as unknown as Record<K, Placeholder>;
}
