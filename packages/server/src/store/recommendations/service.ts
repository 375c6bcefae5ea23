import { sql } from 'drizzle-orm';
import {
  PLAZA_CATALOG_APP_ID,
  RECOMMENDATION_LIMITS,
  canonicalCatalogAppId,
  type GetRecommendationRequest,
  type GetRecommendationResponse,
  type ListAlgorithmsResponse,
  type ProductMedia,
  type RecommendationAlgorithmType,
  type RecommendedItem,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { createReadCache } from '../../lib/cache.js';
import { UUID_PATTERN } from '../../lib/filter.js';
import { toMoney } from '../pricing/index.js';
import { getSite } from '../../platform/site/index.js';
import { shopperAccess } from '../catalog/index.js';
import { baskets, unitsSold } from './sources.js';
import { uuidArray } from '../../lib/uuid-array.js';

type AlgorithmEntry = ListAlgorithmsResponse['availableAlgorithms'][number];

const ALGORITHM_INFOS: Array<Pick<AlgorithmEntry, 'algorithmInfo' | 'catalogAppIds'>> = [
  {
    algorithmInfo: {
      appId: PLAZA_CATALOG_APP_ID,
      algorithmId: 'RELATED_ITEMS',
      algorithmType: 'RELATED_ITEMS',
      name: 'Related items',
      description:
        'Items in the same collections as the given items (those most often in the same carts first), then items ' +
        'only carted together with them.',
    },
    catalogAppIds: [PLAZA_CATALOG_APP_ID],
  },
  {
    algorithmInfo: {
      appId: PLAZA_CATALOG_APP_ID,
      algorithmId: 'GLOBAL',
      algorithmType: 'GLOBAL',
      name: 'Best sellers',
      description:
        'The items sold most in recent orders, then those in the most carts and checkouts; newest first among equals.',
    },
    catalogAppIds: [PLAZA_CATALOG_APP_ID],
  },
];

/** Each also as the platform's SDK reads it: `config` (the description without its app) and `appId` beside it. */
const ALGORITHMS: AlgorithmEntry[] = ALGORITHM_INFOS.map(({ algorithmInfo: { appId, ...config }, catalogAppIds }) => ({
  algorithmInfo: { appId, ...config },
  config,
  appId,
  catalogAppIds,
}));

export const listAlgorithms = (): ListAlgorithmsResponse => ({ availableAlgorithms: ALGORITHMS });

/** How many ranked ids a cached ranking keeps: enough for the largest answer plus the items it must skip. */
const RANKED = RECOMMENDATION_LIMITS.minimumMax + RECOMMENDATION_LIMITS.itemsMax;

/**
 * Rankings (product ids, best first) kept 10 s per node: a product page is asked for by every visitor, and the
 * co-occurrence query reads every cart. Visibility and stock are checked again on every answer, never cached.
 */
const rankings = createReadCache<string[]>(10_000);

const ids = (rows: unknown): string[] => (rows as { rows: Array<{ id: string }> }).rows.map((r) => r.id);

/**
 * Products with the most units sold in placed orders; then, among equals (a new shop has no orders), those in the
 * most baskets; products in none follow, newest first, so a new shop still has an answer.
 */
function bestSellers(ctx: Ctx): Promise<string[]> {
  return rankings.get(ctx, 'GLOBAL', async () =>
    ids(
      await ctx.db.execute(sql`
        WITH b AS (${await baskets(ctx)}),
        carted AS (SELECT product_id, count(DISTINCT basket) AS n FROM b GROUP BY product_id),
        sold AS (${await unitsSold(ctx)})
        SELECT p.id FROM catalog_products p
        LEFT JOIN carted c ON c.product_id = p.id
        LEFT JOIN sold s ON s.product_id = p.id
        WHERE p.visible AND p.in_stock
        ORDER BY coalesce(s.units, 0) DESC, coalesce(c.n, 0) DESC, p.created_date DESC, p.id
        LIMIT ${RANKED}`),
    ),
  );
}

/**
 * One query: products sharing a collection with `items` first (a hoodie's neighbours are other clothes), ordered by
 * how many baskets they share with them; then products only bought together with them. Never the items themselves.
 */
function related(ctx: Ctx, items: string[]): Promise<string[]> {
  const key = `RELATED|${[...items].sort().join(',')}`;
  return rankings.get(ctx, key, async () =>
    ids(
      await ctx.db.execute(sql`
        WITH b AS (${await baskets(ctx)}),
        mine AS (SELECT DISTINCT basket FROM b WHERE product_id = ANY(${uuidArray(items)})),
        together AS (
          SELECT b.product_id AS id, count(DISTINCT b.basket) AS n
          FROM b JOIN mine USING (basket)
          WHERE NOT (b.product_id = ANY(${uuidArray(items)}))
          GROUP BY b.product_id),
        siblings AS (
          SELECT pc.product_id AS id, count(*) AS n
          FROM catalog_product_collections pc
          JOIN catalog_product_collections own
            ON own.collection_id = pc.collection_id AND own.product_id = ANY(${uuidArray(items)})
          WHERE NOT (pc.product_id = ANY(${uuidArray(items)}))
          GROUP BY pc.product_id),
        ranked AS (
          SELECT coalesce(s.id, t.id) AS id, (s.id IS NULL)::int AS tier, coalesce(t.n, 0) AS together,
            coalesce(s.n, 0) AS shared
          FROM siblings s FULL JOIN together t ON t.id = s.id)
        SELECT r.id FROM ranked r JOIN catalog_products p ON p.id = r.id
        WHERE p.visible AND p.in_stock
        ORDER BY r.tier, r.together DESC, r.shared DESC, p.created_date DESC, p.id
        LIMIT ${RANKED}`),
    ),
  );
}

interface CardRow {
  id: string;
  name: string;
  slug: string;
  product_type: string;
  currency: string;
  price_minor: string;
  compare_at_minor: string | null;
  media: ProductMedia | null;
}

/**
 * The chosen products that are visible and in stock right now, and open to the caller (member-only ones to their
 * plans' holders), as cards (one query). Rankings are shared by every caller: only this answer is per caller.
 */
async function cards(ctx: Ctx, chosen: string[]): Promise<Map<string, RecommendedItem['product']>> {
  if (!chosen.length) return new Map();
  const access = await shopperAccess(ctx);
  const open = access ? sql` AND ${access.product(sql`catalog_products.id`)}` : sql``;
  const [{ locale }, res] = await Promise.all([
    getSite(ctx),
    ctx.db.execute(sql`
      SELECT id, name, slug, product_type, currency, price_minor::text, compare_at_minor::text, media -> 0 AS media
      FROM catalog_products WHERE id = ANY(${uuidArray(chosen)}) AND visible AND in_stock${open}`),
  ]);
  const out = new Map<string, RecommendedItem['product']>();
  for (const r of (res as { rows: CardRow[] }).rows) {
    out.set(r.id, {
      id: r.id,
      name: r.name,
      slug: r.slug,
      productType: r.product_type as RecommendedItem['product']['productType'],
      price: toMoney(BigInt(r.price_minor), r.currency, locale),
      ...(r.compare_at_minor ? { compareAtPrice: toMoney(BigInt(r.compare_at_minor), r.currency, locale) } : {}),
      ...(r.media ? { media: r.media } : {}),
    });
  }
  return out;
}

/** The product ids of the given references (Plaza's catalog only; a variant counts as its product). */
function productIdsOf(items: GetRecommendationRequest['items']): string[] {
  return [
    ...new Set(
      (items ?? []).map((ref, i) => {
        if (canonicalCatalogAppId(ref.appId) !== PLAZA_CATALOG_APP_ID) {
          throw violation(
            `items[${i}].appId`,
            'VALIDATION',
            `only Plaza's catalog ("${PLAZA_CATALOG_APP_ID}") has items`,
          );
        }
        if (!UUID_PATTERN.test(ref.catalogItemId)) {
          throw violation(`items[${i}].catalogItemId`, 'FORMAT', 'must be a product id (UUID)');
        }
        return ref.catalogItemId.toLowerCase();
      }),
    ),
  ];
}

/** Plaza names an algorithm `algorithmId`, the platform's SDK `id`: either, and both only when they agree. */
function algorithmIdOf(a: GetRecommendationRequest['algorithms'][number], i: number): RecommendationAlgorithmType {
  if (a.algorithmId && a.id && a.algorithmId !== a.id) {
    throw violation(`algorithms[${i}].id`, 'VALIDATION', 'must equal algorithmId when both are given');
  }
  const id = a.algorithmId ?? a.id;
  if (!id) throw violation(`algorithms[${i}].algorithmId`, 'REQUIRED_FIELD', 'name the algorithm: algorithmId (or id)');
  return id;
}

/**
 * POST /ecom/v1/recommendations/get: each algorithm in the order asked adds its items (skipping the given items and
 * any already chosen) up to max(minimumRecommendedItems, 12); if fewer than the minimum came out, GLOBAL fills up.
 * Every item says which algorithm chose it.
 */
export async function getRecommendation(ctx: Ctx, req: GetRecommendationRequest): Promise<GetRecommendationResponse> {
  const items = productIdsOf(req.items);
  const algorithms = [...new Set(req.algorithms.map(algorithmIdOf))];
  if (algorithms.includes('RELATED_ITEMS') && !items.length) {
    throw violation('items', 'REQUIRED_FIELD', 'RELATED_ITEMS relates to items: send at least one');
  }
  const minimum = req.minimumRecommendedItems ?? 0;
  const limit = Math.max(minimum, RECOMMENDATION_LIMITS.defaultCount);
  const skip = new Set(items);
  const picked: Array<{ id: string; algorithmId: RecommendationAlgorithmType }> = [];
  const take = (ranking: string[], algorithmId: RecommendationAlgorithmType, upTo: number) => {
    for (const id of ranking) {
      if (picked.length >= upTo) break;
      if (skip.has(id)) continue;
      skip.add(id);
      picked.push({ id, algorithmId });
    }
  };
  for (const a of algorithms) take(a === 'GLOBAL' ? await bestSellers(ctx) : await related(ctx, items), a, limit);
  if (picked.length < minimum) take(await bestSellers(ctx), 'GLOBAL', minimum);
  const byId = await cards(
    ctx,
    picked.map((p) => p.id),
  );
  const answer = picked.filter((p) => byId.has(p.id));
  const used = [...new Set(answer.map((p) => p.algorithmId))];
  return {
    recommendation: {
      items: answer.map((p) => ({
        catalogReference: { appId: PLAZA_CATALOG_APP_ID, catalogItemId: p.id },
        catalogItemId: p.id,
        appId: PLAZA_CATALOG_APP_ID,
        algorithmId: p.algorithmId,
        product: byId.get(p.id)!,
      })),
      algorithms: used.map((algorithmId) => ({ appId: PLAZA_CATALOG_APP_ID, algorithmId })),
      ...(used[0] && { algorithm: { appId: PLAZA_CATALOG_APP_ID, id: used[0] } }),
    },
  };
}
