import type { Ctx } from '../../kernel/context.js';
import type { CatalogMemo, LineCatalog } from '../pricing/index.js';
import { preparedCatalogQuery } from './lines.sql.js';
import { productsForLines, type ProductForLines } from './read-cache.js';
import { openProductIds, shopperAccess } from './access.js';
import type { catalogVariants } from './tables.js';

/** What carts and checkouts price their lines from: products with their variants and collections. */

type VariantRow = typeof catalogVariants.$inferSelect;
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
type VariantJson = Omit<VariantRow, 'priceMinor'> & { priceMinor: string | null };

/** Reads products by id (one statement) into what carts need of them. */
export async function readProducts(ctx: Ctx, uuids: string[]): Promise<Map<string, ProductForLines>> {
  // One text parameter in PostgreSQL's array syntax (the ids were checked to be UUIDs).
  const ids = `{${uuids.join(',')}}`;
  const rows = await preparedCatalogQuery(ctx.db).execute({ ids });
  return new Map(
    rows.map((r) => [
      r.product.id,
      {
        product: r.product,
        collectionIds: json<string[]>(r.collectionIds),
        variants: json<VariantJson[]>(r.variants).map((x) => ({
          ...x,
          priceMinor: x.priceMinor === null ? null : BigInt(x.priceMinor),
        })),
      },
    ]),
  );
}

/**
 * Products with their variants and collections in ONE statement (subqueries aggregated to JSON). Products the memo
 * holds are not read again; a `cached` memo (a cart change) may take them from the node's short cache. Member-only
 * products the caller may not reach come back as not visible.
 */
export async function loadLineCatalog(ctx: Ctx, productIds: string[], memo: CatalogMemo): Promise<LineCatalog> {
  const uuids = [...new Set(productIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id) && !memo.products.has(id)))];
  if (!uuids.length) return memo;
  const found = memo.cached
    ? await productsForLines.getMany(ctx, uuids, (missing) => readProducts(ctx, missing))
    : await readProducts(ctx, uuids);
  // Products are cached for everyone; whether this caller may buy one (member-only) is decided per request, after.
  const access = await shopperAccess(ctx);
  const open = await openProductIds(ctx, access, [...found.keys()]);
  for (const [id, p] of found) {
    // A member-only product is, to a non-holder, like a hidden one: "no such product" when added, refused when placed.
    memo.products.set(id, open.has(id) ? p.product : { ...p.product, visible: false });
    memo.collections.set(id, p.collectionIds);
    for (const x of p.variants) memo.variants.set(x.id, x);
  }
  return memo;
}
