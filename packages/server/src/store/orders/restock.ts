import { eq } from 'drizzle-orm';
import { PLAZA_CATALOG_APP_ID, type LineItem, type RestockInfo } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { returnStock } from '../catalog/index.js';
import { orderRefunds, orders } from './tables.js';
import type { OrderRow } from './wire.js';

/** A line and how many of it went back to stock. */
export interface RestockedLine {
  lineItemId: string;
  quantity: number;
}

const FIELD = 'sideEffects.restockInfo.items';
const keptInStock = (l: LineItem) => l.catalogReference?.appId === PLAZA_CATALOG_APP_ID;

/**
 * Per catalog line, how many are still out of stock for this order: bought, less what earlier refunds put back.
 * Nothing is out when the order's stock is not taken (not yet paid, kept elsewhere, or all back after a cancel).
 * The caller holds the order's lock, so this count cannot move under it.
 */
export async function stillOutOfStock(tx: Ctx, row: OrderRow): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!row.stockTaken) return out;
  for (const l of row.snapshot.lineItems.filter(keptInStock)) out.set(l.id, (out.get(l.id) ?? 0) + l.quantity);
  const refunds = await tx.db
    .select({ items: orderRefunds.restockedItems })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, row.id));
  for (const { items } of refunds) {
    for (const i of items) out.set(i.lineItemId, (out.get(i.lineItemId) ?? 0) - i.quantity);
  }
  return out;
}

/** The owner's chosen lines, each checked against what is still out; a line named twice is refused. */
function chosenLines(row: OrderRow, items: RestockedLine[], out: Map<string, number>): RestockedLine[] {
  const seen = new Set<string>();
  return items.map((item, i) => {
    const line = row.snapshot.lineItems.find((l) => l.id === item.lineItemId);
    if (!line) throw violation(`${FIELD}[${i}].lineItemId`, 'VALIDATION', 'This item is not one of the order’s');
    if (seen.has(line.id)) throw violation(`${FIELD}[${i}].lineItemId`, 'VALIDATION', 'This item is chosen twice');
    seen.add(line.id);
    if (!keptInStock(line)) {
      throw violation(`${FIELD}[${i}].lineItemId`, 'VALIDATION', `“${line.productName}” is not kept in stock`);
    }
    const left = Math.max(0, out.get(line.id) ?? 0);
    if (item.quantity > left) {
      throw violation(
        `${FIELD}[${i}].quantity`,
        'VALIDATION',
        left > 0
          ? `At most ${left} of “${line.productName}” can go back to stock`
          : `No “${line.productName}” is left to go back to stock`,
      );
    }
    return { lineItemId: line.id, quantity: item.quantity };
  });
}

/** Puts the given quantities of the order's lines back, and marks the order's stock as back once nothing is out. */
async function putBack(tx: Ctx, row: OrderRow, lines: RestockedLine[], out: Map<string, number>): Promise<void> {
  if (!lines.length) return;
  const byId = new Map(row.snapshot.lineItems.map((l) => [l.id, l]));
  await returnStock(
    tx,
    lines.map((r) => ({ ...byId.get(r.lineItemId)!, quantity: r.quantity })),
  );
  for (const r of lines) out.set(r.lineItemId, (out.get(r.lineItemId) ?? 0) - r.quantity);
  if ([...out.values()].every((q) => q <= 0)) {
    await tx.db.update(orders).set({ stockTaken: false }).where(eq(orders.id, row.id));
  }
}

/** Everything still out of stock for the order goes back (cancel with restock, refund with ALL_ITEMS). */
export async function returnAllStillOut(tx: Ctx, row: OrderRow): Promise<RestockedLine[]> {
  const out = await stillOutOfStock(tx, row);
  const lines = [...out].filter(([, q]) => q > 0).map(([lineItemId, quantity]) => ({ lineItemId, quantity }));
  await putBack(tx, row, lines, out);
  return lines;
}

/**
 * A refund's restock: NO_ITEMS (or none asked) returns nothing; ALL_ITEMS returns whatever is still out; SOME_ITEMS
 * returns the chosen lines and quantities, never more of a line than was bought and not yet returned (400 naming the
 * item otherwise). Runs under the order's lock, before any money moves, so a refused restock refunds nothing and two
 * racing refunds see each other's lines.
 */
export async function restockForRefund(
  tx: Ctx,
  row: OrderRow,
  info: RestockInfo | undefined,
): Promise<RestockedLine[]> {
  const type = info?.type ?? 'NO_ITEMS';
  if (type !== 'SOME_ITEMS' && info?.items?.length) {
    throw violation(FIELD, 'VALIDATION', 'Items are chosen only when some items go back to stock (SOME_ITEMS)');
  }
  if (type === 'NO_ITEMS') return [];
  if (type === 'ALL_ITEMS') return returnAllStillOut(tx, row);
  if (!info?.items?.length) throw violation(FIELD, 'REQUIRED_FIELD', 'Choose the items that go back to stock');
  const out = await stillOutOfStock(tx, row);
  const lines = chosenLines(row, info.items, out);
  await putBack(tx, row, lines, out);
  return lines;
}
