import {
  PICKUP_LOCATION_MASK_PATHS,
  type CreatePickupLocationRequest,
  type PickupLocation,
  type PickupLocationInput,
  type UpdatePickupLocationRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { createEntity, deleteEntity, getEntity, listEntities, updateEntity, type ShippingEntity } from './entities.js';
import { pickupInput, pickupValues, toPickup } from './model.js';
import { pickupLocations } from './tables.js';

/** Pickup locations: no references to check. */
const pickup = {
  table: pickupLocations,
  what: 'Pickup location',
  events: {
    created: 'ecom.pickup_location.created',
    updated: 'ecom.pickup_location.updated',
    deleted: 'ecom.pickup_location.deleted',
  },
  toEntity: toPickup,
  toInput: pickupInput,
  values: pickupValues,
} satisfies ShippingEntity<typeof pickupLocations, PickupLocation, PickupLocationInput>;

export async function listPickups(ctx: Ctx): Promise<PickupLocation[]> {
  return listEntities(ctx, pickup);
}

export async function getPickup(ctx: Ctx, id: string): Promise<PickupLocation> {
  return getEntity(ctx, pickup, id);
}

export async function createPickup(ctx: Ctx, req: CreatePickupLocationRequest): Promise<PickupLocation> {
  return createEntity(ctx, pickup, req.pickupLocation);
}

export async function updatePickup(ctx: Ctx, id: string, req: UpdatePickupLocationRequest): Promise<PickupLocation> {
  checkFieldMask(req.fieldMask.paths, PICKUP_LOCATION_MASK_PATHS, req.pickupLocation, 'pickupLocation');
  return updateEntity(ctx, pickup, id, { paths: req.fieldMask.paths, patch: req.pickupLocation });
}

export async function deletePickup(ctx: Ctx, id: string): Promise<void> {
  await deleteEntity(ctx, pickup, id);
}
