import type {
  Coupon,
  CouponInput,
  Discount,
  DiscountInput,
  DiscountRule,
  DiscountRuleInput,
  Trigger,
} from '@plaza/contracts';
import { violation } from '../../kernel/errors.js';
import { formatAmount, siteMoney, type SiteMoney } from '../pricing/index.js';
import type { coupons, discountRules, StoredDiscount, StoredTrigger } from './tables.js';

/** Row ↔ wire conversions and the checks a schema cannot express. Money is minor units of the site currency. */

export type RuleRow = typeof discountRules.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type Status = 'LIVE' | 'EXPIRED' | 'PENDING';

export type Fmt = SiteMoney;
export const fmt = siteMoney;

export const invalid = (field: string, description: string) => violation(field, 'VALIDATION', description);

/** Status from the window, computed at read time (never stored): it changes by itself as time passes. */
export function statusAt(start: Date | null, end: Date | null, now: Date): Status {
  if (start && now < start) return 'PENDING';
  if (end && now >= end) return 'EXPIRED';
  return 'LIVE';
}

export function discountValues(d: DiscountInput, f: Fmt, field: string): StoredDiscount {
  const only = { PERCENTAGE: 'percentage', FIXED_AMOUNT: 'fixedAmount', FIXED_PRICE: 'fixedPrice' } as const;
  const needed = only[d.type];
  if (d[needed] === undefined) throw violation(`${field}.${needed}`, 'REQUIRED_FIELD', `${d.type} needs ${needed}`);
  for (const other of Object.values(only)) {
    if (other !== needed && d[other] !== undefined) {
      throw violation(`${field}.${other}`, 'FIELD_NOT_ALLOWED', `${other} does not go with ${d.type}`);
    }
  }
  if (d.scope === 'SPECIFIC_ITEMS') {
    if (!d.items) throw violation(`${field}.items`, 'REQUIRED_FIELD', 'SPECIFIC_ITEMS needs items');
    const list = d.items.type === 'CATALOG_ITEM' ? 'catalogItemIds' : 'customFilter';
    if (d.items.type === 'CATALOG_ITEM' ? !d.items.catalogItemIds?.length : !d.items.customFilter) {
      throw violation(`${field}.items.${list}`, 'REQUIRED_FIELD', `${d.items.type} needs ${list}`);
    }
  } else if (d.items) {
    throw violation(`${field}.items`, 'FIELD_NOT_ALLOWED', `items only go with SPECIFIC_ITEMS, not ${d.scope}`);
  }
  return {
    type: d.type,
    scope: d.scope,
    ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
    ...(d.fixedAmount
      ? { fixedAmountMinor: f.parse(d.fixedAmount.amount, `${field}.fixedAmount.amount`).toString() }
      : {}),
    ...(d.fixedPrice ? { fixedPriceMinor: f.parse(d.fixedPrice.amount, `${field}.fixedPrice.amount`).toString() } : {}),
    ...(d.items ? { items: d.items } : {}),
  };
}

export function toDiscount(d: StoredDiscount, f: Fmt): Discount {
  return {
    type: d.type,
    scope: d.scope,
    ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
    ...(d.fixedAmountMinor ? { fixedAmount: f.money(d.fixedAmountMinor) } : {}),
    ...(d.fixedPriceMinor ? { fixedPrice: f.money(d.fixedPriceMinor) } : {}),
    ...(d.items ? { items: d.items } : {}),
  };
}
export function discountInput(d: StoredDiscount, f: Fmt): DiscountInput {
  const w = toDiscount(d, f);
  return {
    ...w,
    ...(w.fixedAmount ? { fixedAmount: { amount: w.fixedAmount.amount } } : {}),
    ...(w.fixedPrice ? { fixedPrice: { amount: w.fixedPrice.amount } } : {}),
  };
}

export function triggerValues(t: Trigger, f: Fmt, field: string): StoredTrigger {
  const need = (key: keyof Trigger, ok: boolean) => {
    if (!ok) throw violation(`${field}.${key}`, 'REQUIRED_FIELD', `${t.type} needs ${key}`);
  };
  if (t.type === 'AND' || t.type === 'OR') need('triggers', !!t.triggers?.length);
  if (t.type === 'SUBTOTAL_RANGE') need('subtotalRange', !!t.subtotalRange);
  if (t.type === 'ITEM_QUANTITY_RANGE') need('itemQuantityRange', !!t.itemQuantityRange);
  if (t.type === 'CUSTOM') need('customTrigger', !!t.customTrigger);
  const r = t.subtotalRange;
  const from = r?.from ? f.parse(r.from.amount, `${field}.subtotalRange.from.amount`) : undefined;
  const to = r?.to ? f.parse(r.to.amount, `${field}.subtotalRange.to.amount`) : undefined;
  if (from !== undefined && to !== undefined && from > to) {
    throw invalid(`${field}.subtotalRange.to`, 'to must not be below from');
  }
  const q = t.itemQuantityRange;
  if (q?.from !== undefined && q.to !== undefined && q.from > q.to) {
    throw invalid(`${field}.itemQuantityRange.to`, 'to must not be below from');
  }
  return {
    type: t.type,
    ...(t.triggers ? { triggers: t.triggers.map((c, i) => triggerValues(c, f, `${field}.triggers[${i}]`)) } : {}),
    ...(r
      ? {
          subtotalRange: {
            ...(from !== undefined ? { fromMinor: `${from}` } : {}),
            ...(to !== undefined ? { toMinor: `${to}` } : {}),
          },
        }
      : {}),
    ...(q ? { itemQuantityRange: q } : {}),
    ...(t.customTrigger ? { customTrigger: t.customTrigger } : {}),
  };
}

export function toTrigger(t: StoredTrigger, f: Fmt): Trigger {
  const amount = (m: string) => ({ amount: formatAmount(BigInt(m), f.currency) });
  const r = t.subtotalRange;
  return {
    type: t.type,
    ...(t.triggers ? { triggers: t.triggers.map((c) => toTrigger(c, f)) } : {}),
    ...(r
      ? {
          subtotalRange: {
            ...(r.fromMinor ? { from: amount(r.fromMinor) } : {}),
            ...(r.toMinor ? { to: amount(r.toMinor) } : {}),
          },
        }
      : {}),
    ...(t.itemQuantityRange ? { itemQuantityRange: t.itemQuantityRange } : {}),
    ...(t.customTrigger ? { customTrigger: t.customTrigger } : {}),
  };
}

type Window = { start?: string; end?: string } | undefined;
export function windowValues(w: Window, field: string): { startDate: Date | null; endDate: Date | null } {
  const startDate = w?.start ? new Date(w.start) : null;
  const endDate = w?.end ? new Date(w.end) : null;
  if (startDate && endDate && endDate <= startDate) throw invalid(`${field}.end`, 'end must be after start');
  return { startDate, endDate };
}
const toWindow = (start: Date | null, end: Date | null) =>
  start || end
    ? {
        activeTimeInfo: {
          ...(start ? { start: start.toISOString() } : {}),
          ...(end ? { end: end.toISOString() } : {}),
        },
      }
    : {};

export function ruleValues(r: DiscountRuleInput, f: Fmt) {
  return {
    name: r.name,
    active: r.active ?? true,
    trigger: r.trigger ? triggerValues(r.trigger, f, 'discountRule.trigger') : null,
    discount: discountValues(r.discount, f, 'discountRule.discount'),
    ...windowValues(r.activeTimeInfo, 'discountRule.activeTimeInfo'),
  };
}

export function toRule(row: RuleRow, f: Fmt, now: Date): DiscountRule {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    ...(row.trigger ? { trigger: toTrigger(row.trigger, f) } : {}),
    discount: toDiscount(row.discount, f),
    ...toWindow(row.startDate, row.endDate),
    status: statusAt(row.startDate, row.endDate, now),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}
export function ruleInput(row: RuleRow, f: Fmt): DiscountRuleInput {
  return {
    name: row.name,
    active: row.active,
    ...(row.trigger ? { trigger: toTrigger(row.trigger, f) } : {}),
    discount: discountInput(row.discount, f),
    ...toWindow(row.startDate, row.endDate),
  };
}

export function couponValues(c: CouponInput, f: Fmt) {
  return {
    code: c.code,
    codeKey: c.code.toLowerCase(),
    name: c.name,
    active: c.active ?? true,
    discount: discountValues(c.discount, f, 'coupon.discount'),
    minimumSubtotalMinor: c.minimumSubtotal ? f.parse(c.minimumSubtotal.amount, 'coupon.minimumSubtotal.amount') : null,
    ...windowValues(c.activeTimeInfo, 'coupon.activeTimeInfo'),
    usageLimit: c.usageLimit ?? null,
    limitPerCustomer: c.limitPerCustomer ?? null,
  };
}

export function toCoupon(row: CouponRow, f: Fmt, now: Date): Coupon {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.active,
    discount: toDiscount(row.discount, f),
    ...(row.minimumSubtotalMinor !== null ? { minimumSubtotal: f.money(row.minimumSubtotalMinor) } : {}),
    ...toWindow(row.startDate, row.endDate),
    ...(row.usageLimit !== null ? { usageLimit: row.usageLimit } : {}),
    ...(row.limitPerCustomer !== null ? { limitPerCustomer: row.limitPerCustomer } : {}),
    numberOfUsages: row.usedCount,
    status: statusAt(row.startDate, row.endDate, now),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}
export function couponInput(row: CouponRow, f: Fmt): CouponInput {
  const c = toCoupon(row, f, new Date());
  return {
    code: c.code,
    name: c.name,
    active: c.active,
    discount: discountInput(row.discount, f),
    ...(c.minimumSubtotal ? { minimumSubtotal: { amount: c.minimumSubtotal.amount } } : {}),
    ...(c.activeTimeInfo ? { activeTimeInfo: c.activeTimeInfo } : {}),
    ...(c.usageLimit !== undefined ? { usageLimit: c.usageLimit } : {}),
    ...(c.limitPerCustomer !== undefined ? { limitPerCustomer: c.limitPerCustomer } : {}),
  };
}
