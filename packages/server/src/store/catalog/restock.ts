import { eq } from 'drizzle-orm';
import type { Product } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { catalogProducts, catalogVariants } from './tables.js';

/** The stock of a product and its variants, before a catalog change (compared with the product after it). */
export interface StockState {
  inventory: { inStock: boolean };
  variants: Array<{ id: string; inventory: { inStock: boolean } }>;
}

/** Another module's part when a product's stock may have changed, inside the catalog's transaction. */
export type StockChangedHandler = (tx: Ctx, before: StockState, after: Product) => Promise<void>;

let handler: StockChangedHandler = async () => undefined;

/** Set once by the app (src/module-wiring.ts): back-in-stock answers it, so the catalog need not import it. */
export function onStockChanged(registered: StockChangedHandler): void {
  handler = registered;
}

/** Called by update and adjust-inventory after they wrote `after`. */
export function stockChanged(tx: Ctx, before: StockState, after: Product): Promise<void> {
  return handler(tx, before, after);
}

/** Reads the stock state of a product inside the catalog's transaction, before it changes. */
export async function stockBefore(ctx: Ctx, productId: string): Promise<StockState> {
  const [[p], variants] = await Promise.all([
    ctx.db.select({ inStock: catalogProducts.inStock }).from(catalogProducts).where(eq(catalogProducts.id, productId)),
    ctx.db
      .select({ id: catalogVariants.id, inStock: catalogVariants.inStock })
      .from(catalogVariants)
      .where(eq(catalogVariants.productId, productId)),
  ]);
  return {
    inventory: { inStock: p?.inStock ?? true },
    variants: variants.map((v) => ({ id: v.id, inventory: { inStock: v.inStock } })),
  };
}
