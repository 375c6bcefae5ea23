import type { ProductMedia } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';

/** What products and variants both carry for a line: SKU, weight, stock and whether it is shown. */
interface PricedStockKeeping {
  sku: string | null;
  weightValue: number | null;
  weightUnit: string | null;
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  visible: boolean;
}

/** What pricing and checking a line read of its product (the catalog's row carries more). */
export interface PricedProduct extends PricedStockKeeping {
  id: string;
  name: string;
  slug: string;
  media: ProductMedia[];
  productType: string;
  priceMinor: bigint;
  compareAtMinor: bigint | null;
  subscriptionOptions: Record<string, unknown> | null;
  depositMinor: bigint | null;
  taxGroupId: string | null;
}

/** What pricing and checking a line read of its variant. */
export interface PricedVariant extends PricedStockKeeping {
  id: string;
  productId: string;
  choices: Record<string, string>;
  priceMinor: bigint | null;
}

/** The products of some lines, with their variants and collections, by id. */
export interface LineCatalog {
  products: Map<string, PricedProduct>;
  variants: Map<string, PricedVariant>;
  collections: Map<string, string[]>;
}

/**
 * Products already read in this request (a cart reads them once for checking and pricing). `cached`: a cart change
 * may take them from the node's short cache (the catalog's read cache).
 */
export type CatalogMemo = LineCatalog & { cached?: boolean };
export const newCatalogMemo = (cached = false): CatalogMemo => ({
  products: new Map(),
  variants: new Map(),
  collections: new Map(),
  cached,
});

/** Reads products into the memo (those it holds are not read again) and returns it. */
export type LineCatalogLoader = (ctx: Ctx, productIds: string[], memo: CatalogMemo) => Promise<LineCatalog>;

let loader: LineCatalogLoader | undefined;

/**
 * Set once by the app (src/module-wiring.ts): the catalog reads its own tables, and it prices with pricing's money,
 * so pricing asks for products through this instead of importing the catalog back.
 */
export function useLineCatalog(registered: LineCatalogLoader): void {
  loader = registered;
}

/** Products with their variants and collections, in one statement (see the catalog's lines.sql.ts). */
export function loadCatalog(
  ctx: Ctx,
  productIds: string[],
  memo: CatalogMemo = newCatalogMemo(),
): Promise<LineCatalog> {
  if (!loader) throw new Error('The line catalog is not registered (buildApp wires it)');
  return loader(ctx, productIds, memo);
}
