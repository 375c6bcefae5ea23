import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListProductsQuery, ListProductsResponse, ProductSort } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { decodeSignedCursor, encodeSignedCursor } from '../../lib/signed-cursor.js';
import { getSite } from '../../platform/site/index.js';
import { parseAmount } from '../pricing/index.js';
import { toProduct } from './model.js';
import { loadPage } from './page.js';
import { productPages } from './read-cache.js';
import { shopperAccess, type ShopperAccess } from './access.js';
import { forShoppers, isCatalogAdmin } from './products.service.js';
import { catalogProductCollections, catalogProducts as p } from './tables.js';

type Filter = Omit<ListProductsQuery, 'limit' | 'cursor' | 'sort'>;
/** What a cursor carries: the query it continues and the last row's sort value and id (keyset paging). */
interface CursorState {
  filter: Filter;
  sort: ProductSort;
  after: [value: string, id: string];
}

const CURSOR = 'catalog-cursor';
const encodeCursor = (ctx: Ctx, state: CursorState) => encodeSignedCursor(ctx, CURSOR, state);
/** Only cursors this server signed are read back: the filter inside cannot be edited (e.g. to list hidden items). */
const decodeCursor = (ctx: Ctx, cursor: string) => decodeSignedCursor<CursorState>(ctx, CURSOR, cursor);

const SORTS: Record<ProductSort, { column: SQL; cast: string; desc: boolean }> = {
  NAME_ASC: { column: sql`${p.nameLower}`, cast: 'text', desc: false },
  NAME_DESC: { column: sql`${p.nameLower}`, cast: 'text', desc: true },
  PRICE_ASC: { column: sql`${p.priceMinor}`, cast: 'bigint', desc: false },
  PRICE_DESC: { column: sql`${p.priceMinor}`, cast: 'bigint', desc: true },
  CREATED_ASC: { column: sql`${p.createdDate}`, cast: 'timestamptz', desc: false },
  CREATED_DESC: { column: sql`${p.createdDate}`, cast: 'timestamptz', desc: true },
};

const sortValue = (sort: ProductSort, row: typeof p.$inferSelect): string =>
  sort.startsWith('NAME')
    ? row.nameLower
    : sort.startsWith('PRICE')
      ? row.priceMinor.toString()
      : row.createdDate.toISOString();

/** `%`, `_` and `\` in a search word are literal characters, not patterns. */
const likeWord = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /catalog/v1/products: visible products (catalog admins may add hidden ones), filtered, sorted and paged by
 * keyset, so rows inserted while paging never shift a page (no duplicates, no gaps).
 */
export async function listProducts(ctx: Ctx, q: ListProductsQuery): Promise<ListProductsResponse> {
  const limit = q.limit ?? 20;
  let filter: Filter;
  let sort: ProductSort;
  let after: CursorState['after'] | undefined;
  if (q.cursor) {
    const { limit: _l, cursor: _c, ...rest } = q;
    if (Object.keys(rest).length) {
      throw violation('cursor', 'VALIDATION', 'send the cursor alone (with limit): it carries the filters and sort');
    }
    ({ filter, sort, after } = decodeCursor(ctx, q.cursor));
  } else {
    const { limit: _l, cursor: _c, sort: s, ...rest } = q;
    filter = rest;
    sort = s ?? 'CREATED_DESC';
  }
  const admin = isCatalogAdmin(ctx);
  if (filter.includeHidden && !admin) {
    throw new AppError('FORBIDDEN', 'Only the owner and catalog API keys see hidden products', {
      applicationCode: 'FORBIDDEN',
    });
  }
  const access = await shopperAccess(ctx);
  // Member-only products: a page is kept per set of held plans, so a holder's page never reaches anyone else.
  const key = JSON.stringify([filter, sort, after ?? null, limit, access?.key ?? null]);
  const page = await productPages.get(ctx, key, () => loadListing(ctx, { filter, sort, after, limit, access }));
  return admin ? page : { ...page, products: page.products.map(forShoppers) };
}

interface Listing {
  filter: Filter;
  sort: ProductSort;
  after: CursorState['after'] | undefined;
  limit: number;
  access: ShopperAccess | null;
}

/** One page of the listing, from the database. */
async function loadListing(ctx: Ctx, { filter, sort, after, limit, access }: Listing): Promise<ListProductsResponse> {
  const { currency, locale } = await getSite(ctx);
  const where: SQL[] = [];
  if (!filter.includeHidden) where.push(eq(p.visible, true));
  if (access) where.push(access.product(sql`${p.id}`));
  for (const word of (filter.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    where.push(sql`${p.searchText} LIKE ${likeWord(word)}`);
  }
  if (filter.collectionId) {
    where.push(
      sql`EXISTS (SELECT 1 FROM ${catalogProductCollections} pc WHERE pc.product_id = ${p.id}
        AND pc.collection_id = ${filter.collectionId})`,
    );
  }
  if (filter.minPrice) where.push(sql`${p.priceMinor} >= ${parseAmount(filter.minPrice, currency, 'minPrice')}`);
  if (filter.maxPrice) where.push(sql`${p.priceMinor} <= ${parseAmount(filter.maxPrice, currency, 'maxPrice')}`);
  if (filter.inStock !== undefined) where.push(eq(p.inStock, filter.inStock));
  if (filter.productType) where.push(eq(p.productType, filter.productType));
  const s = SORTS[sort];
  if (after) {
    const [value, id] = after;
    const cmp = s.desc ? sql`<` : sql`>`;
    where.push(sql`(${s.column}, ${p.id}) ${cmp} (${value}::${sql.raw(s.cast)}, ${id}::uuid)`);
  }
  const dir = sql.raw(s.desc ? 'DESC' : 'ASC');
  const rows = await loadPage(ctx, and(...where) ?? sql`true`, sql`${s.column} ${dir}, ${p.id} ${dir}`, limit + 1);
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const last = page.at(-1)?.row;
  const next =
    hasNext && last ? encodeCursor(ctx, { filter, sort, after: [sortValue(sort, last), last.id] }) : undefined;
  return {
    products: page.map((x) => toProduct(x.row, x.variants, x.collectionIds, locale)),
    pagingMetadata: { count: page.length, cursors: next ? { next } : {}, hasNext },
  };
}
