import { eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EventType } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { applyFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow, insertEntityRow, type EntityColumns, type EntityTable } from '../../lib/entity-rows.js';

type Row<T extends EntityTable> = T['$inferSelect'];

/**
 * One admin-managed entity kept in its own rows (shipping fees, discount rules, ...): how its rows read with the
 * module's formatting `F`, and the events its writes emit.
 */
export interface EntityCrud<T extends EntityTable, E, I extends Record<string, unknown>, F> {
  table: T;
  /** Names the entity in a 404. */
  what: string;
  events: { created: EventType; updated: EventType; deleted: EventType };
  /** The module's formatting (site money), read once per call. */
  fmt: (ctx: Ctx) => Promise<F>;
  /** Awaits a committed write, then makes the module's cached configuration stale. */
  afterWrite: <R>(write: Promise<R>) => Promise<R>;
  /** The entity as read at `now` (an entity whose status depends on the time reads it from there). */
  toEntity: (row: Row<T>, f: F, now: Date) => E;
  /** The input an update's field mask applies to. */
  toInput: (row: Row<T>, f: F) => I;
  /** The columns of an input; throws on an input that cannot be stored. */
  values: (input: I, f: F) => EntityColumns<T>;
}

/** Every entity, oldest first; `where` narrows them. */
export async function listEntities<T extends EntityTable, E, I extends Record<string, unknown>, F>(
  ctx: Ctx,
  spec: EntityCrud<T, E, I, F>,
  where?: SQL,
): Promise<E[]> {
  const f = await spec.fmt(ctx);
  const from: PgTable = spec.table;
  const rows = (await ctx.db.select().from(from).where(where).orderBy(spec.table.createdDate, spec.table.id)) as Array<
    Row<T>
  >;
  const now = ctx.clock();
  return rows.map((r) => spec.toEntity(r, f, now));
}

/** One entity by id, or a 404. */
export async function getEntity<T extends EntityTable, E, I extends Record<string, unknown>, F>(
  ctx: Ctx,
  spec: EntityCrud<T, E, I, F>,
  id: string,
): Promise<E> {
  const from: PgTable = spec.table;
  const [row] = (await ctx.db.select().from(from).where(eq(spec.table.id, id)).limit(1)) as Array<Row<T>>;
  if (!row) throw notFound(spec.what);
  return spec.toEntity(row, await spec.fmt(ctx), ctx.clock());
}

/** Writes a new entity and its `created` event; `check` sees its columns first, in the transaction. */
export async function createEntity<
  T extends EntityTable,
  E extends { id: string },
  I extends Record<string, unknown>,
  F,
>(
  ctx: Ctx,
  spec: EntityCrud<T, E, I, F>,
  input: I,
  check?: (tx: Ctx, values: EntityColumns<T>) => Promise<void>,
): Promise<E> {
  const f = await spec.fmt(ctx);
  const values = spec.values(input, f);
  return spec.afterWrite(
    withTx(ctx, async (tx) => {
      await check?.(tx, values);
      const row = await insertEntityRow(tx, spec.table, values);
      const entity = spec.toEntity(row, f, row.createdDate as Date);
      await emitEvent(tx, { type: spec.events.created, entityId: entity.id, entity });
      return entity;
    }),
  );
}

/**
 * A field-mask update once its mask was checked: locks the row (404 without it), applies the masked paths of `patch`
 * to its input, writes the columns `valuesOf` gives (by default the input's own; a caller checks references there,
 * in its own order) with a new `updatedDate`, and emits the `updated` event.
 */
export async function updateEntity<T extends EntityTable, E, I extends Record<string, unknown>, F>(
  ctx: Ctx,
  spec: EntityCrud<T, E, I, F>,
  id: string,
  mask: { paths: string[]; patch: Record<string, unknown> },
  valuesOf: (tx: Ctx, next: I, f: F, existing: Row<T>) => Promise<EntityColumns<T>> = async (_tx, next, f) =>
    spec.values(next, f),
): Promise<E> {
  const { table, what } = spec;
  const f = await spec.fmt(ctx);
  const locked: PgTable = table;
  return spec.afterWrite(
    withTx(ctx, async (tx) => {
      const [existing] = (await tx.db.select().from(locked).where(eq(table.id, id)).for('update')) as Array<Row<T>>;
      if (!existing) throw notFound(what);
      const next = applyFieldMask(spec.toInput(existing, f), mask.patch, mask.paths);
      const values = await valuesOf(tx, next, f, existing);
      const now = tx.clock();
      const set = { ...values, updatedDate: now } as T['$inferInsert'];
      const [row] = (await tx.db.update(table).set(set).where(eq(table.id, id)).returning()) as Array<Row<T>>;
      return emitUpdated(tx, spec.events.updated, id, spec.toEntity(row!, f, now), mask.paths);
    }),
  );
}

/** Deletes an entity (404 without it) and emits its `deleted` event with its last state. */
export async function deleteEntity<T extends EntityTable, E, I extends Record<string, unknown>, F>(
  ctx: Ctx,
  spec: EntityCrud<T, E, I, F>,
  id: string,
): Promise<void> {
  const f = await spec.fmt(ctx);
  await spec.afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, spec.table, id, spec.what);
      await emitEvent(tx, { type: spec.events.deleted, entityId: id, entity: spec.toEntity(row, f, tx.clock()) });
    }),
  );
}

/** The five operations bound to one entity, so its service names each once. */
export function entityCrud<T extends EntityTable, E extends { id: string }, I extends Record<string, unknown>, F>(
  spec: EntityCrud<T, E, I, F>,
) {
  return {
    list: (ctx: Ctx, where?: SQL) => listEntities(ctx, spec, where),
    get: (ctx: Ctx, id: string) => getEntity(ctx, spec, id),
    create: (ctx: Ctx, input: I, check?: (tx: Ctx, values: EntityColumns<T>) => Promise<void>) =>
      createEntity(ctx, spec, input, check),
    update: (
      ctx: Ctx,
      id: string,
      mask: { paths: string[]; patch: Record<string, unknown> },
      valuesOf?: (tx: Ctx, next: I, f: F, existing: Row<T>) => Promise<EntityColumns<T>>,
    ) => updateEntity(ctx, spec, id, mask, valuesOf),
    remove: (ctx: Ctx, id: string) => deleteEntity(ctx, spec, id),
  };
}
