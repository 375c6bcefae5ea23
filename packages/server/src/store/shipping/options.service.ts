import { eq } from 'drizzle-orm';
import {
  SHIPPING_OPTION_MASK_PATHS,
  type CreateShippingOptionRequest,
  type ListShippingOptionsQuery,
  type ShippingOption,
  type ShippingOptionInput,
  type UpdateShippingOptionRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow, insertEntityRow } from '../../lib/entity-rows.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './config.js';
import { fmt, invalid, optionInput, optionValues, toOption } from './model.js';
import { shippingOptions, shippingRegions } from './tables.js';

export async function listOptions(ctx: Ctx, query: ListShippingOptionsQuery): Promise<ShippingOption[]> {
  const f = await fmt(ctx);
  const rows = await ctx.db
    .select()
    .from(shippingOptions)
    .where(query.shippingRegionId ? eq(shippingOptions.regionId, query.shippingRegionId) : undefined)
    .orderBy(shippingOptions.createdDate, shippingOptions.id);
  return rows.map((r) => toOption(r, f));
}

export async function getOption(ctx: Ctx, id: string): Promise<ShippingOption> {
  const [row] = await ctx.db.select().from(shippingOptions).where(eq(shippingOptions.id, id)).limit(1);
  if (!row) throw notFound('Shipping option');
  return toOption(row, await fmt(ctx));
}

/** The region must exist; its row is locked (FOR SHARE) so it cannot be deleted under the new option. */
async function assertRegion(ctx: Ctx, input: ShippingOptionInput): Promise<void> {
  const [region] = await ctx.db
    .select({ id: shippingRegions.id })
    .from(shippingRegions)
    .where(eq(shippingRegions.id, input.shippingRegionId))
    .for('share');
  if (!region)
    throw invalid('shippingOption.shippingRegionId', `shipping region ${input.shippingRegionId} does not exist`);
}

export async function createOption(ctx: Ctx, req: CreateShippingOptionRequest): Promise<ShippingOption> {
  const f = await fmt(ctx);
  const values = optionValues(req.shippingOption, f);
  return afterWrite(
    withTx(ctx, async (tx) => {
      await assertRegion(tx, req.shippingOption);
      const row = await insertEntityRow(tx, shippingOptions, values);
      const option = toOption(row, f);
      await emitEvent(tx, { type: 'ecom.shipping_option.created', entityId: option.id, entity: option });
      return option;
    }),
  );
}

export async function updateOption(ctx: Ctx, id: string, req: UpdateShippingOptionRequest): Promise<ShippingOption> {
  checkFieldMask(req.fieldMask.paths, SHIPPING_OPTION_MASK_PATHS, req.shippingOption, 'shippingOption');
  const f = await fmt(ctx);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const [existing] = await tx.db.select().from(shippingOptions).where(eq(shippingOptions.id, id)).for('update');
      if (!existing) throw notFound('Shipping option');
      const next = applyFieldMask(optionInput(toOption(existing, f)), req.shippingOption, req.fieldMask.paths);
      const values = optionValues(next, f);
      if (req.fieldMask.paths.includes('shippingRegionId')) await assertRegion(tx, next);
      const [row] = await tx.db
        .update(shippingOptions)
        .set({ ...values, updatedDate: tx.clock() })
        .where(eq(shippingOptions.id, id))
        .returning();
      const option = toOption(row!, f);
      return emitUpdated(tx, 'ecom.shipping_option.updated', id, option, req.fieldMask.paths);
    }),
  );
}

export async function deleteOption(ctx: Ctx, id: string): Promise<void> {
  const f = await fmt(ctx);
  await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, shippingOptions, id, 'Shipping option');
      await emitEvent(tx, { type: 'ecom.shipping_option.deleted', entityId: id, entity: toOption(row, f) });
    }),
  );
}
