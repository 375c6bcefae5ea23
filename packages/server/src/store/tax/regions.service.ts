import { eq, sql } from 'drizzle-orm';
import {
  TAX_REGION_MASK_PATHS,
  type CreateTaxRegionRequest,
  type TaxRegion,
  type TaxRegionInput,
  type UpdateTaxRegionRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow } from '../../lib/entity-rows.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { taxConfig, type RegionRow } from './config.js';
import { taxRegions } from './tables.js';

const toRegion = (r: RegionRow): TaxRegion => ({
  id: r.id,
  country: r.country,
  ...(r.subdivision ? { subdivision: r.subdivision } : {}),
  jurisdictions: r.jurisdictions,
  groupOverrides: r.groupOverrides,
  taxShipping: r.taxShipping,
  taxFees: r.taxFees,
  ...(r.calculationOverride ? { calculationOverride: r.calculationOverride } : {}),
  fallbackRate: r.fallbackRate,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

const placeTaken = (country: string, subdivision: string) =>
  new AppError('CONFLICT', `A tax region for ${subdivision || country} already exists`, {
    applicationCode: 'TAX_REGION_ALREADY_EXISTS',
  });
const isUniqueViolation = (e: unknown) =>
  ((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code) === '23505';

/** What the schema cannot say: subdivisions of the region's country, overrides of known groups, rate xor exempt. */
async function checkRegion(ctx: Ctx, r: Pick<RegionRow, 'country' | 'subdivision' | 'groupOverrides'>) {
  if (r.subdivision && !r.subdivision.startsWith(`${r.country}-`)) {
    throw violation('taxRegion.subdivision', 'VALIDATION', `${r.subdivision} is not in ${r.country}`);
  }
  const groups = new Set((await taxConfig.get(ctx)).groups.map((g) => g.id));
  const seen = new Set<string>();
  for (const [i, o] of r.groupOverrides.entries()) {
    const field = `taxRegion.groupOverrides[${i}]`;
    if (!groups.has(o.taxGroupId)) {
      throw violation(`${field}.taxGroupId`, 'VALIDATION', `No tax group ${o.taxGroupId}`);
    }
    if (seen.has(o.taxGroupId)) throw violation(`${field}.taxGroupId`, 'VALIDATION', 'Tax group listed twice');
    seen.add(o.taxGroupId);
    if ((o.rate === undefined) === !o.exempt) {
      throw violation(field, 'ONE_OF_ALIGNMENT', 'Give either a rate or exempt: true');
    }
  }
}

export async function listTaxRegions(ctx: Ctx): Promise<TaxRegion[]> {
  return (await taxConfig.get(ctx)).regions.map(toRegion);
}

export async function getTaxRegion(ctx: Ctx, id: string): Promise<TaxRegion> {
  const row = (await taxConfig.get(ctx)).regions.find((r) => r.id === id);
  if (!row) throw notFound('Tax region');
  return toRegion(row);
}

type RegionPatch = UpdateTaxRegionRequest['taxRegion'] | TaxRegionInput;
const fields = (input: RegionPatch, paths: readonly string[]) => {
  const set: Partial<RegionRow> = {};
  const given = input as Record<string, unknown>;
  for (const p of paths) {
    if (p === 'subdivision') set.subdivision = input.subdivision ?? '';
    else if (p === 'calculationOverride') set.calculationOverride = input.calculationOverride ?? null;
    else if (p === 'groupOverrides') set.groupOverrides = input.groupOverrides ?? [];
    else (set as Record<string, unknown>)[p] = given[p];
  }
  return set;
};

export async function createTaxRegion(ctx: Ctx, req: CreateTaxRegionRequest): Promise<TaxRegion> {
  const present = TAX_REGION_MASK_PATHS.filter((p) => (req.taxRegion as Record<string, unknown>)[p] !== undefined);
  const values = {
    subdivision: '',
    groupOverrides: [],
    taxShipping: false,
    taxFees: false,
    calculationOverride: null,
    fallbackRate: '0',
    ...fields(req.taxRegion, present),
  } as Omit<RegionRow, 'id' | 'createdDate' | 'updatedDate'>;
  await checkRegion(ctx, values);
  return taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      const now = tx.clock();
      const id = uuidv7(now.getTime());
      const [row] = await tx.db
        .insert(taxRegions)
        .values({ ...values, id, createdDate: now, updatedDate: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw placeTaken(values.country, values.subdivision);
      const region = toRegion(row);
      await emitEvent(tx, { type: 'ecom.tax_region.created', entityId: id, entity: region });
      return region;
    }),
  );
}

export async function updateTaxRegion(ctx: Ctx, id: string, req: UpdateTaxRegionRequest): Promise<TaxRegion> {
  // null (clearing subdivision, calculationOverride or groupOverrides) counts as present.
  checkFieldMask(req.fieldMask.paths, TAX_REGION_MASK_PATHS, req.taxRegion, 'taxRegion');
  const set = fields(req.taxRegion, req.fieldMask.paths);
  return taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      const [old] = await tx.db.select().from(taxRegions).where(eq(taxRegions.id, id)).for('update');
      if (!old) throw notFound('Tax region');
      const next = { ...old, ...set };
      await checkRegion(tx, next);
      const [row] = await tx.db
        .update(taxRegions)
        .set({ ...set, updatedDate: tx.clock() })
        .where(eq(taxRegions.id, id))
        .returning()
        .catch((e: unknown) => {
          throw isUniqueViolation(e) ? placeTaken(next.country, next.subdivision) : e;
        });
      const region = toRegion(row!);
      return emitUpdated(tx, 'ecom.tax_region.updated', id, region, req.fieldMask.paths);
    }),
  );
}

export async function deleteTaxRegion(ctx: Ctx, id: string): Promise<void> {
  await taxConfig.afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, taxRegions, id, 'Tax region');
      await emitEvent(tx, { type: 'ecom.tax_region.deleted', entityId: id, entity: toRegion(row) });
    }),
  );
}

/** Called when a tax group is deleted: regions stop overriding it. */
export async function dropGroupOverrides(tx: Ctx, groupId: string): Promise<void> {
  const rows = await tx.db
    .select()
    .from(taxRegions)
    .where(sql`${taxRegions.groupOverrides} @> ${JSON.stringify([{ taxGroupId: groupId }])}::jsonb`)
    .for('update');
  for (const r of rows) {
    const [row] = await tx.db
      .update(taxRegions)
      .set({ groupOverrides: r.groupOverrides.filter((o) => o.taxGroupId !== groupId), updatedDate: tx.clock() })
      .where(eq(taxRegions.id, r.id))
      .returning();
    await emitEvent(tx, {
      type: 'ecom.tax_region.updated',
      entityId: r.id,
      entity: toRegion(row!),
      modifiedFields: ['groupOverrides'],
    });
  }
}
