import { eq } from 'drizzle-orm';
import {
  PICKUP_LOCATION_MASK_PATHS,
  type CreatePickupLocationRequest,
  type PickupLocation,
  type UpdatePickupLocationRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow, insertEntityRow } from '../../lib/entity-rows.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './config.js';
import { fmt, pickupInput, pickupValues, toPickup } from './model.js';
import { pickupLocations } from './tables.js';

export async function listPickups(ctx: Ctx): Promise<PickupLocation[]> {
  const f = await fmt(ctx);
  const rows = await ctx.db.select().from(pickupLocations).orderBy(pickupLocations.createdDate, pickupLocations.id);
  return rows.map((r) => toPickup(r, f));
}

export async function getPickup(ctx: Ctx, id: string): Promise<PickupLocation> {
  const [row] = await ctx.db.select().from(pickupLocations).where(eq(pickupLocations.id, id)).limit(1);
  if (!row) throw notFound('Pickup location');
  return toPickup(row, await fmt(ctx));
}

export async function createPickup(ctx: Ctx, req: CreatePickupLocationRequest): Promise<PickupLocation> {
  const f = await fmt(ctx);
  const values = pickupValues(req.pickupLocation, f);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const row = await insertEntityRow(tx, pickupLocations, values);
      const pickup = toPickup(row, f);
      await emitEvent(tx, { type: 'ecom.pickup_location.created', entityId: pickup.id, entity: pickup });
      return pickup;
    }),
  );
}

export async function updatePickup(ctx: Ctx, id: string, req: UpdatePickupLocationRequest): Promise<PickupLocation> {
  checkFieldMask(req.fieldMask.paths, PICKUP_LOCATION_MASK_PATHS, req.pickupLocation, 'pickupLocation');
  const f = await fmt(ctx);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const [existing] = await tx.db.select().from(pickupLocations).where(eq(pickupLocations.id, id)).for('update');
      if (!existing) throw notFound('Pickup location');
      const next = applyFieldMask(pickupInput(toPickup(existing, f)), req.pickupLocation, req.fieldMask.paths);
      const [row] = await tx.db
        .update(pickupLocations)
        .set({ ...pickupValues(next, f), updatedDate: tx.clock() })
        .where(eq(pickupLocations.id, id))
        .returning();
      const pickup = toPickup(row!, f);
      return emitUpdated(tx, 'ecom.pickup_location.updated', id, pickup, req.fieldMask.paths);
    }),
  );
}

export async function deletePickup(ctx: Ctx, id: string): Promise<void> {
  const f = await fmt(ctx);
  await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, pickupLocations, id, 'Pickup location');
      await emitEvent(tx, { type: 'ecom.pickup_location.deleted', entityId: id, entity: toPickup(row, f) });
    }),
  );
}
