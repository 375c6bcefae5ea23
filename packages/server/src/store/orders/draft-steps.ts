import type { AppliedDiscount, CommitDeltasRequest, DraftBlockedReason, LineItem, Money } from '@plaza/contracts';
import { violation } from '../../kernel/errors.js';
import type { OrderSnapshot } from './tables.js';

/**
 * The steps of pricing a draft of an order's changes (drafts.ts `applyChanges`), in the order it runs them. Pure:
 * what reaches other modules (the catalog, the totals engine) stays in drafts.ts.
 */

type Changes = CommitDeltasRequest['changes'];
type Minor = (amount: string, field?: string) => bigint;
type ToMoney = (m: bigint) => Money;
/** As the totals engine takes them (TotalsInput['merchantDiscounts']). */
type MerchantDiscounts = Array<{ amount?: bigint; percentage?: number; lineItemIds?: string[]; description?: string }>;
type CarriedDiscount = { d: AppliedDiscount; ids: string[] };
export type DraftShipping = { title: string; cost: bigint } | undefined;

const discountAmount = (d: AppliedDiscount): string =>
  (d.coupon?.amount ?? d.merchantDiscount?.amount ?? d.discountRule?.amount)!.amount;

/** The lines removed and changed, checked against the order; changing a gift card blocks the draft. */
export function lineChanges(c: Changes, s: OrderSnapshot, reasons: DraftBlockedReason[], minor: Minor) {
  const byId = new Map(s.lineItems.map((l) => [l.id, l]));
  const removed = new Set<string>();
  for (const [i, id] of (c.lineItemsRemoved ?? []).entries()) {
    if (!byId.has(id)) throw violation(`changes.lineItemsRemoved[${i}]`, 'VALIDATION', 'no such line on this order');
    removed.add(id);
  }
  const changed = new Map<string, { quantity?: number; price?: bigint }>();
  for (const [i, ch] of (c.lineItemsChanged ?? []).entries()) {
    const f = `changes.lineItemsChanged[${i}]`;
    const line = byId.get(ch.lineItemId);
    if (!line) throw violation(`${f}.lineItemId`, 'VALIDATION', 'no such line on this order');
    if (removed.has(ch.lineItemId) || changed.has(ch.lineItemId)) {
      throw violation(`${f}.lineItemId`, 'VALIDATION', 'this line is already changed or removed by this draft');
    }
    if (line.itemType === 'GIFT_CARD') reasons.push('UNSUPPORTED_CATALOG_ITEM');
    changed.set(ch.lineItemId, {
      ...(ch.quantity !== undefined ? { quantity: ch.quantity } : {}),
      ...(ch.price ? { price: minor(ch.price.amount, `${f}.price.amount`) } : {}),
    });
  }
  return { removed, changed };
}

/** The order's lines that stay, with their new quantity or price. */
export function keptLines(
  s: OrderSnapshot,
  { removed, changed }: ReturnType<typeof lineChanges>,
  minor: Minor,
  money: ToMoney,
): LineItem[] {
  return s.lineItems
    .filter((l) => !removed.has(l.id))
    .map((l) => {
      const ch = changed.get(l.id);
      if (!ch) return l;
      const quantity = ch.quantity ?? l.quantity;
      const unit = ch.price ?? minor(l.price.amount);
      return {
        ...l,
        quantity,
        price: money(unit),
        ...(ch.price !== undefined ? { fullPrice: money(unit) } : {}),
        lineItemPrice: money(unit * BigInt(quantity)),
      };
    });
}

/** Discounts already on the order keep the amount they took; a shipping discount is folded into the shipping price. */
export function draftDiscounts(c: Changes, s: OrderSnapshot, lineItems: LineItem[], minor: Minor) {
  const dropped = new Set(c.discountsRemoved ?? []);
  for (const [i, at] of (c.discountsRemoved ?? []).entries()) {
    if (at >= s.appliedDiscounts.length) {
      throw violation(`changes.discountsRemoved[${i}]`, 'VALIDATION', 'the order has no discount at this position');
    }
  }
  const carried = s.appliedDiscounts.filter((d, i) => !dropped.has(i) && d.discountType !== 'SHIPPING');
  const lineIds = new Set(lineItems.map((l) => l.id));
  const carriedDiscounts: CarriedDiscount[] = carried
    .map((d) => ({ d, ids: d.discountType === 'SPECIFIC_ITEMS' ? d.lineItemIds.filter((id) => lineIds.has(id)) : [] }))
    .filter(({ d, ids }) => d.discountType !== 'SPECIFIC_ITEMS' || ids.length > 0);
  const merchantDiscounts: MerchantDiscounts = carriedDiscounts.map(({ d, ids }) => ({
    amount: minor(discountAmount(d)),
    ...(ids.length ? { lineItemIds: ids } : {}),
    ...(d.merchantDiscount?.description ? { description: d.merchantDiscount.description } : {}),
  }));
  for (const [i, d] of (c.discountsAdded ?? []).entries()) {
    const f = `changes.discountsAdded[${i}]`;
    if ((d.amount === undefined) === (d.percentage === undefined)) {
      throw violation(f, 'VALIDATION', 'give either an amount or a percentage');
    }
    merchantDiscounts.push({
      ...(d.amount ? { amount: minor(d.amount.amount, `${f}.amount.amount`) } : {}),
      ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
      ...(d.description ? { description: d.description } : {}),
    });
  }
  return { dropped, carriedDiscounts, merchantDiscounts };
}

/** The new shipping price, or the old one less the shipping discounts that stay. */
export function draftShipping(c: Changes, s: OrderSnapshot, dropped: Set<number>, minor: Minor): DraftShipping {
  const shippingDiscount = s.appliedDiscounts
    .filter((d, i) => d.discountType === 'SHIPPING' && !dropped.has(i))
    .reduce((sum, d) => sum + minor(discountAmount(d)), 0n);
  const oldShipping = minor(s.priceSummary.shipping.amount);
  return c.shipping
    ? { title: c.shipping.title, cost: minor(c.shipping.price.amount, 'changes.shipping.price.amount') }
    : s.shippingInfo?.title
      ? { title: s.shippingInfo.title, cost: oldShipping > shippingDiscount ? oldShipping - shippingDiscount : 0n }
      : undefined;
}

/** The order's fees (as one, untaxed) and the fees the draft adds. */
export function draftFees(
  c: Changes,
  s: OrderSnapshot,
  minor: Minor,
): Array<{ code: string; name: string; price: bigint; taxable: boolean }> {
  const existingFees = minor(s.priceSummary.additionalFees.amount);
  return [
    ...(existingFees > 0n ? [{ code: 'order-fees', name: 'Fees', price: existingFees, taxable: false }] : []),
    ...(c.additionalFeesAdded ?? []).map((fee, i) => ({
      code: `added-${i}`,
      name: fee.name,
      price: minor(fee.price.amount, `changes.additionalFeesAdded[${i}].price.amount`),
      taxable: false,
    })),
  ];
}

/** The shipping the totals engine must take as it is (never recalculated for an order). */
export function frozenShipping(c: Changes, s: OrderSnapshot, shipping: DraftShipping) {
  return shipping
    ? {
        shipping: {
          code: c.shipping ? 'draft' : (s.shippingInfo?.code ?? 'draft'),
          title: shipping.title,
          cost: shipping.cost,
          kind: 'DELIVERY' as const,
          logistics: {},
          source: 'MERCHANT' as const,
        },
      }
    : {};
}

/** Carried discounts come back as merchant discounts, in order: give them back their coupon or rule names. */
export function renamedDiscounts(priced: AppliedDiscount[], carriedDiscounts: CarriedDiscount[]) {
  return priced.map((d, i) => {
    const original = carriedDiscounts[i]?.d;
    if (!original || original.merchantDiscount) return d;
    const amount = d.merchantDiscount!.amount;
    const { merchantDiscount: _m, ...rest } = d;
    return {
      ...rest,
      ...(original.coupon ? { coupon: { ...original.coupon, amount } } : {}),
      ...(original.discountRule ? { discountRule: { ...original.discountRule, amount } } : {}),
    };
  });
}
