import {
  ADDITIONAL_FEE_MASK_PATHS,
  type CreateAdditionalFeeRequest,
  type AdditionalFeeSetting,
  type AdditionalFeeSettingInput,
  type UpdateAdditionalFeeRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { createEntity, deleteEntity, getEntity, listEntities, updateEntity, type ShippingEntity } from './entities.js';
import { existingProductIds } from '../catalog/index.js';
import { feeInput, feeValues, invalid, toFee } from './model.js';
import { additionalFeeSettings } from './tables.js';

/** Per-product fees name products that exist (a product deleted later simply matches no line). */
async function assertProducts(ctx: Ctx, ids: string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const known = await existingProductIds(ctx, ids);
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) throw invalid(`additionalFee.catalogItemIds[${i}]`, `product ${ids[i]} does not exist`);
}

/** Additional fees: their `catalogItemIds` name products that exist. */
const fee = {
  table: additionalFeeSettings,
  what: 'Additional fee',
  events: {
    created: 'ecom.additional_fee.created',
    updated: 'ecom.additional_fee.updated',
    deleted: 'ecom.additional_fee.deleted',
  },
  toEntity: toFee,
  toInput: feeInput,
  values: feeValues,
} satisfies ShippingEntity<typeof additionalFeeSettings, AdditionalFeeSetting, AdditionalFeeSettingInput>;

export async function listFees(ctx: Ctx): Promise<AdditionalFeeSetting[]> {
  return listEntities(ctx, fee);
}

export async function getFee(ctx: Ctx, id: string): Promise<AdditionalFeeSetting> {
  return getEntity(ctx, fee, id);
}

export async function createFee(ctx: Ctx, req: CreateAdditionalFeeRequest): Promise<AdditionalFeeSetting> {
  return createEntity(ctx, fee, req.additionalFee, (tx) => assertProducts(tx, req.additionalFee.catalogItemIds));
}

export async function updateFee(ctx: Ctx, id: string, req: UpdateAdditionalFeeRequest): Promise<AdditionalFeeSetting> {
  checkFieldMask(req.fieldMask.paths, ADDITIONAL_FEE_MASK_PATHS, req.additionalFee, 'additionalFee');
  const mask = { paths: req.fieldMask.paths, patch: req.additionalFee };
  return updateEntity(ctx, fee, id, mask, async (tx, next, f) => {
    if (mask.paths.includes('catalogItemIds')) await assertProducts(tx, next.catalogItemIds);
    return feeValues(next, f);
  });
}

export async function deleteFee(ctx: Ctx, id: string): Promise<void> {
  await deleteEntity(ctx, fee, id);
}
