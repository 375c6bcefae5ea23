import { sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { uuidArray } from '../../lib/uuid-array.js';

/**
 * Member-only reach as the catalog applies it. Which products and collections a caller may reach is the plans
 * module's (it sits above the catalog): it answers through `useShopperAccess`, wired in module-wiring.ts, and every
 * shopper read of products or collections asks `shopperAccess` once.
 */
export interface ShopperAccess {
  /** Part of a cache key: callers with the same key reach the same products (never a holder's page for others). */
  key: string;
  /** SQL that is true when the product whose id is `id` is open to the caller. */
  product(id: SQL): SQL;
  /** SQL that is true when the collection whose id is `id` is open to the caller. */
  collection(id: SQL): SQL;
}

/** null: the caller reaches every product (a manager, the server's own work, or nothing is member-only). */
export type ShopperAccessSource = (ctx: Ctx) => Promise<ShopperAccess | null>;

let source: ShopperAccessSource = () => Promise.resolve(null);

/** Set once by the app (module-wiring.ts): the plans module says who reaches what. */
export function useShopperAccess(fn: ShopperAccessSource): void {
  source = fn;
}

/** The caller's restriction, or null when there is none (then reads add nothing: the no-plans path stays as it was). */
export const shopperAccess = (ctx: Ctx): Promise<ShopperAccess | null> => source(ctx);

/** Which of these product ids (UUIDs) the caller may reach: one statement, and none without a restriction. */
export async function openProductIds(ctx: Ctx, access: ShopperAccess | null, ids: string[]): Promise<Set<string>> {
  if (!access || !ids.length) return new Set(ids);
  const res = await ctx.db.execute(sql`
    SELECT id FROM catalog_products WHERE id = ANY(${uuidArray(ids)}) AND ${access.product(sql`catalog_products.id`)}`);
  return new Set((res as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
}

/** Whether the caller may reach this product (true when there is no such restriction). */
export async function canReachProduct(ctx: Ctx, productId: string): Promise<boolean> {
  const access = await shopperAccess(ctx);
  return (await openProductIds(ctx, access, [productId])).has(productId);
}
