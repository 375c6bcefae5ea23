import { eq, ne, sql } from 'drizzle-orm';
import {
  SHIPPING_REGION_MASK_PATHS,
  type CreateShippingRegionRequest,
  type ShippingRegion,
  type UpdateShippingRegionRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow } from '../../lib/entity-rows.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './config.js';
import { checkOverlap, checkRegion, fmt, regionInput, toOption, toRegion } from './model.js';
import { shippingOptions, shippingRegions } from './tables.js';

/** Region writes take this lock so two of them cannot both claim one destination. */
const REGION_WRITE_LOCK = 7_340_021;
const lockRegions = (ctx: Ctx) => ctx.db.execute(sql`SELECT pg_advisory_xact_lock(${REGION_WRITE_LOCK})`);

export async function listRegions(ctx: Ctx): Promise<ShippingRegion[]> {
  const rows = await ctx.db.select().from(shippingRegions).orderBy(shippingRegions.createdDate, shippingRegions.id);
  return rows.map(toRegion);
}

export async function getRegion(ctx: Ctx, id: string): Promise<ShippingRegion> {
  const [row] = await ctx.db.select().from(shippingRegions).where(eq(shippingRegions.id, id)).limit(1);
  if (!row) throw notFound('Shipping region');
  return toRegion(row);
}

export async function createRegion(ctx: Ctx, req: CreateShippingRegionRequest): Promise<ShippingRegion> {
  const input = req.shippingRegion;
  checkRegion(input);
  return afterWrite(
    withTx(ctx, async (tx) => {
      await lockRegions(tx);
      checkOverlap(input, await tx.db.select().from(shippingRegions));
      const now = tx.clock();
      const [row] = await tx.db
        .insert(shippingRegions)
        .values({
          id: uuidv7(now.getTime()),
          name: input.name,
          destinationScope: input.destinationScope,
          destinations: input.destinations ?? [],
          createdDate: now,
          updatedDate: now,
        })
        .returning();
      const region = toRegion(row!);
      await emitEvent(tx, { type: 'ecom.shipping_region.created', entityId: region.id, entity: region });
      return region;
    }),
  );
}

export async function updateRegion(ctx: Ctx, id: string, req: UpdateShippingRegionRequest): Promise<ShippingRegion> {
  checkFieldMask(req.fieldMask.paths, SHIPPING_REGION_MASK_PATHS, req.shippingRegion, 'shippingRegion');
  return afterWrite(
    withTx(ctx, async (tx) => {
      await lockRegions(tx);
      const next = applyFieldMask(regionInput(await getRegion(tx, id)), req.shippingRegion, req.fieldMask.paths);
      // Switching to WORLDWIDE drops the destinations unless the mask names them.
      if (next.destinationScope === 'WORLDWIDE' && !req.fieldMask.paths.includes('destinations'))
        next.destinations = [];
      checkRegion(next);
      checkOverlap(next, await tx.db.select().from(shippingRegions).where(ne(shippingRegions.id, id)));
      const [row] = await tx.db
        .update(shippingRegions)
        .set({
          name: next.name,
          destinationScope: next.destinationScope,
          destinations: next.destinations ?? [],
          updatedDate: tx.clock(),
        })
        .where(eq(shippingRegions.id, id))
        .returning();
      const region = toRegion(row!);
      return emitUpdated(tx, 'ecom.shipping_region.updated', id, region, req.fieldMask.paths);
    }),
  );
}

/** Deleting a region deletes its shipping options too (each with its own deleted event). */
export async function deleteRegion(ctx: Ctx, id: string): Promise<void> {
  await afterWrite(
    withTx(ctx, async (tx) => {
      const f = await fmt(tx);
      const options = await tx.db.delete(shippingOptions).where(eq(shippingOptions.regionId, id)).returning();
      const row = await deleteEntityRow(tx, shippingRegions, id, 'Shipping region');
      for (const o of options) {
        await emitEvent(tx, { type: 'ecom.shipping_option.deleted', entityId: o.id, entity: toOption(o, f) });
      }
      await emitEvent(tx, { type: 'ecom.shipping_region.deleted', entityId: id, entity: toRegion(row) });
    }),
  );
}
