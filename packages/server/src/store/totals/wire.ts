import type {
  AppliedDiscount,
  Money,
  PriceSummary,
  TotalsShippingInfo,
  TotalsShippingOption,
  TotalsTaxSummary,
} from '@plaza/contracts';
import { toMoney } from '../pricing/index.js';
import type { ShippingOptionResult, Totals } from './types.js';

/**
 * The totals engine's result as the wire has it (cart, checkout, orders): every amount `Money` in the totals'
 * currency and the site's locale. Pure functions: callers pass the locale they already read.
 */
export interface TotalsWire {
  priceSummary: PriceSummary;
  appliedDiscounts: AppliedDiscount[];
  taxSummary: TotalsTaxSummary;
  shippingInfo: TotalsShippingInfo;
}

export function totalsToWire(
  totals: Totals,
  locale: string,
  opts: { deliveryTimeSlot?: { from: string; to: string } } = {},
): TotalsWire {
  const money = (m: bigint) => toMoney(m, totals.currency, locale);
  return {
    priceSummary: priceSummaryWire(totals, money),
    appliedDiscounts: appliedDiscountsWire(totals, money),
    taxSummary: taxSummaryWire(totals, money),
    shippingInfo: shippingInfoWire(totals, money, opts.deliveryTimeSlot),
  };
}

type ToMoney = (minor: bigint) => Money;

export function priceSummaryWire(t: Totals, money: ToMoney): PriceSummary {
  return {
    subtotal: money(t.subtotal),
    discount: money(t.discount),
    shipping: money(t.shipping),
    additionalFees: money(t.additionalFees),
    tax: money(t.tax),
    tip: money(t.tip),
    total: money(t.total),
    taxIncludedInPrices: t.taxIncludedInPrices,
    ...(t.giftCard ? { giftCard: money(t.giftCard.applied) } : {}),
    ...(t.membership > 0n ? { membership: money(t.membership) } : {}),
    payNow: money(t.payNow),
    ...(t.payLater > 0n ? { payLater: money(t.payLater) } : {}),
  };
}

export function appliedDiscountsWire(t: Totals, money: ToMoney): AppliedDiscount[] {
  return t.appliedDiscounts.map((d) => ({
    discountType: d.discountType,
    lineItemIds: d.lineItemIds,
    ...(d.coupon ? { coupon: { ...d.coupon, amount: money(d.amount) } } : {}),
    ...(d.merchantDiscount ? { merchantDiscount: { ...d.merchantDiscount, amount: money(d.amount) } } : {}),
    ...(d.discountRule ? { discountRule: { ...d.discountRule, amount: money(d.amount) } } : {}),
  }));
}

/** Tax per jurisdiction summed over lines, shipping and fees (same jurisdiction, tax and rate = one entry). */
export function taxSummaryWire(t: Totals, money: ToMoney): TotalsTaxSummary {
  const byKey = new Map<string, { b: TotalsTaxSummary['taxBreakdown'][number]; minor: bigint }>();
  for (const item of t.taxResult?.perItem.values() ?? []) {
    for (const b of item.breakdown) {
      const key = `${b.jurisdictionType}|${b.jurisdiction}|${b.taxName}|${b.rate}`;
      const minor = (byKey.get(key)?.minor ?? 0n) + b.amount;
      const { amount: _amount, ...rest } = b;
      byKey.set(key, { b: { ...rest, taxAmount: money(minor) }, minor });
    }
  }
  return {
    totalTax: money(t.tax),
    calculationDetails: t.taxResult?.calculationDetails ?? { rateType: 'NO_TAX_COLLECTED' },
    taxBreakdown: [...byKey.values()].map((e) => e.b),
  };
}

export function shippingOptionWire(o: ShippingOptionResult, money: ToMoney): TotalsShippingOption {
  const l = o.logistics;
  return {
    code: o.code,
    title: o.title,
    kind: o.kind,
    cost: { price: money(o.cost) },
    logistics: {
      ...(l.deliveryTime ? { deliveryTime: l.deliveryTime } : {}),
      ...(l.instructions ? { instructions: l.instructions } : {}),
      ...(l.deliveryTimeSlots ? { deliveryTimeSlots: l.deliveryTimeSlots } : {}),
      ...(l.pickupDetails ? { pickupDetails: l.pickupDetails } : {}),
    },
  };
}

export function shippingInfoWire(
  t: Totals,
  money: ToMoney,
  deliveryTimeSlot?: { from: string; to: string },
): TotalsShippingInfo {
  const selected = t.shipping_.selected;
  const sel = selected ? shippingOptionWire(selected, money) : undefined;
  if (sel && deliveryTimeSlot) sel.logistics.deliveryTimeSlot = deliveryTimeSlot;
  return {
    ...(sel ? { selectedCarrierServiceOption: sel } : {}),
    carrierServiceOptions: t.shipping_.options.length
      ? [{ carrierId: 'plaza', shippingOptions: t.shipping_.options.map((o) => shippingOptionWire(o, money)) }]
      : [],
  };
}
