import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../kernel/context.js';
import { notFound } from '../kernel/errors.js';
import { uuidv7 } from './ids.js';

/** A table of entities a service creates and deletes by id: uuid `id`, with created and updated dates. */
export type EntityTable = PgTable & { id: PgColumn; createdDate: PgColumn; updatedDate: PgColumn };

/** The columns a service writes; the id and dates are the helpers'. */
export type EntityColumns<T extends EntityTable> = Omit<T['$inferInsert'], 'id' | 'createdDate' | 'updatedDate'>;

/** Inserts a new entity row, its id and both dates from the transaction's clock; answers the row written. */
export async function insertEntityRow<T extends EntityTable>(
  tx: Ctx,
  table: T,
  values: EntityColumns<T>,
): Promise<T['$inferSelect']> {
  const now = tx.clock();
  const row = { id: uuidv7(now.getTime()), ...values, createdDate: now, updatedDate: now } as T['$inferInsert'];
  const [written] = (await tx.db.insert(table).values(row).returning()) as Array<T['$inferSelect']>;
  return written!;
}

/** Deletes an entity row by id and answers its last state; `what` names it in the 404 when there is none. */
export async function deleteEntityRow<T extends EntityTable>(
  tx: Ctx,
  table: T,
  id: string,
  what: string,
): Promise<T['$inferSelect']> {
  const [row] = (await tx.db.delete(table).where(eq(table.id, id)).returning()) as Array<T['$inferSelect']>;
  if (!row) throw notFound(what);
  return row;
}
