import type { DraftOrderChanges } from '@plaza/contracts';
import type { Order } from '@plaza/sdk/ecom';
import { catalogLines, productLinesProblem, type ProductLine } from '../ProductLines.js';
import type { Product } from '@plaza/sdk/catalog';

/** An order's line as the owner edits it (typed text until it is sent). */
export interface LineEdit {
  id: string;
  name: string;
  quantity: string;
  price: string;
  removed: boolean;
}
export interface CustomItem {
  name: string;
  price: string;
  quantity: string;
}
/** Everything the edit-items form holds. */
export interface DraftForm {
  lines: LineEdit[];
  added: ProductLine[];
  custom: CustomItem[];
  shipping: { title: string; price: string } | null;
  discount: { kind: 'AMOUNT' | 'PERCENT'; value: string; description: string };
  removedDiscounts: number[];
  fee: { name: string; price: string };
}

export const draftFormOf = (order: Order): DraftForm => ({
  lines: order.lineItems.map((l) => ({
    id: l.id,
    name: l.productName,
    quantity: String(l.quantity),
    price: l.price.amount,
    removed: false,
  })),
  added: [],
  custom: [],
  shipping: null,
  discount: { kind: 'AMOUNT', value: '', description: '' },
  removedDiscounts: [],
  fee: { name: '', price: '' },
});

const AMOUNT = /^\d{1,12}(\.\d{1,4})?$/;
const COUNT = /^\d{1,6}$/;
const sameAmount = (a: string, b: string) => Number(a) === Number(b);

/**
 * The form as the changes commit-deltas takes (only what differs from the order), or what to fix first, in words.
 * `empty` when nothing changes yet.
 */
export function toDraftChanges(
  order: Order,
  f: DraftForm,
  products: Product[],
): { changes: DraftOrderChanges; problem?: string; empty: boolean } {
  const changes: DraftOrderChanges = {};
  const problem = (text: string) => ({ changes, problem: text, empty: false });
  const byId = new Map(order.lineItems.map((l) => [l.id, l]));
  const changed: NonNullable<DraftOrderChanges['lineItemsChanged']> = [];
  for (const l of f.lines) {
    if (l.removed) continue;
    if (!COUNT.test(l.quantity) || Number(l.quantity) < 1) return problem(`${l.name}: how many is a whole number.`);
    if (!AMOUNT.test(l.price)) return problem(`${l.name}: the price is an amount such as 12.50.`);
    const was = byId.get(l.id)!;
    const quantity = Number(l.quantity) !== was.quantity ? Number(l.quantity) : undefined;
    const price = !sameAmount(l.price, was.price.amount) ? { amount: l.price } : undefined;
    if (quantity !== undefined || price) {
      changed.push({ lineItemId: l.id, ...(quantity !== undefined ? { quantity } : {}), ...(price ? { price } : {}) });
    }
  }
  if (changed.length) changes.lineItemsChanged = changed;
  const removed = f.lines.filter((l) => l.removed).map((l) => l.id);
  if (removed.length) changes.lineItemsRemoved = removed;

  const productProblem = productLinesProblem(f.added, products);
  if (productProblem) return problem(productProblem);
  const added = catalogLines(f.added);
  if (added.length) changes.lineItemsAdded = added;

  for (const c of f.custom) {
    if (!c.name.trim()) return problem('Name each custom item.');
    if (!AMOUNT.test(c.price)) return problem(`${c.name}: the price is an amount such as 12.50.`);
    if (!COUNT.test(c.quantity) || Number(c.quantity) < 1) return problem(`${c.name}: how many is a whole number.`);
  }
  if (f.custom.length) {
    changes.customLineItemsAdded = f.custom.map((c) => ({
      productName: c.name.trim(),
      price: { amount: c.price },
      quantity: Number(c.quantity),
    }));
  }
  if (f.shipping) {
    if (!f.shipping.title.trim()) return problem('Name the shipping, such as “Courier”.');
    if (!AMOUNT.test(f.shipping.price)) return problem('The shipping price is an amount such as 4.90 (0 for free).');
    changes.shipping = { title: f.shipping.title.trim(), price: { amount: f.shipping.price } };
  }
  if (f.removedDiscounts.length) changes.discountsRemoved = f.removedDiscounts;
  const d = f.discount;
  if (d.value.trim()) {
    if (d.kind === 'PERCENT') {
      const pct = Number(d.value);
      if (!(pct > 0 && pct <= 100)) return problem('A discount percentage is between 0 and 100.');
      changes.discountsAdded = [{ percentage: pct, ...(d.description.trim() ? { description: d.description } : {}) }];
    } else {
      if (!AMOUNT.test(d.value)) return problem('The discount is an amount such as 5.00.');
      changes.discountsAdded = [
        { amount: { amount: d.value }, ...(d.description.trim() ? { description: d.description } : {}) },
      ];
    }
  }
  if (f.fee.name.trim() || f.fee.price.trim()) {
    if (!f.fee.name.trim()) return problem('Name the fee, such as “Gift wrap”.');
    if (!AMOUNT.test(f.fee.price)) return problem('The fee is an amount such as 3.00.');
    changes.additionalFeesAdded = [{ name: f.fee.name.trim(), price: { amount: f.fee.price } }];
  }
  if (f.lines.every((l) => l.removed) && !added.length && !f.custom.length) {
    return problem('An order keeps at least one item.');
  }
  return { changes, empty: Object.keys(changes).length === 0 };
}
