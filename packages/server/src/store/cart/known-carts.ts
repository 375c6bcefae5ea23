import type { Db } from '../../kernel/db.js';
import type { CartRow } from './tables.js';

/** How many carts a node remembers (about 2 KB each); the least recently used go first. */
const MAX_KNOWN = 5_000;

const byDb = new WeakMap<Db, Map<string, CartRow>>();
const mapOf = (db: Db) => {
  let known = byDb.get(db);
  if (!known) byDb.set(db, (known = new Map<string, CartRow>()));
  return known;
};

/**
 * Cart rows by owner key as this node last read or wrote them, so a shopper's next change starts without reading the
 * cart. Never trusted for what a shopper sees: a change made from a remembered row is written only over the version
 * it names (see changeCart), so a row another node or request changed meanwhile costs a retry under the lock, not a
 * lost update. Reads (GET, estimate) always go to the database. Per database handle (tests run many servers).
 */
export const knownCarts = {
  get(db: Db, ownerKey: string): CartRow | undefined {
    const known = mapOf(db);
    const row = known.get(ownerKey);
    if (row) {
      // Most recently used last: the first key is the one to drop.
      known.delete(ownerKey);
      known.set(ownerKey, row);
    }
    return row;
  },
  remember(db: Db, row: CartRow): void {
    const known = mapOf(db);
    known.delete(row.ownerKey);
    known.set(row.ownerKey, row);
    if (known.size > MAX_KNOWN) known.delete(known.keys().next().value!);
  },
  forget(db: Db, ownerKey: string): void {
    mapOf(db).delete(ownerKey);
  },
};
