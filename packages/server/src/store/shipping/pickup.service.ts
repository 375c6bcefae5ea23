import {
  PICKUP_LOCATION_MASK_PATHS,
  type CreatePickupLocationRequest,
  type PickupLocation,
  type PickupLocationInput,
  type UpdatePickupLocationRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { entityCrud, type EntityCrud } from '../entity-crud/index.js';
import { afterWrite } from './config.js';
import { fmt, type Fmt, pickupInput, pickupValues, toPickup } from './model.js';
import { pickupLocations } from './tables.js';

/** Pickup locations: no references to check. */
const pickupCrud = entityCrud({
  table: pickupLocations,
  what: 'Pickup location',
  events: {
    created: 'ecom.pickup_location.created',
    updated: 'ecom.pickup_location.updated',
    deleted: 'ecom.pickup_location.deleted',
  },
  fmt,
  afterWrite,
  toEntity: toPickup,
  toInput: (row, f) => pickupInput(toPickup(row, f)),
  values: pickupValues,
} satisfies EntityCrud<typeof pickupLocations, PickupLocation, PickupLocationInput, Fmt>);

/** Reading one and deleting one need nothing of their own. */
export const { get: getPickup, remove: deletePickup } = pickupCrud;

export async function listPickups(ctx: Ctx): Promise<PickupLocation[]> {
  return pickupCrud.list(ctx);
}

export async function createPickup(ctx: Ctx, req: CreatePickupLocationRequest): Promise<PickupLocation> {
  return pickupCrud.create(ctx, req.pickupLocation);
}

export async function updatePickup(ctx: Ctx, id: string, req: UpdatePickupLocationRequest): Promise<PickupLocation> {
  checkFieldMask(req.fieldMask.paths, PICKUP_LOCATION_MASK_PATHS, req.pickupLocation, 'pickupLocation');
  return pickupCrud.update(ctx, id, { paths: req.fieldMask.paths, patch: req.pickupLocation });
}
