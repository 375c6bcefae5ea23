import { eq } from 'drizzle-orm';
import {
  ADDITIONAL_FEE_MASK_PATHS,
  type CreateAdditionalFeeRequest,
  type AdditionalFeeSetting,
  type UpdateAdditionalFeeRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow, insertEntityRow } from '../../lib/entity-rows.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './config.js';
import { existingProductIds } from '../catalog/index.js';
import { feeInput, feeValues, fmt, invalid, toFee } from './model.js';
import { additionalFeeSettings } from './tables.js';

/** Per-product fees name products that exist (a product deleted later simply matches no line). */
async function assertProducts(ctx: Ctx, ids: string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const known = await existingProductIds(ctx, ids);
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) throw invalid(`additionalFee.catalogItemIds[${i}]`, `product ${ids[i]} does not exist`);
}

export async function listFees(ctx: Ctx): Promise<AdditionalFeeSetting[]> {
  const f = await fmt(ctx);
  const rows = await ctx.db
    .select()
    .from(additionalFeeSettings)
    .orderBy(additionalFeeSettings.createdDate, additionalFeeSettings.id);
  return rows.map((r) => toFee(r, f));
}

export async function getFee(ctx: Ctx, id: string): Promise<AdditionalFeeSetting> {
  const [row] = await ctx.db.select().from(additionalFeeSettings).where(eq(additionalFeeSettings.id, id)).limit(1);
  if (!row) throw notFound('Additional fee');
  return toFee(row, await fmt(ctx));
}

export async function createFee(ctx: Ctx, req: CreateAdditionalFeeRequest): Promise<AdditionalFeeSetting> {
  const f = await fmt(ctx);
  const values = feeValues(req.additionalFee, f);
  return afterWrite(
    withTx(ctx, async (tx) => {
      await assertProducts(tx, req.additionalFee.catalogItemIds);
      const row = await insertEntityRow(tx, additionalFeeSettings, values);
      const fee = toFee(row, f);
      await emitEvent(tx, { type: 'ecom.additional_fee.created', entityId: fee.id, entity: fee });
      return fee;
    }),
  );
}

export async function updateFee(ctx: Ctx, id: string, req: UpdateAdditionalFeeRequest): Promise<AdditionalFeeSetting> {
  checkFieldMask(req.fieldMask.paths, ADDITIONAL_FEE_MASK_PATHS, req.additionalFee, 'additionalFee');
  const f = await fmt(ctx);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const [existing] = await tx.db
        .select()
        .from(additionalFeeSettings)
        .where(eq(additionalFeeSettings.id, id))
        .for('update');
      if (!existing) throw notFound('Additional fee');
      const next = applyFieldMask(feeInput(toFee(existing, f)), req.additionalFee, req.fieldMask.paths);
      if (req.fieldMask.paths.includes('catalogItemIds')) await assertProducts(tx, next.catalogItemIds);
      const [row] = await tx.db
        .update(additionalFeeSettings)
        .set({ ...feeValues(next, f), updatedDate: tx.clock() })
        .where(eq(additionalFeeSettings.id, id))
        .returning();
      const fee = toFee(row!, f);
      return emitUpdated(tx, 'ecom.additional_fee.updated', id, fee, req.fieldMask.paths);
    }),
  );
}

export async function deleteFee(ctx: Ctx, id: string): Promise<void> {
  const f = await fmt(ctx);
  await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, additionalFeeSettings, id, 'Additional fee');
      await emitEvent(tx, { type: 'ecom.additional_fee.deleted', entityId: id, entity: toFee(row, f) });
    }),
  );
}
