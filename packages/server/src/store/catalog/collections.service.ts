import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  COLLECTION_MASK_PATHS,
  type Collection,
  type CreateCollectionRequest,
  type UpdateCollectionRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { checkFieldMask } from '../../lib/field-mask.js';
import { deleteEntityRow } from '../../lib/entity-rows.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent, emitUpdated } from '../../platform/events/index.js';
import { afterWrite } from './read-cache.js';
import { shopperAccess } from './access.js';
import { slugify } from './model.js';
import { isCatalogAdmin } from './products.service.js';
import { catalogCollections } from './tables.js';

type Row = typeof catalogCollections.$inferSelect;

const toCollection = (r: Row): Collection => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  ...(r.description !== null ? { description: r.description } : {}),
  visible: r.visible,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

const slugTaken = (slug: string) =>
  new AppError('CONFLICT', `The slug "${slug}" is already used by another collection`, {
    applicationCode: 'SLUG_ALREADY_EXISTS',
  });

const isUniqueViolation = (e: unknown) =>
  ((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code) === '23505';

/** Member-only collections: open to their plans' holders only (undefined: no restriction for this caller). */
async function openCollections(ctx: Ctx): Promise<SQL | undefined> {
  const access = await shopperAccess(ctx);
  return access?.collection(sql`${catalogCollections.id}`);
}

export async function listCollections(ctx: Ctx): Promise<Collection[]> {
  const rows = await ctx.db
    .select()
    .from(catalogCollections)
    .where(await openCollections(ctx))
    .orderBy(asc(catalogCollections.name));
  const admin = isCatalogAdmin(ctx);
  return rows.filter((r) => admin || r.visible).map(toCollection);
}

/** Collections by id in one statement, in the order asked; hidden or missing ones are undefined for shoppers. */
export async function collectionsByIds(ctx: Ctx, ids: string[]): Promise<(Collection | undefined)[]> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await ctx.db
        .select()
        .from(catalogCollections)
        .where(and(inArray(catalogCollections.id, unique), await openCollections(ctx)))
    : [];
  const admin = isCatalogAdmin(ctx);
  const byId = new Map(rows.filter((r) => admin || r.visible).map((r) => [r.id, toCollection(r)]));
  return ids.map((id) => byId.get(id));
}

export async function getCollection(ctx: Ctx, id: string): Promise<Collection> {
  const [row] = await ctx.db
    .select()
    .from(catalogCollections)
    .where(and(eq(catalogCollections.id, id), await openCollections(ctx)))
    .limit(1);
  if (!row || (!row.visible && !isCatalogAdmin(ctx))) throw notFound('Collection');
  return toCollection(row);
}

export async function createCollection(ctx: Ctx, req: CreateCollectionRequest): Promise<Collection> {
  const slug = req.collection.slug ?? slugify(req.collection.name);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const now = tx.clock();
      const [row] = await tx.db
        .insert(catalogCollections)
        .values({
          id: uuidv7(now.getTime()),
          name: req.collection.name,
          slug,
          description: req.collection.description ?? null,
          visible: req.collection.visible ?? true,
          createdDate: now,
          updatedDate: now,
        })
        .onConflictDoNothing({ target: catalogCollections.slug })
        .returning();
      if (!row) throw slugTaken(slug);
      const collection = toCollection(row);
      await emitEvent(tx, { type: 'catalog.collection.created', entityId: row.id, entity: collection });
      return collection;
    }),
  );
}

export async function updateCollection(ctx: Ctx, id: string, req: UpdateCollectionRequest): Promise<Collection> {
  checkFieldMask(req.fieldMask.paths, COLLECTION_MASK_PATHS, req.collection, 'collection');
  const set: Partial<Row> = {};
  for (const path of req.fieldMask.paths as Array<(typeof COLLECTION_MASK_PATHS)[number]>) {
    (set as Record<string, unknown>)[path] = req.collection[path];
  }
  return afterWrite(
    withTx(ctx, async (tx) => {
      const [row] = await tx.db
        .update(catalogCollections)
        .set({ ...set, updatedDate: tx.clock() })
        .where(eq(catalogCollections.id, id))
        .returning()
        .catch((e: unknown) => {
          throw isUniqueViolation(e) ? slugTaken(req.collection.slug ?? '') : e;
        });
      if (!row) throw notFound('Collection');
      const collection = toCollection(row);
      return emitUpdated(tx, 'catalog.collection.updated', id, collection, req.fieldMask.paths);
    }),
  );
}

/** Deleting a collection takes it off its products (the products stay). */
export async function deleteCollection(ctx: Ctx, id: string): Promise<void> {
  await afterWrite(
    withTx(ctx, async (tx) => {
      const row = await deleteEntityRow(tx, catalogCollections, id, 'Collection');
      await emitEvent(tx, { type: 'catalog.collection.deleted', entityId: id, entity: toCollection(row) });
    }),
  );
}
