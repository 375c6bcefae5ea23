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
import { entityCrud, type EntityCrud } from '../entity-crud/index.js';
import { afterWrite } from './config.js';
import { fmt, type Fmt, invalid, optionInput, optionValues, toOption } from './model.js';
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
const optionCrud = entityCrud({
  table: shippingOptions,
  what: 'Shipping option',
  events: {
    created: 'ecom.shipping_option.created',
    updated: 'ecom.shipping_option.updated',
    deleted: 'ecom.shipping_option.deleted',
  },
  fmt,
  afterWrite,
  toEntity: toOption,
  toInput: (row, f) => optionInput(toOption(row, f)),
  values: optionValues,
} satisfies EntityCrud<typeof shippingOptions, ShippingOption, ShippingOptionInput, Fmt>);

/** Reading one and deleting one need nothing of their own. */
export const { get: getOption, remove: deleteOption } = optionCrud;

export async function listOptions(ctx: Ctx, query: ListShippingOptionsQuery): Promise<ShippingOption[]> {
  return optionCrud.list(
    ctx,
    query.shippingRegionId ? eq(shippingOptions.regionId, query.shippingRegionId) : undefined,
  );
}

export async function createOption(ctx: Ctx, req: CreateShippingOptionRequest): Promise<ShippingOption> {
  return optionCrud.create(ctx, req.shippingOption, (tx) => assertRegion(tx, req.shippingOption));
}

export async function updateOption(ctx: Ctx, id: string, req: UpdateShippingOptionRequest): Promise<ShippingOption> {
  checkFieldMask(req.fieldMask.paths, SHIPPING_OPTION_MASK_PATHS, req.shippingOption, 'shippingOption');
  const mask = { paths: req.fieldMask.paths, patch: req.shippingOption };
  // The option's own values are checked before its region, as they always were.
  return optionCrud.update(ctx, id, mask, async (tx, next, f) => {
    const values = optionValues(next, f);
    if (mask.paths.includes('shippingRegionId')) await assertRegion(tx, next);
    return values;
  });
}
