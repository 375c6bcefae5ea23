import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EventType } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { applyFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow, insertEntityRow } from '../../lib/entity-rows.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './config.js';
import { fmt, type Fmt } from './model.js';

/** A shipping table of entities kept by id: uuid `id` and both dates. */
type EntityTable = PgTable & { id: PgColumn; createdDate: PgColumn; updatedDate: PgColumn };

type Columns<T extends EntityTable> = Omit<T['$inferInsert'], 'id' | 'createdDate' | 'updatedDate'>;

/** One shipping entity kept in its own rows (pickup locations, shipping options, additional fees). */
export interface ShippingEntity<T extends EntityTable, E, I extends Record<string, unknown>> {
  table: T;
  /** Names the entity in a 404. */
  what: string;
  events: { created: EventType; updated: EventType; deleted: EventType };
  toEntity: (row: T['$inferSelect'], f: Fmt) => E;
  toInput: (entity: E) => I;
  /** The columns of an input; throws on an input that cannot be stored. */
  values: (input: I, f: Fmt) => Columns<T>;
}

/** Every entity, oldest first; `where` narrows them. */
export async function listEntities<T extends EntityTable, E, I extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ShippingEntity<T, E, I>,
  where?: SQL,
): Promise<E[]> {
  const f = await fmt(ctx);
  const from: PgTable = spec.table;
  const rows = (await ctx.db.select().from(from).where(where).orderBy(spec.table.createdDate, spec.table.id)) as Array<
    T['$inferSelect']
  >;
  return rows.map((r) => spec.toEntity(r, f));
}

/** One entity by id, or a 404. */
export async function getEntity<T extends EntityTable, E, I extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ShippingEntity<T, E, I>,
  id: string,
): Promise<E> {
  const from: PgTable = spec.table;
  const [row] = (await ctx.db.select().from(from).where(eq(spec.table.id, id)).limit(1)) as Array<T['$inferSelect']>;
  if (!row) throw notFound(spec.what);
  return spec.toEntity(row, await fmt(ctx));
}

/**
 * Writes a new entity and its `created` event; `check` runs in the transaction first (references to other rows).
 * Every write makes the cached shipping configuration stale once committed.
 */
export async function createEntity<T extends EntityTable, E extends { id: string }, I extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ShippingEntity<T, E, I>,
  input: I,
  check?: (tx: Ctx) => Promise<void>,
): Promise<E> {
  const f = await fmt(ctx);
  const values = spec.values(input, f);
  return afterWrite(
    withTx(ctx, async (tx) => {
      await check?.(tx);
      const entity = spec.toEntity(await insertEntityRow(tx, spec.table, values), f);
      await emitEvent(tx, { type: spec.events.created, entityId: entity.id, entity });
      return entity;
    }),
  );
}

/**
 * A field-mask update once its mask was checked: locks the row (404 without it), applies the masked paths of `patch`
 * to its input, writes the columns `valuesOf` gives (by default the entity's own; a caller may check references in
 * its own order) with a new `updatedDate`, and emits the `updated` event.
 */
export async function updateEntity<T extends EntityTable, E, I extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ShippingEntity<T, E, I>,
  id: string,
  mask: { paths: string[]; patch: Record<string, unknown> },
  valuesOf: (tx: Ctx, next: I, f: Fmt) => Columns<T> | Promise<Columns<T>> = (_tx, next, f) => spec.values(next, f),
): Promise<E> {
  const { table, what, toEntity, toInput } = spec;
  const f = await fmt(ctx);
  const locked: PgTable = table;
  return afterWrite(
    withTx(ctx, async (tx) => {
      const [existing] = (await tx.db.select().from(locked).where(eq(table.id, id)).for('update')) as Array<
        T['$inferSelect']
      >;
      if (!existing) throw notFound(what);
      const next = applyFieldMask(toInput(toEntity(existing, f)), mask.patch, mask.paths);
      const set = { ...(await valuesOf(tx, next, f)), updatedDate: tx.clock() } as T['$inferInsert'];
      const [row] = (await tx.db.update(table).set(set).where(eq(table.id, id)).returning()) as Array<
        T['$inferSelect']
      >;
      return emitUpdated(tx, spec.events.updated, id, toEntity(row!, f), mask.paths);
    }),
  );
}

/** Deletes an entity (404 without it) and emits its `deleted` event with its last state. */
export async function deleteEntity<T extends EntityTable, E, I extends Record<string, unknown>>(
  ctx: Ctx,
  spec: ShippingEntity<T, E, I>,
  id: string,
): Promise<void> {
  const f = await fmt(ctx);
  await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, spec.table, id, spec.what);
      await emitEvent(tx, { type: spec.events.deleted, entityId: id, entity: spec.toEntity(row, f) });
    }),
  );
}
