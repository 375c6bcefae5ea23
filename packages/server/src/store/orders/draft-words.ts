import type { DraftOrderChanges } from '@plaza/contracts';
import type { OrderSnapshot } from './tables.js';

const discountName = (d: OrderSnapshot['appliedDiscounts'][number]): string =>
  d.coupon?.code ?? d.discountRule?.name ?? d.merchantDiscount?.description ?? 'Discount';

/**
 * A draft's changes in the shop's words, for the order's history ("Added 2 × Blue mug", "Tea: 1 → 3"): what the
 * owner reads on the timeline, and what an app's DRAFT_ORDER_CHANGES_APPLIED consumer can show as is.
 */
export function describeChanges(
  before: OrderSnapshot,
  after: OrderSnapshot,
  c: DraftOrderChanges,
  /** A decimal amount of the order's currency as the shop shows it. */
  format: (amount: string) => string,
): string[] {
  const out: string[] = [];
  const old = new Map(before.lineItems.map((l) => [l.id, l]));
  const now = new Map(after.lineItems.map((l) => [l.id, l]));
  for (const id of c.lineItemsRemoved ?? []) out.push(`Removed ${old.get(id)!.productName}`);
  for (const ch of c.lineItemsChanged ?? []) {
    const a = old.get(ch.lineItemId)!;
    const b = now.get(ch.lineItemId)!;
    if (a.quantity !== b.quantity) out.push(`${b.productName}: quantity ${a.quantity} → ${b.quantity}`);
    if (a.price.amount !== b.price.amount) {
      out.push(`${b.productName}: price ${a.price.formattedAmount} → ${b.price.formattedAmount}`);
    }
  }
  for (const l of after.lineItems) {
    if (!old.has(l.id)) out.push(`Added ${l.quantity} × ${l.productName} at ${l.price.formattedAmount}`);
  }
  if (c.shipping) out.push(`Shipping: ${c.shipping.title}, ${after.shippingInfo?.cost?.formattedAmount ?? ''}`.trim());
  for (const at of c.discountsRemoved ?? [])
    out.push(`Discount removed: ${discountName(before.appliedDiscounts[at]!)}`);
  for (const d of c.discountsAdded ?? []) {
    const what = d.percentage !== undefined ? `${d.percentage}%` : format(d.amount!.amount);
    out.push(`Discount added: ${what}${d.description ? ` (${d.description})` : ''}`);
  }
  for (const f of c.additionalFeesAdded ?? []) out.push(`Fee added: ${f.name}, ${format(f.price.amount)}`);
  out.push(`Total: ${before.priceSummary.total.formattedAmount} → ${after.priceSummary.total.formattedAmount}`);
  return out;
}
