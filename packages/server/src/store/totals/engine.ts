import type { Ctx } from '../../kernel/context.js';
import { percentOf } from './rounding.js';
import { totalsStages } from './stages.js';
import { validationsStage } from './validations.js';
import type {
  DiscountResult,
  FeeResult,
  MembershipResult,
  ShippingResult,
  Taxable,
  TaxResult,
  Totals,
  TotalsInput,
} from './types.js';

const sum = (xs: bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * The one totals engine (cart, checkout, orders): runs the stages in order and adds up. Every amount is integer
 * minor units; each stage rounds once per line, so the sums below are exact by construction:
 *   exclusive: total = subtotal − discount + shipping + fees + tax + tip
 *   inclusive: total = subtotal − discount + shipping + fees + tip   (tax is the part of it that is tax)
 */
export async function computeTotals(ctx: Ctx, input: TotalsInput): Promise<Totals> {
  const lineSubtotals = new Map(input.lines.map((l) => [l.id, l.unitPrice * BigInt(l.quantity)]));
  const subtotal = sum([...lineSubtotals.values()]);
  const stages = totalsStages();

  const member = input.frozen ? noMembership() : await stages.membership(ctx, input);
  const discounts = await stages.discount(ctx, input);
  // Member prices and coupons both count from the list price and add up; never more off a line than it is worth.
  const lineDiscount = (id: string) =>
    min((discounts.lineDiscounts.get(id) ?? 0n) + (member.lineDiscounts.get(id) ?? 0n), lineSubtotals.get(id) ?? 0n);
  const itemsDiscount = sum(input.lines.map((l) => lineDiscount(l.id)));

  const shipping = freeShippingOf(
    input.frozen
      ? { options: [], ...(input.frozen.shipping ? { selected: input.frozen.shipping } : {}), violations: [] }
      : input.calculateShipping
        ? await stages.shipping(ctx, input, discounts.lineDiscounts)
        : { options: [], violations: [] },
    member.freeShipping,
  );
  const shippingPrice = shipping.selected?.cost ?? 0n;
  const shippingDiscount = applyShippingDiscounts(shippingPrice, discounts.shippingDiscounts);

  const fees: FeeResult[] = input.frozen
    ? (input.manualFees ?? []).map((f) => ({ ...f, source: 'MANUAL' as const }))
    : await stages.fees(ctx, input, shipping);
  const feesTotal = sum(fees.map((f) => f.price));

  const taxables = taxablesOf(input, lineSubtotals, lineDiscount, fees, {
    selected: shipping.selected !== undefined,
    amount: shippingPrice - shippingDiscount,
  });
  const tax = input.calculateTax ? await stages.tax(ctx, input, taxables) : undefined;
  const taxIncluded = tax?.taxIncludedInPrices ?? false;
  const taxTotal = tax?.total ?? 0n;

  const beforeTip =
    subtotal - itemsDiscount + shippingPrice - shippingDiscount + feesTotal + (taxIncluded ? 0n : taxTotal);
  // Tips are on what the goods cost after discounts, before shipping and tax.
  const tip = input.frozen
    ? { amount: input.frozen.tip, source: 'DASHBOARD' as const, distribution: [] }
    : await stages.tip(ctx, input, subtotal - itemsDiscount);
  const tipAmount = tip?.amount ?? 0n;
  const total = beforeTip + tipAmount;

  const membership = coveredAmount(member, lineSubtotals, lineDiscount, tax);
  const giftCard = await stages.giftCard(ctx, input, total - membership);
  const giftCardApplied = min(giftCard.result?.applied ?? 0n, total - membership);
  const due = total - membership - giftCardApplied;
  const payLater =
    input.paymentOption === 'DEPOSIT_ONLINE' && input.lineDeposits
      ? depositRemainder(input, due, lineSubtotals, lineDiscount)
      : 0n;

  const validations = input.frozen ? [] : await validationsStage(ctx, input);

  return {
    currency: input.currency,
    taxIncludedInPrices: taxIncluded,
    lines: input.lines.map((l) => {
      const t = tax?.perItem.get(l.id);
      const lineTotal = lineSubtotals.get(l.id)! - lineDiscount(l.id);
      return {
        id: l.id,
        subtotal: lineSubtotals.get(l.id)!,
        discount: lineDiscount(l.id),
        tax: t?.tax ?? 0n,
        breakdown: t?.breakdown ?? [],
        total: taxIncluded ? lineTotal : lineTotal + (t?.tax ?? 0n),
      };
    }),
    subtotal,
    discount: itemsDiscount + shippingDiscount,
    shipping: shippingPrice,
    shippingDiscount,
    additionalFees: feesTotal,
    tax: taxTotal,
    tip: tipAmount,
    total,
    membership,
    ...(giftCard.result ? { giftCard: { ...giftCard.result, applied: giftCardApplied } } : {}),
    payNow: due - payLater,
    payLater,
    // A shipping rule that lost to a better one (or found no shipping to discount) did not apply.
    appliedDiscounts: [
      ...member.applied.filter((d) => d.amount > 0n),
      ...discounts.applied.filter((d) => d.amount > 0n || !d.discountRule),
    ],
    shipping_: shipping,
    fees,
    ...(tax ? { taxResult: tax } : {}),
    ...(tip ? { tipResult: tip } : {}),
    membershipOptions: member.options,
    covered: member.covered,
    violations: [
      ...member.selectionErrors.map((e) => ({
        severity: 'ERROR' as const,
        target: { other: { name: `selectedMemberships.memberships[${e.index}].lineItemIds` } },
        description: e.description,
      })),
      ...discounts.violations,
      ...shipping.violations,
      ...(tip?.violations ?? []),
      ...giftCard.violations,
      ...validations,
    ],
  };
}

/** What the tax stage taxes: each line after its discount, the shipping after its discount, the taxable fees. */
function taxablesOf(
  input: TotalsInput,
  lineSubtotals: Map<string, bigint>,
  lineDiscount: (id: string) => bigint,
  fees: FeeResult[],
  shipping: { selected: boolean; amount: bigint },
): Taxable[] {
  return [
    ...input.lines.map((l) => ({
      id: l.id,
      kind: 'LINE' as const,
      amount: lineSubtotals.get(l.id)! - lineDiscount(l.id),
      quantity: l.quantity,
      ...(l.taxGroupId ? { taxGroupId: l.taxGroupId } : {}),
    })),
    ...(shipping.selected ? [{ id: 'shipping', kind: 'SHIPPING' as const, amount: shipping.amount, quantity: 1 }] : []),
    ...fees
      .filter((f) => f.taxable)
      .map((f) => ({
        id: `fee:${f.code}`,
        kind: 'FEE' as const,
        amount: f.price,
        quantity: 1,
        ...(f.taxGroupId ? { taxGroupId: f.taxGroupId } : {}),
      })),
  ];
}

/**
 * DEPOSIT_ONLINE: lines with a deposit pay the deposit now (per unit, never more than the line after discounts);
 * the rest of those lines is paid later. Everything else is paid now.
 */
function depositRemainder(
  input: TotalsInput,
  due: bigint,
  lineSubtotals: Map<string, bigint>,
  lineDiscount: (id: string) => bigint,
): bigint {
  let later = 0n;
  for (const l of input.lines) {
    const deposit = input.lineDeposits!.get(l.id);
    if (deposit === undefined) continue;
    const lineDue = lineSubtotals.get(l.id)! - lineDiscount(l.id);
    later += lineDue - min(deposit * BigInt(l.quantity), lineDue);
  }
  return min(later, due);
}

/**
 * Shipping discounts once the price is known: the best automatic rule first, then the others (coupon, merchant) in
 * order on what is left. Each one's applied amount is recorded on its draft. Never below zero.
 */
function applyShippingDiscounts(price: bigint, list: DiscountResult['shippingDiscounts']): bigint {
  const off = (d: DiscountResult['shippingDiscounts'][number], left: bigint): bigint => {
    const raw = d.freeShipping
      ? left
      : d.fixedPrice !== undefined
        ? left - d.fixedPrice
        : d.percentage !== undefined
          ? percentOf(left, d.percentage)
          : (d.amount ?? 0n);
    return raw < 0n ? 0n : min(raw, left);
  };
  let best: (typeof list)[number] | undefined;
  for (const d of list) if (d.automatic && (!best || off(d, price) > off(best, price))) best = d;
  let taken = 0n;
  for (const d of [...(best ? [best] : []), ...list.filter((d) => !d.automatic)]) {
    const amount = off(d, price - taken);
    taken += amount;
    d.source.amount += amount;
  }
  return taken;
}

const noMembership = (): MembershipResult => ({
  options: { eligible: [], invalid: [] },
  lineDiscounts: new Map(),
  applied: [],
  covered: new Map(),
  selectionErrors: [],
});

/** FREE_SHIPPING: the plan's delivery options cost nothing (offered and chosen alike). */
function freeShippingOf(shipping: ShippingResult, free: MembershipResult['freeShipping']): ShippingResult {
  if (!free) return shipping;
  const zero = <T extends { code: string; cost: bigint }>(o: T): T =>
    free === 'ALL' || free.includes(o.code) ? { ...o, cost: 0n } : o;
  return {
    ...shipping,
    options: shipping.options.map(zero),
    ...(shipping.selected ? { selected: zero(shipping.selected) } : {}),
  };
}

/**
 * What plans pay: each covered line after its discounts, with its tax unless the plan credits only the price
 * (taxCreditedLines: the buyer pays that tax now). Inclusive sites hold the tax in the line already.
 */
function coveredAmount(
  member: MembershipResult,
  lineSubtotals: Map<string, bigint>,
  lineDiscount: (id: string) => bigint,
  tax: TaxResult | undefined,
): bigint {
  let paid = 0n;
  for (const [id, how] of member.covered) {
    const net = (lineSubtotals.get(id) ?? 0n) - lineDiscount(id);
    const lineTax = tax?.perItem.get(id)?.tax ?? 0n;
    if (tax?.taxIncludedInPrices) paid += how.taxCredited ? net - lineTax : net;
    else paid += how.taxCredited ? net : net + lineTax;
  }
  return paid;
}
