import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { catalogCollections, catalogProducts, catalogVariants } from './tables.js';

/** Small reads other modules ask of the catalog's tables, which stay the catalog's own. */

/** An item's stock: counted (`track`, `quantity`) or the owner's flag (`inStock`), and whether shoppers see it. */
export interface ItemStock {
  track: boolean;
  quantity: number | null;
  inStock: boolean;
  visible: boolean;
}

const stockColumns = <T extends typeof catalogProducts | typeof catalogVariants>(t: T) => ({
  track: t.trackQuantity,
  quantity: t.quantity,
  inStock: t.inStock,
  visible: t.visible,
});

/** A product's own stock (its variants aside); undefined when there is no such product. */
export async function productStock(ctx: Ctx, productId: string): Promise<ItemStock | undefined> {
  const [row] = await ctx.db
    .select(stockColumns(catalogProducts))
    .from(catalogProducts)
    .where(eq(catalogProducts.id, productId))
    .limit(1);
  return row;
}

/** A variant's stock; undefined when there is no such variant of that product. */
export async function variantStock(ctx: Ctx, productId: string, variantId: string): Promise<ItemStock | undefined> {
  const [row] = await ctx.db
    .select(stockColumns(catalogVariants))
    .from(catalogVariants)
    .where(and(eq(catalogVariants.id, variantId), eq(catalogVariants.productId, productId)))
    .limit(1);
  return row;
}

/** The stock of what a line names: its variant when it names one, else its product. */
export function itemStock(ctx: Ctx, productId: string, variantId: string | undefined): Promise<ItemStock | undefined> {
  return variantId ? variantStock(ctx, productId, variantId) : productStock(ctx, productId);
}

/** A product's slug (its page is /products/<slug>); undefined when there is no such product. */
export async function productSlug(ctx: Ctx, productId: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ slug: catalogProducts.slug })
    .from(catalogProducts)
    .where(eq(catalogProducts.id, productId));
  return row?.slug;
}

/** Whether the catalog holds any product at all (the demo catalog is seeded only into an empty one). */
export async function hasProducts(ctx: Ctx): Promise<boolean> {
  const [any] = await ctx.db.select({ id: catalogProducts.id }).from(catalogProducts).limit(1);
  return any !== undefined;
}

/** Which of these product ids exist. */
export async function existingProductIds(ctx: Ctx, ids: string[]): Promise<Set<string>> {
  const found = await ctx.db
    .select({ id: catalogProducts.id })
    .from(catalogProducts)
    .where(inArray(catalogProducts.id, ids));
  return new Set(found.map((p) => p.id));
}

/** Which of these collection ids exist (hidden ones too: owners pick them for plans and rules). */
export async function existingCollectionIds(ctx: Ctx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await ctx.db
    .select({ id: catalogCollections.id })
    .from(catalogCollections)
    .where(inArray(catalogCollections.id, ids));
  return new Set(found.map((c) => c.id));
}

/** The private media file each of these products delivers, by product id (products without one are left out). */
export async function digitalFileIds(ctx: Ctx, productIds: string[]): Promise<Map<string, string>> {
  const products = await ctx.db
    .select({ id: catalogProducts.id, fileId: catalogProducts.digitalFileId })
    .from(catalogProducts)
    .where(inArray(catalogProducts.id, productIds));
  return new Map(products.filter((p) => p.fileId).map((p) => [p.id, p.fileId!]));
}
