import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db.js';
import { preparedFor } from '../../lib/prepared.js';
import { catalogProductCollections, catalogProducts, catalogVariants } from './tables.js';

// Qualified by hand: Drizzle writes a lone table's columns unqualified, which inside the subqueries would name theirs.
const PRODUCT_ID = sql.raw('"catalog_products"."id"');

/**
 * A product's variants as one JSON array, every column of catalog_variants by its property name (listed by hand:
 * json_build_object takes pairs; lines.sql.test.ts holds the list to the table). The price goes as text: JSON
 * numbers cannot carry a bigint.
 */
const v = catalogVariants;
export const variantsOfProductJson = sql<unknown>`coalesce((select json_agg(json_build_object(
        'id', ${v.id}, 'productId', ${v.productId}, 'position', ${v.position}, 'choices', ${v.choices},
        'choicesKey', ${v.choicesKey}, 'priceMinor', ${v.priceMinor}::text, 'sku', ${v.sku},
        'weightValue', ${v.weightValue}, 'weightUnit', ${v.weightUnit}, 'trackQuantity', ${v.trackQuantity},
        'quantity', ${v.quantity}, 'inStock', ${v.inStock}, 'visible', ${v.visible}) order by ${v.position})
        from ${v} where ${v.productId} = ${PRODUCT_ID}), '[]'::json)`;

/** Products by id with their variants and collections aggregated to JSON; `ids` is `{id,…}` or its placeholder. */
function catalogQuery(db: Db, ids: unknown) {
  return db
    .select({
      product: catalogProducts,
      variants: variantsOfProductJson,
      collectionIds: sql<unknown>`coalesce((select json_agg(${catalogProductCollections.collectionId})
        from ${catalogProductCollections} where ${catalogProductCollections.productId} = ${PRODUCT_ID}), '[]'::json)`,
    })
    .from(catalogProducts)
    .where(sql`${catalogProducts.id} = ANY(${ids}::uuid[])`);
}
export const preparedCatalogQuery = preparedFor((db) =>
  catalogQuery(db, sql.placeholder('ids')).prepare('catalog_lines'),
);
