import {
  ADDITIONAL_FEE_MASK_PATHS,
  type CreateAdditionalFeeRequest,
  type AdditionalFeeSetting,
  type AdditionalFeeSettingInput,
  type UpdateAdditionalFeeRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { entityCrud, type EntityCrud } from '../entity-crud/index.js';
import { afterWrite } from './config.js';
import { existingProductIds } from '../catalog/index.js';
import { feeInput, feeValues, fmt, type Fmt, invalid, toFee } from './model.js';
import { additionalFeeSettings } from './tables.js';

/** Per-product fees name products that exist (a product deleted later simply matches no line). */
async function assertProducts(ctx: Ctx, ids: string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const known = await existingProductIds(ctx, ids);
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) throw invalid(`additionalFee.catalogItemIds[${i}]`, `product ${ids[i]} does not exist`);
}

/** Additional fees: their `catalogItemIds` name products that exist. */
const feeCrud = entityCrud({
  table: additionalFeeSettings,
  what: 'Additional fee',
  events: {
    created: 'ecom.additional_fee.created',
    updated: 'ecom.additional_fee.updated',
    deleted: 'ecom.additional_fee.deleted',
  },
  fmt,
  afterWrite,
  toEntity: toFee,
  toInput: (row, f) => feeInput(toFee(row, f)),
  values: feeValues,
} satisfies EntityCrud<typeof additionalFeeSettings, AdditionalFeeSetting, AdditionalFeeSettingInput, Fmt>);

/** Reading one and deleting one need nothing of their own. */
export const { get: getFee, remove: deleteFee } = feeCrud;

export async function listFees(ctx: Ctx): Promise<AdditionalFeeSetting[]> {
  return feeCrud.list(ctx);
}

export async function createFee(ctx: Ctx, req: CreateAdditionalFeeRequest): Promise<AdditionalFeeSetting> {
  return feeCrud.create(ctx, req.additionalFee, (tx) => assertProducts(tx, req.additionalFee.catalogItemIds));
}

export async function updateFee(ctx: Ctx, id: string, req: UpdateAdditionalFeeRequest): Promise<AdditionalFeeSetting> {
  checkFieldMask(req.fieldMask.paths, ADDITIONAL_FEE_MASK_PATHS, req.additionalFee, 'additionalFee');
  const mask = { paths: req.fieldMask.paths, patch: req.additionalFee };
  return feeCrud.update(ctx, id, mask, async (tx, next, f) => {
    if (mask.paths.includes('catalogItemIds')) await assertProducts(tx, next.catalogItemIds);
    return feeValues(next, f);
  });
}
