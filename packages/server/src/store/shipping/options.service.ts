import { eq } from 'drizzle-orm';
import {
  SHIPPING_OPTION_MASK_PATHS,
  type CreateShippingOptionRequest,
  type ListShippingOptionsQuery,
  type ShippingOption,
  type ShippingOptionInput,
  type UpdateShippingOptionRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { createEntity, deleteEntity, getEntity, listEntities, updateEntity, type ShippingEntity } from './entities.js';
import { invalid, optionInput, optionValues, toOption } from './model.js';
import { shippingOptions, shippingRegions } from './tables.js';

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

/** Shipping options: each belongs to a shipping region that exists. */
const option = {
  table: shippingOptions,
  what: 'Shipping option',
  events: {
    created: 'ecom.shipping_option.created',
    updated: 'ecom.shipping_option.updated',
    deleted: 'ecom.shipping_option.deleted',
  },
  toEntity: toOption,
  toInput: optionInput,
  values: optionValues,
} satisfies ShippingEntity<typeof shippingOptions, ShippingOption, ShippingOptionInput>;

export async function listOptions(ctx: Ctx, query: ListShippingOptionsQuery): Promise<ShippingOption[]> {
  return listEntities(
    ctx,
    option,
    query.shippingRegionId ? eq(shippingOptions.regionId, query.shippingRegionId) : undefined,
  );
}

export async function getOption(ctx: Ctx, id: string): Promise<ShippingOption> {
  return getEntity(ctx, option, id);
}

export async function createOption(ctx: Ctx, req: CreateShippingOptionRequest): Promise<ShippingOption> {
  return createEntity(ctx, option, req.shippingOption, (tx) => assertRegion(tx, req.shippingOption));
}

export async function updateOption(ctx: Ctx, id: string, req: UpdateShippingOptionRequest): Promise<ShippingOption> {
  checkFieldMask(req.fieldMask.paths, SHIPPING_OPTION_MASK_PATHS, req.shippingOption, 'shippingOption');
  const mask = { paths: req.fieldMask.paths, patch: req.shippingOption };
  // The option's own values are checked before its region, as they always were.
  return updateEntity(ctx, option, id, mask, async (tx, next, f) => {
    const values = optionValues(next, f);
    if (mask.paths.includes('shippingRegionId')) await assertRegion(tx, next);
    return values;
  });
}

export async function deleteOption(ctx: Ctx, id: string): Promise<void> {
  await deleteEntity(ctx, option, id);
}
