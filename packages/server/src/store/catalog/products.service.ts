import { libraryFileState, markFilesUsed } from '../../platform/media/index.js';
import { taxGroupExists } from '../tax/index.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  PRODUCT_MASK_PATHS,
  type AdjustInventoryRequest,
  type CreateProductRequest,
  type Product,
  type ProductInput,
  type UpdateProductRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { hasScope } from '../../kernel/caller.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { emitEvent } from '../../platform/events/index.js';
import { afterWrite } from './read-cache.js';
import { stockBefore, stockChanged } from './restock.js';
import { getSite } from '../../platform/site/index.js';
import { productRows, slugify, slugTaken, toInput, toProduct, type ProductRow } from './model.js';
import { readProducts } from './lines-read.js';
import { openProductIds, shopperAccess } from './access.js';
import { catalogCollections, catalogProductCollections, catalogProducts, catalogVariants } from './tables.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Owners and API keys with `catalog` manage the catalog and see hidden products. */
export const isCatalogAdmin = (ctx: Ctx): boolean =>
  (ctx.caller.type === 'MEMBER' && ctx.caller.role === 'OWNER') || hasScope(ctx.caller, 'catalog');

/** Rows → wire products, with variants and collections loaded in two queries for the whole page. */
export async function hydrate(ctx: Ctx, rows: ProductRow[]): Promise<Product[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [variants, links, site] = await Promise.all([
    ctx.db
      .select()
      .from(catalogVariants)
      .where(inArray(catalogVariants.productId, ids))
      .orderBy(asc(catalogVariants.productId), asc(catalogVariants.position)),
    ctx.db.select().from(catalogProductCollections).where(inArray(catalogProductCollections.productId, ids)),
    getSite(ctx),
  ]);
  return rows.map((r) =>
    toProduct(
      r,
      variants.filter((v) => v.productId === r.id),
      links.filter((l) => l.productId === r.id).map((l) => l.collectionId),
      site.locale,
    ),
  );
}

/** A product as shoppers see it: a DIGITAL product is a download, but which file it delivers is the owner's. */
export function forShoppers(p: Product): Product {
  if (!p.digitalFile) return p;
  const { digitalFile: _file, ...rest } = p;
  return rest;
}

/**
 * Products by id for a page of lines or orders: products, variants and collections in one statement for all of them.
 * Hidden ones only for catalog admins.
 */
export async function productsByIds(ctx: Ctx, ids: string[]): Promise<(Product | undefined)[]> {
  const uuids = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!uuids.length) return ids.map(() => undefined);
  const [found, site, access] = await Promise.all([readProducts(ctx, uuids), getSite(ctx), shopperAccess(ctx)]);
  const open = await openProductIds(ctx, access, [...found.keys()]);
  const admin = isCatalogAdmin(ctx);
  const byId = new Map<string, Product>();
  for (const { product, variants, collectionIds } of found.values()) {
    if ((!admin && !product.visible) || !open.has(product.id)) continue;
    const wire = toProduct(product, variants, collectionIds, site.locale);
    byId.set(product.id, admin ? wire : forShoppers(wire));
  }
  return ids.map((id) => byId.get(id));
}

/**
 * One product by id or slug; hidden ones only for catalog admins, member-only ones only for their plans' holders
 * (others get the same 404 as for a missing one).
 */
export async function getProduct(ctx: Ctx, by: { id: string } | { slug: string }): Promise<Product> {
  const access = await shopperAccess(ctx);
  const where = 'id' in by ? eq(catalogProducts.id, by.id) : eq(catalogProducts.slug, by.slug);
  const open = access ? access.product(sql`${catalogProducts.id}`) : undefined;
  const [row] = await ctx.db.select().from(catalogProducts).where(and(where, open)).limit(1);
  const admin = isCatalogAdmin(ctx);
  if (!row || (!row.visible && !admin)) throw notFound('Product');
  const product = (await hydrate(ctx, [row]))[0]!;
  return admin ? product : forShoppers(product);
}

async function assertCollections(ctx: Ctx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await ctx.db
    .select({ id: catalogCollections.id })
    .from(catalogCollections)
    .where(inArray(catalogCollections.id, ids));
  const known = new Set(found.map((c) => c.id));
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) throw violation(`product.collectionIds[${i}]`, 'VALIDATION', `collection ${ids[i]} does not exist`);
}

async function assertTaxGroup(ctx: Ctx, id: string): Promise<void> {
  if (await taxGroupExists(ctx, id)) return;
  throw violation('product.taxGroupId', 'VALIDATION', `tax group ${id} does not exist`);
}

/** A digital product delivers a private file of the media library (a public one could be downloaded by anyone). */
async function assertDigitalFile(ctx: Ctx, productType: string, fileId: string | undefined): Promise<void> {
  const field = 'product.digitalFile.fileId';
  if (productType !== 'DIGITAL') {
    throw violation('product.digitalFile', 'FIELD_NOT_ALLOWED', 'only DIGITAL products deliver a file');
  }
  if (fileId === undefined) return;
  const file = await libraryFileState(ctx, fileId);
  if (!file || file.trashed) throw violation(field, 'VALIDATION', `file ${fileId} is not in the media library`);
  if (!file.private) {
    throw violation(field, 'VALIDATION', 'the file must be private, or anyone could download it without buying');
  }
}

/** Writes the rows of a product (insert or replace) with its variants and collection links. */
async function writeProduct(
  ctx: Ctx,
  input: ProductInput,
  id: string,
  slug: { value: string; derived: boolean },
  existing?: ProductRow,
): Promise<ProductRow> {
  const currency = existing?.currency ?? (await getSite(ctx)).currency;
  const oldVariants = existing
    ? await ctx.db.select().from(catalogVariants).where(eq(catalogVariants.productId, id))
    : [];
  const { product, variants } = productRows(input, currency, id, oldVariants);
  await assertCollections(ctx, input.collectionIds ?? []);
  if (input.taxGroupId) await assertTaxGroup(ctx, input.taxGroupId);
  if (input.digitalFile) {
    // The file is checked when it is chosen: one trashed or made public later must not block every other edit.
    const changed = input.digitalFile.fileId !== existing?.digitalFileId;
    await assertDigitalFile(ctx, input.productType, changed ? input.digitalFile.fileId : undefined);
  }
  const now = ctx.clock();
  let row: ProductRow | undefined;
  // A derived slug that is taken gets -2, -3, …; a slug the caller chose is theirs or a 409.
  for (let n = 1; !row && n <= 50; n++) {
    const candidate = n === 1 ? slug.value : `${slug.value}-${n}`;
    const taken = await ctx.db
      .select({ id: catalogProducts.id })
      .from(catalogProducts)
      .where(and(eq(catalogProducts.slug, candidate), sql`${catalogProducts.id} <> ${id}`))
      .limit(1);
    if (taken.length) {
      if (!slug.derived) throw slugTaken(candidate);
      continue;
    }
    const values = { ...product, slug: candidate, updatedDate: now };
    [row] = existing
      ? await ctx.db.update(catalogProducts).set(values).where(eq(catalogProducts.id, id)).returning()
      : await ctx.db
          .insert(catalogProducts)
          .values({ ...values, createdDate: now })
          .onConflictDoNothing({ target: catalogProducts.slug })
          .returning();
    if (!row && !slug.derived) throw slugTaken(candidate);
  }
  if (!row) throw slugTaken(slug.value);
  if (existing) await ctx.db.delete(catalogVariants).where(eq(catalogVariants.productId, id));
  if (variants.length) await ctx.db.insert(catalogVariants).values(variants);
  if (existing) await ctx.db.delete(catalogProductCollections).where(eq(catalogProductCollections.productId, id));
  const collectionIds = input.collectionIds ?? [];
  if (collectionIds.length) {
    await ctx.db
      .insert(catalogProductCollections)
      .values(collectionIds.map((collectionId) => ({ productId: id, collectionId })));
  }
  return row;
}

/** The unique index on slug is the last word when two requests race for one slug. */
const onSlugRace = (e: unknown, slug: string): never => {
  const code =
    (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') throw slugTaken(slug);
  throw e;
};

export async function createProduct(ctx: Ctx, req: CreateProductRequest): Promise<Product> {
  const slug = req.product.slug
    ? { value: req.product.slug, derived: false }
    : { value: slugify(req.product.name), derived: true };
  return afterWrite(
    withTx(ctx, async (tx) => {
      const id = uuidv7(tx.clock().getTime());
      const row = await writeProduct(tx, req.product, id, slug).catch((e: unknown) => onSlugRace(e, slug.value));
      const [product] = await hydrate(tx, [row]);
      await emitEvent(tx, { type: 'catalog.product.created', entityId: id, entity: product });
      await markFilesUsed(
        tx,
        product!.media.map((m) => m.url),
      );
      return product!;
    }),
  );
}

async function lockProduct(ctx: Ctx, id: string): Promise<ProductRow> {
  const [row] = await ctx.db.select().from(catalogProducts).where(eq(catalogProducts.id, id)).for('update').limit(1);
  if (!row) throw notFound('Product');
  return row;
}

/** PATCH: only the masked paths change; the result is checked as a whole product. */
export async function updateProduct(ctx: Ctx, id: string, req: UpdateProductRequest): Promise<Product> {
  checkFieldMask(req.fieldMask.paths, PRODUCT_MASK_PATHS, req.product, 'product');
  return afterWrite(
    withTx(ctx, async (tx) => {
      const existing = await lockProduct(tx, id);
      const [before] = await hydrate(tx, [existing]);
      const next = applyFieldMask(toInput(before!), req.product, req.fieldMask.paths);
      const slug = req.fieldMask.paths.includes('slug')
        ? { value: req.product.slug!, derived: false }
        : { value: existing.slug, derived: false };
      const row = await writeProduct(tx, next, id, slug, existing).catch((e: unknown) => onSlugRace(e, slug.value));
      const [product] = await hydrate(tx, [row]);
      await emitEvent(tx, {
        type: 'catalog.product.updated',
        entityId: id,
        entity: product,
        modifiedFields: req.fieldMask.paths,
      });
      await stockChanged(tx, before!, product!);
      if (req.fieldMask.paths.includes('media'))
        await markFilesUsed(
          tx,
          product!.media.map((m) => m.url),
        );
      return product!;
    }),
  );
}

export async function deleteProduct(ctx: Ctx, id: string): Promise<void> {
  await afterWrite(
    withTx(ctx, async (tx) => {
      const existing = await lockProduct(tx, id);
      const [product] = await hydrate(tx, [existing]);
      await tx.db.delete(catalogProducts).where(eq(catalogProducts.id, id));
      await emitEvent(tx, { type: 'catalog.product.deleted', entityId: id, entity: product });
    }),
  );
}

/**
 * Sets or moves stock of a product or one variant under its row lock (FOR UPDATE), so concurrent adjustments add
 * up; placement takes counted stock with a conditional UPDATE instead (orders/stock.ts). A change from out of stock to in stock notifies the waiting back-in-stock requests.
 */
export async function adjustInventory(ctx: Ctx, id: string, req: AdjustInventoryRequest): Promise<Product> {
  const given = (['setQuantity', 'incrementBy', 'inStock'] as const).filter((k) => req[k] !== undefined);
  if (given.length !== 1) {
    throw new AppError('VALIDATION', 'Send exactly one of setQuantity, incrementBy or inStock', {
      violations: [
        {
          field: given[1] ?? 'setQuantity',
          violatedRule: 'REQUIRED_ONE_OF_FIELD',
          description: 'Send exactly one of setQuantity, incrementBy or inStock',
        },
      ],
    });
  }
  return afterWrite(
    withTx(ctx, async (tx) => {
      const product = await lockProduct(tx, id);
      const stock = await stockBefore(tx, id);
      let target: { trackQuantity: boolean; quantity: number | null; inStock: boolean } = product;
      if (req.variantId) {
        const [variant] = await tx.db
          .select()
          .from(catalogVariants)
          .where(and(eq(catalogVariants.id, req.variantId), eq(catalogVariants.productId, id)))
          .limit(1);
        if (!variant) throw notFound('Variant');
        target = variant;
      } else {
        const [anyVariant] = await tx.db
          .select({ id: catalogVariants.id })
          .from(catalogVariants)
          .where(eq(catalogVariants.productId, id))
          .limit(1);
        if (anyVariant) {
          throw violation('variantId', 'REQUIRED_FIELD', 'This product has variants: name the variant to adjust');
        }
      }
      let next: { trackQuantity: boolean; quantity: number | null; inStock: boolean };
      if (req.inStock !== undefined) next = { trackQuantity: false, quantity: null, inStock: req.inStock };
      else {
        const quantity = req.setQuantity ?? (target.quantity ?? 0) + req.incrementBy!;
        if (req.incrementBy !== undefined && !target.trackQuantity) {
          throw violation(
            'incrementBy',
            'VALIDATION',
            'Stock is not counted for this item: use setQuantity or inStock',
          );
        }
        if (quantity < 0) {
          throw violation(
            'incrementBy',
            'MIN',
            `incrementBy would take the quantity below 0 (it is ${target.quantity})`,
          );
        }
        next = { trackQuantity: true, quantity, inStock: quantity > 0 };
      }
      const now = tx.clock();
      if (req.variantId) {
        await tx.db.update(catalogVariants).set(next).where(eq(catalogVariants.id, req.variantId));
        const variants = await tx.db.select().from(catalogVariants).where(eq(catalogVariants.productId, id));
        await tx.db
          .update(catalogProducts)
          .set({ inStock: variants.some((v) => v.visible && v.inStock), updatedDate: now })
          .where(eq(catalogProducts.id, id));
      } else {
        await tx.db
          .update(catalogProducts)
          .set({ ...next, updatedDate: now })
          .where(eq(catalogProducts.id, id));
      }
      const [row] = await tx.db.select().from(catalogProducts).where(eq(catalogProducts.id, id));
      const [after] = await hydrate(tx, [row!]);
      const path = req.variantId ? 'variants' : 'inventory';
      await emitEvent(tx, { type: 'catalog.product.updated', entityId: id, entity: after, modifiedFields: [path] });
      await stockChanged(tx, stock, after!);
      return after!;
    }),
  );
}
