import { and, eq, sql } from 'drizzle-orm';
import { PLAZA_CATALOG_APP_ID, type LineItem } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { rowsOf } from '../../lib/rows.js';
import { catalogProducts, catalogVariants } from './tables.js';
import { takeStockSql } from './stock.sql.js';

interface Take {
  productId: string;
  variantId: string | undefined;
  quantity: number;
  name: string;
}

/** The order's catalog lines as stock movements, one per product or variant, in a fixed order (no deadlocks). */
function movements(lines: LineItem[]): Take[] {
  const byKey = new Map<string, Take>();
  for (const l of lines) {
    const ref = l.catalogReference;
    if (!ref || ref.appId !== PLAZA_CATALOG_APP_ID) continue;
    const variantId = (ref.options as { variantId?: string } | undefined)?.variantId;
    const key = `${ref.catalogItemId}/${variantId ?? ''}`;
    const prev = byKey.get(key);
    byKey.set(key, {
      productId: ref.catalogItemId,
      variantId,
      quantity: (prev?.quantity ?? 0) + l.quantity,
      name: l.productName,
    });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, t]) => t);
}

/**
 * Takes the lines out of stock inside the order's transaction. A counted item is one conditional UPDATE (enough
 * left), which holds its row until commit: two orders for the last unit can never both succeed, the loser gets 409
 * OUT_OF_STOCK naming the item and rolls back whole. An item that is not counted is only checked (still in stock),
 * never written: orders of the same product would otherwise queue behind each other's row lock until commit.
 */
export async function takeStock(tx: Ctx, lines: LineItem[]): Promise<void> {
  for (const t of movements(lines)) {
    const n = t.quantity;
    const table = t.variantId ? catalogVariants : catalogProducts;
    const row = t.variantId
      ? and(eq(catalogVariants.id, t.variantId), eq(catalogVariants.productId, t.productId))
      : eq(catalogProducts.id, t.productId);
    const result = await tx.db.execute(takeStockSql(table, row, n));
    const [hit] = rowsOf<{ taken: boolean; available: boolean }>(result);
    if (!hit?.taken && !hit?.available) {
      throw new AppError('CONFLICT', `${t.name} is out of stock (or fewer are left than ordered)`, {
        applicationCode: 'OUT_OF_STOCK',
        data: { productId: t.productId, ...(t.variantId ? { variantId: t.variantId } : {}) },
      });
    }
    if (t.variantId && hit.taken) await syncProductInStock(tx, t.productId);
  }
}

/** Puts the lines back (cancel or refund with restock). Items not counted stay as they are. */
export async function returnStock(tx: Ctx, lines: LineItem[]): Promise<void> {
  for (const t of movements(lines)) {
    const table = t.variantId ? catalogVariants : catalogProducts;
    await tx.db
      .update(table)
      .set({
        quantity: sql`${table.quantity} + ${t.quantity}`,
        inStock: sql`${table.quantity} + ${t.quantity} > 0`,
      })
      .where(and(eq(table.id, t.variantId ?? t.productId), eq(table.trackQuantity, true)));
    if (t.variantId) await syncProductInStock(tx, t.productId);
  }
}

/** A product with variants is in stock while one of its shown variants is. */
async function syncProductInStock(tx: Ctx, productId: string): Promise<void> {
  await tx.db
    .update(catalogProducts)
    .set({
      inStock: sql`exists (select 1 from ${catalogVariants} where ${catalogVariants.productId} = ${productId} and ${catalogVariants.visible} and ${catalogVariants.inStock})`,
    })
    .where(eq(catalogProducts.id, productId));
}
