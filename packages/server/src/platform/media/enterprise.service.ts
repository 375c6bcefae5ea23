import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import {
  ENTERPRISE_ASSET_KINDS,
  ENTERPRISE_CATEGORY_PATHS,
  ENTERPRISE_ITEM_PATHS,
  type CreateEnterpriseCategoryRequest,
  type CreateEnterpriseItemRequest,
  type EnterpriseCategory,
  type EnterpriseItem,
  type FileDescriptor,
  type ListEnterpriseItemsQuery,
  type ListEnterpriseItemsResponse,
  type MediaType,
  type UpdateEnterpriseCategoryRequest,
  type UpdateEnterpriseItemRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { emitEvent, emitUpdated } from '../events/index.js';
import { markFilesUsed } from './files.service.js';
import {
  enterpriseCategories as cats,
  enterpriseItems as items,
  mediaFiles,
  type EnterpriseCategoryRow,
  type EnterpriseItemRow,
} from './tables.js';
import { toFileDescriptor } from './wire.js';

type Kind = (typeof ENTERPRISE_ASSET_KINDS)[number];
const TYPE_OF: Record<Kind, MediaType> = {
  image: 'IMAGE',
  vector: 'VECTOR',
  video: 'VIDEO',
  audio: 'AUDIO',
  document: 'DOCUMENT',
  archive: 'ARCHIVE',
  model3d: 'MODEL3D',
};

const toCategory = (r: EnterpriseCategoryRow): EnterpriseCategory => ({
  id: r.id,
  name: r.name,
  ...(r.description ? { description: r.description } : {}),
  ...(r.parentCategoryId ? { parentCategoryId: r.parentCategoryId } : {}),
  sortOrder: r.sortOrder,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

async function categoryRow(ctx: Ctx, id: string): Promise<EnterpriseCategoryRow | undefined> {
  const [row] = await ctx.db.select().from(cats).where(eq(cats.id, id)).limit(1);
  return row;
}

/** A parent must exist and must not be the category itself or inside it. */
async function checkParentCategory(ctx: Ctx, parentId: string, self?: string): Promise<void> {
  for (let at: string | null | undefined = parentId, hops = 0; at; hops++) {
    if (at === self || hops > 50)
      throw violation('category.parentCategoryId', 'VALIDATION', 'a category cannot go inside itself');
    const row = await categoryRow(ctx, at);
    if (!row) throw violation('category.parentCategoryId', 'VALIDATION', `there is no category ${parentId}`);
    at = row.parentCategoryId;
  }
}

export async function createCategory(ctx: Ctx, req: CreateEnterpriseCategoryRequest): Promise<EnterpriseCategory> {
  const c = req.category;
  return withTx(ctx, async (tx) => {
    if (c.parentCategoryId) await checkParentCategory(tx, c.parentCategoryId);
    const parent = c.parentCategoryId ? eq(cats.parentCategoryId, c.parentCategoryId) : isNull(cats.parentCategoryId);
    const [last] = await tx.db
      .select({ n: max(cats.sortOrder) })
      .from(cats)
      .where(parent);
    const now = ctx.clock();
    const [row] = await tx.db
      .insert(cats)
      .values({
        id: uuidv7(now.getTime()),
        name: c.name.trim(),
        description: c.description ?? null,
        parentCategoryId: c.parentCategoryId ?? null,
        // New categories go last among their siblings unless placed.
        sortOrder: c.sortOrder ?? (last?.n ?? -1) + 1,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    const category = toCategory(row!);
    await emitEvent(tx, { type: 'media.enterprise_category.created', entityId: category.id, entity: category });
    return category;
  });
}

export async function getCategory(ctx: Ctx, id: string): Promise<EnterpriseCategory> {
  const row = await categoryRow(ctx, id);
  if (!row) throw notFound('Category');
  return toCategory(row);
}

/** Every category (a brand library has tens), or one category's children; by sortOrder, then name. */
export async function listCategories(ctx: Ctx, parentId?: string): Promise<EnterpriseCategory[]> {
  const rows = await ctx.db
    .select()
    .from(cats)
    .where(parentId ? eq(cats.parentCategoryId, parentId) : undefined)
    .orderBy(asc(cats.sortOrder), asc(sql`lower(${cats.name})`), asc(cats.id));
  return rows.map(toCategory);
}

export async function updateCategory(
  ctx: Ctx,
  id: string,
  req: UpdateEnterpriseCategoryRequest,
): Promise<EnterpriseCategory> {
  checkFieldMask(req.fieldMask.paths, ENTERPRISE_CATEGORY_PATHS, req.category, 'category');
  return withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(cats).where(eq(cats.id, id)).for('update').limit(1);
    if (!row) throw notFound('Category');
    const next = applyFieldMask(toCategory(row), req.category, req.fieldMask.paths);
    if (req.fieldMask.paths.includes('parentCategoryId') && next.parentCategoryId)
      await checkParentCategory(tx, next.parentCategoryId, id);
    const [updated] = await tx.db
      .update(cats)
      .set({
        name: next.name.trim(),
        description: next.description ?? null,
        parentCategoryId: next.parentCategoryId ?? null,
        sortOrder: next.sortOrder,
        updatedDate: ctx.clock(),
      })
      .where(eq(cats.id, id))
      .returning();
    const category = toCategory(updated!);
    return emitUpdated(tx, 'media.enterprise_category.updated', id, category, req.fieldMask.paths);
  });
}

/** Only an empty category goes: its items and sub-categories would be lost otherwise (409 CATEGORY_NOT_EMPTY). */
export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(cats).where(eq(cats.id, id)).for('update').limit(1);
    if (!row) throw notFound('Category');
    const [[inside], [children]] = await Promise.all([
      tx.db.select({ n: count() }).from(items).where(eq(items.categoryId, id)),
      tx.db.select({ n: count() }).from(cats).where(eq(cats.parentCategoryId, id)),
    ]);
    if ((inside?.n ?? 0) + (children?.n ?? 0) > 0)
      throw new AppError('CONFLICT', 'Move or delete the items and categories inside it first', {
        applicationCode: 'CATEGORY_NOT_EMPTY',
      });
    await tx.db.delete(cats).where(eq(cats.id, id));
    await emitEvent(tx, { type: 'media.enterprise_category.deleted', entityId: id, entity: toCategory(row) });
  });
}

/** Every asset id must be a library file of its kind that is not in the trash; a 400 naming the asset otherwise. */
async function checkAssets(ctx: Ctx, assets: Partial<Record<Kind, string[]>>): Promise<Record<string, string[]>> {
  const ids = Object.values(assets).flat();
  const rows = ids.length ? await ctx.db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const clean: Record<string, string[]> = {};
  for (const kind of ENTERPRISE_ASSET_KINDS) {
    const list = assets[kind];
    if (!list?.length) continue;
    for (const [i, fileId] of list.entries()) {
      const file = byId.get(fileId);
      const field = `item.assets.${kind}[${i}]`;
      if (!file || file.state !== 'OK')
        throw violation(field, 'VALIDATION', `there is no file ${fileId} in the library`);
      if (file.mediaType !== TYPE_OF[kind])
        throw violation(
          field,
          'VALIDATION',
          `${file.displayName} is not a ${kind} file (it is ${file.mediaType.toLowerCase()})`,
        );
    }
    clean[kind] = [...new Set(list)];
  }
  return clean;
}

/** Items with their files (one query for a whole page); files trashed since are left out. */
async function toItems(ctx: Ctx, rows: EnterpriseItemRow[]): Promise<EnterpriseItem[]> {
  const ids = rows.flatMap((r) => Object.values(r.assets).flat());
  const files = ids.length ? await ctx.db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids)) : [];
  const byId = new Map(files.filter((f) => f.state === 'OK').map((f) => [f.id, toFileDescriptor(ctx, f)]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    ...(r.description ? { description: r.description } : {}),
    categoryId: r.categoryId,
    sortOrder: r.sortOrder,
    assets: Object.fromEntries(
      Object.entries(r.assets)
        .map(([kind, list]) => [kind, list.flatMap((id) => byId.get(id) ?? [])] as [string, FileDescriptor[]])
        .filter(([, list]) => list.length),
    ),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  }));
}

async function itemRow(ctx: Ctx, id: string, lock = false): Promise<EnterpriseItemRow> {
  const q = ctx.db.select().from(items).where(eq(items.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Item');
  return row;
}

export async function createItem(ctx: Ctx, req: CreateEnterpriseItemRequest): Promise<EnterpriseItem> {
  const i = req.item;
  return withTx(ctx, async (tx) => {
    if (!(await categoryRow(tx, i.categoryId)))
      throw violation('item.categoryId', 'VALIDATION', `there is no category ${i.categoryId}`);
    const assets = await checkAssets(tx, i.assets);
    const [last] = await tx.db
      .select({ n: max(items.sortOrder) })
      .from(items)
      .where(eq(items.categoryId, i.categoryId));
    const now = ctx.clock();
    const [row] = await tx.db
      .insert(items)
      .values({
        id: uuidv7(now.getTime()),
        title: i.title.trim(),
        description: i.description ?? null,
        categoryId: i.categoryId,
        sortOrder: i.sortOrder ?? (last?.n ?? -1) + 1,
        assets,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    const [item] = await toItems(tx, [row!]);
    await emitEvent(tx, { type: 'media.enterprise_item.created', entityId: item!.id, entity: item });
    await markFilesUsed(
      tx,
      Object.values(assets)
        .flat()
        .map((id) => `/media/v1/f/${id}/`),
    );
    return item!;
  });
}

export async function getItem(ctx: Ctx, id: string): Promise<EnterpriseItem> {
  const [item] = await toItems(ctx, [await itemRow(ctx, id)]);
  return item!;
}

export async function updateItem(ctx: Ctx, id: string, req: UpdateEnterpriseItemRequest): Promise<EnterpriseItem> {
  checkFieldMask(req.fieldMask.paths, ENTERPRISE_ITEM_PATHS, req.item, 'item');
  const paths = req.fieldMask.paths;
  return withTx(ctx, async (tx) => {
    const row = await itemRow(tx, id, true);
    const set: Partial<EnterpriseItemRow> = { updatedDate: ctx.clock() };
    if (paths.includes('title')) set.title = req.item.title!.trim();
    if (paths.includes('description')) set.description = req.item.description || null;
    if (paths.includes('sortOrder')) set.sortOrder = req.item.sortOrder!;
    if (paths.includes('categoryId')) {
      if (!(await categoryRow(tx, req.item.categoryId!)))
        throw violation('item.categoryId', 'VALIDATION', `there is no category ${req.item.categoryId}`);
      set.categoryId = req.item.categoryId!;
    }
    if (paths.some((p) => p === 'assets' || p.startsWith('assets.'))) {
      set.assets = await checkAssets(tx, { ...row.assets, ...req.item.assets });
      await markFilesUsed(
        tx,
        Object.values(set.assets)
          .flat()
          .map((f) => `/media/v1/f/${f}/`),
      );
    }
    const [updated] = await tx.db.update(items).set(set).where(eq(items.id, id)).returning();
    const [item] = await toItems(tx, [updated!]);
    await emitEvent(tx, { type: 'media.enterprise_item.updated', entityId: id, entity: item, modifiedFields: paths });
    return item!;
  });
}

export async function deleteItem(ctx: Ctx, id: string): Promise<void> {
  await withTx(ctx, async (tx) => {
    const [item] = await toItems(tx, [await itemRow(tx, id, true)]);
    await tx.db.delete(items).where(eq(items.id, id));
    await emitEvent(tx, { type: 'media.enterprise_item.deleted', entityId: id, entity: item });
  });
}

const CURSOR = 'media-enterprise-items-cursor';

/** Items of one category (or all), in the category's order. */
export async function listItems(ctx: Ctx, q: ListEnterpriseItemsQuery): Promise<ListEnterpriseItemsResponse> {
  const limit = q.limit ?? 50;
  const at = q.cursor
    ? decodeSignedCursor<{ c?: string; o: number }>(ctx, CURSOR, q.cursor)
    : { ...(q.categoryId ? { c: q.categoryId } : {}), o: 0 };
  const rows = await ctx.db
    .select()
    .from(items)
    .where(at.c ? and(eq(items.categoryId, at.c)) : undefined)
    .orderBy(asc(items.categoryId), asc(items.sortOrder), asc(items.id))
    .limit(limit + 1)
    .offset(at.o);
  const page = rows.slice(0, limit);
  return {
    items: await toItems(ctx, page),
    nextCursor: {
      count: page.length,
      cursors: rows.length > limit ? { next: encodeSignedCursor(ctx, CURSOR, { ...at, o: at.o + limit }) } : {},
    },
  };
}
