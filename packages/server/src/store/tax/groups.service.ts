import { and, eq, ne, sql } from 'drizzle-orm';
import {
  TAX_GROUP_MASK_PATHS,
  type CreateTaxGroupRequest,
  type TaxGroup,
  type UpdateTaxGroupRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow } from '../../lib/entity-rows.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { taxConfig, type GroupRow } from './config.js';
import { taxGroupDeleted } from './hooks.js';
import { dropGroupOverrides } from './regions.service.js';
import { taxGroups } from './tables.js';

const toGroup = (r: GroupRow): TaxGroup => ({
  id: r.id,
  name: r.name,
  isDefault: r.isDefault,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

export async function listTaxGroups(ctx: Ctx): Promise<TaxGroup[]> {
  return (await taxConfig.get(ctx)).groups.map(toGroup);
}

export async function getTaxGroup(ctx: Ctx, id: string): Promise<TaxGroup> {
  const row = (await taxConfig.get(ctx)).groups.find((g) => g.id === id);
  if (!row) throw notFound('Tax group');
  return toGroup(row);
}

/** At most one default group: marking one default unmarks the others (each change is an event). */
async function unmarkOtherDefaults(tx: Ctx, id: string): Promise<void> {
  // Serializes default changes: two groups made default at once must not both stay default.
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('tax_groups.is_default'))`);
  const rows = await tx.db
    .update(taxGroups)
    .set({ isDefault: false, updatedDate: tx.clock() })
    .where(and(eq(taxGroups.isDefault, true), ne(taxGroups.id, id)))
    .returning();
  for (const r of rows) {
    await emitEvent(tx, {
      type: 'ecom.tax_group.updated',
      entityId: r.id,
      entity: toGroup(r),
      modifiedFields: ['isDefault'],
    });
  }
}

export async function createTaxGroup(ctx: Ctx, req: CreateTaxGroupRequest): Promise<TaxGroup> {
  return taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      const now = tx.clock();
      const id = uuidv7(now.getTime());
      if (req.taxGroup.isDefault) await unmarkOtherDefaults(tx, id);
      const [row] = await tx.db
        .insert(taxGroups)
        .values({
          id,
          name: req.taxGroup.name,
          isDefault: req.taxGroup.isDefault ?? false,
          createdDate: now,
          updatedDate: now,
        })
        .returning();
      const group = toGroup(row!);
      await emitEvent(tx, { type: 'ecom.tax_group.created', entityId: id, entity: group });
      return group;
    }),
  );
}

export async function updateTaxGroup(ctx: Ctx, id: string, req: UpdateTaxGroupRequest): Promise<TaxGroup> {
  checkFieldMask(req.fieldMask.paths, TAX_GROUP_MASK_PATHS, req.taxGroup, 'taxGroup');
  const set: Partial<GroupRow> = {};
  for (const p of req.fieldMask.paths as Array<(typeof TAX_GROUP_MASK_PATHS)[number]>) {
    (set as Record<string, unknown>)[p] = req.taxGroup[p];
  }
  return taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      // Unmark the others first, under the lock (see unmarkOtherDefaults); a 404 below rolls it back.
      if (set.isDefault) await unmarkOtherDefaults(tx, id);
      const [row] = await tx.db
        .update(taxGroups)
        .set({ ...set, updatedDate: tx.clock() })
        .where(eq(taxGroups.id, id))
        .returning();
      if (!row) throw notFound('Tax group');
      const group = toGroup(row);
      return emitUpdated(tx, 'ecom.tax_group.updated', id, group, req.fieldMask.paths);
    }),
  );
}

/**
 * Lines still pointing at a deleted group are taxed as the default group. The regions' overrides of the group go with
 * it (each such region emits its `updated` event); products naming it fall back to the default group (the foreign
 * key sets null), so this node's cached products are made stale too (onTaxGroupDeleted).
 */
export async function deleteTaxGroup(ctx: Ctx, id: string): Promise<void> {
  await taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, taxGroups, id, 'Tax group');
      await emitEvent(tx, { type: 'ecom.tax_group.deleted', entityId: id, entity: toGroup(row) });
      await dropGroupOverrides(tx, id);
    }),
  );
  taxGroupDeleted(ctx, id);
}

/** Whether a tax group exists (read from the database: a product naming it is about to be written). */
export async function taxGroupExists(ctx: Ctx, id: string): Promise<boolean> {
  const [found] = await ctx.db.select({ id: taxGroups.id }).from(taxGroups).where(eq(taxGroups.id, id)).limit(1);
  return found !== undefined;
}
