import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../kernel/context.js';
import { createReadCache } from '../../lib/cache.js';
import { catalogChanged, type ShopperAccess } from '../catalog/index.js';
import { planAccess, planMemberships } from './tables.js';
import { uuidArray } from '../../lib/uuid-array.js';

/**
 * Member-only products and collections (table plan_access, written from MEMBER_ONLY benefits). A product is hidden
 * from a caller when any row names it or one of its collections, unless the caller holds one of those rows' plans;
 * a collection named by a row likewise. Managers see everything.
 */

/** The plans a member holds at `at`: ACTIVE (a canceled one too, until its end) and not past its endDate. */
export async function heldPlanIds(ctx: Ctx, memberId: string, at: Date): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ planId: planMemberships.planId })
    .from(planMemberships)
    .where(
      and(
        eq(planMemberships.memberId, memberId),
        eq(planMemberships.status, 'ACTIVE'),
        or(isNull(planMemberships.endDate), gt(planMemberships.endDate, at)),
      ),
    );
  return rows.map((r) => r.planId).sort();
}

/** Rows of plan_access naming the product `id`, directly or through one of its collections. */
const namingProduct = (id: SQL) =>
  sql`(a.product_id = ${id} OR a.collection_id IN (
    SELECT pc.collection_id FROM catalog_product_collections pc WHERE pc.product_id = ${id}))`;

/**
 * SQL true when the product whose id is `id` is open to a caller holding `held`: no row names it (nor one of its
 * collections), or one that does is of a held plan. Two NOT EXISTS on the indexed columns keep a plain product cheap.
 */
export function productOpenSql(held: string[], id: SQL): SQL {
  const unnamed = sql`(NOT EXISTS (SELECT 1 FROM plan_access a WHERE a.product_id = ${id})
    AND NOT EXISTS (SELECT 1 FROM catalog_product_collections pc JOIN plan_access a ON a.collection_id = pc.collection_id
      WHERE pc.product_id = ${id}))`;
  if (!held.length) return unnamed;
  return sql`(${unnamed} OR EXISTS (SELECT 1 FROM plan_access a WHERE a.plan_id = ANY(${uuidArray(held)})
    AND ${namingProduct(id)}))`;
}

/** SQL true when the collection whose id is `id` is open to a caller holding `held`. */
export function collectionOpenSql(held: string[], id: SQL): SQL {
  const unnamed = sql`NOT EXISTS (SELECT 1 FROM plan_access a WHERE a.collection_id = ${id})`;
  if (!held.length) return unnamed;
  return sql`(${unnamed} OR EXISTS (SELECT 1 FROM plan_access a WHERE a.collection_id = ${id}
    AND a.plan_id = ANY(${uuidArray(held)})))`;
}

/**
 * Whether any plan_access row exists, kept 2 s per node like the catalog's pages: with none (a shop without
 * member-only items) shopper reads add no SQL at all. `planAccessChanged` clears it on this node at once.
 */
const anyAccessRows = createReadCache<boolean>(2_000, 1);

/** After a committed write to plan_access: this node's answers (and its cached catalog pages) go stale at once. */
export function planAccessChanged(): void {
  anyAccessRows.changed();
  catalogChanged();
}

/** Owners, contributors and API keys manage the shop: they see every product. */
const isManager = (ctx: Ctx): boolean =>
  ctx.caller.type === 'APP' ||
  (ctx.caller.type === 'MEMBER' && (ctx.caller.role === 'OWNER' || ctx.caller.role === 'CONTRIBUTOR'));

/**
 * The catalog's restriction for this caller (wired as the catalog's `useShopperAccess`). null for managers and for
 * the server's own work (no caller: every shopper route needs a token), and while nothing is member-only.
 */
export async function memberOnlyAccess(ctx: Ctx): Promise<ShopperAccess | null> {
  if (ctx.caller.type === 'NONE' || isManager(ctx)) return null;
  const any = await anyAccessRows.get(ctx, 'any', async () => {
    const [row] = await ctx.db.select({ planId: planAccess.planId }).from(planAccess).limit(1);
    return row !== undefined;
  });
  if (!any) return null;
  const held = ctx.caller.type === 'MEMBER' ? await heldPlanIds(ctx, ctx.caller.memberId, ctx.clock()) : [];
  return {
    key: `held:${held.join(',')}`,
    product: (id) => productOpenSql(held, id),
    collection: (id) => collectionOpenSql(held, id),
  };
}
