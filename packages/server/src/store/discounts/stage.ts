import type { Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { toMoney } from '../pricing/index.js';
import { callServicePlugin, responseOrFallback } from '../../platform/service-plugins/index.js';
import {
  allocate,
  type AppliedDiscountDraft,
  type DiscountResult,
  percentOf,
  pluginLineItems,
  type TotalsInput,
  type TotalsLine,
} from '../totals/index.js';
import { customerRedemptions, couponCustomerKey } from './coupons.service.js';
import { discountConfig } from './config.js';
import { statusAt, type CouponRow } from './model.js';
import type { StoredDiscount, StoredTrigger } from './tables.js';

/**
 * The discount stage of the totals engine: automatic discount rules, the coupon and merchant discounts, as per-line
 * amounts plus shipping discounts the engine applies once shipping is priced. How they combine (docs/store/totals.md):
 * 1. rules: per line, the one live rule worth most on that line (shipping: the best shipping rule, chosen by the engine);
 * 2. the coupon, on what the rules left; 3. merchant discounts in order, on what is left. No line goes below zero.
 */
export async function discountStage(ctx: Ctx, input: TotalsInput): Promise<DiscountResult> {
  const cfg = await discountConfig(ctx);
  const subtotals = new Map(input.lines.map((l) => [l.id, l.unitPrice * BigInt(l.quantity)]));
  const left = new Map(subtotals);
  const out: DiscountResult = { lineDiscounts: new Map(), shippingDiscounts: [], applied: [], violations: [] };
  const take = (parts: Map<string, bigint>) => {
    for (const [id, amount] of parts) {
      left.set(id, left.get(id)! - amount);
      out.lineDiscounts.set(id, (out.lineDiscounts.get(id) ?? 0n) + amount);
    }
  };
  const run: StageRun = { ctx, input, cfg, subtotals, left, out, take };
  await applyRules(run);
  await applyCoupon(run);
  applyMerchantDiscounts(run);
  return out;
}

/** What the stage's steps share: the totals input, the config, what each line is worth and has left, the result. */
interface StageRun {
  ctx: Ctx;
  input: TotalsInput;
  cfg: Awaited<ReturnType<typeof discountConfig>>;
  subtotals: Map<string, bigint>;
  left: Map<string, bigint>;
  out: DiscountResult;
  /** Takes these amounts off the lines. */
  take: (parts: Map<string, bigint>) => void;
}

/** 1. Automatic rules: per line, the one live rule worth most; shipping rules go to the engine. */
async function applyRules({ ctx, input, cfg, subtotals, out, take }: StageRun): Promise<void> {
  // A draft of an order keeps the discounts it was sold with (as merchant discounts): no rule applies again.
  const live = input.frozen
    ? []
    : cfg.rules.filter((r) => r.active && statusAt(r.startDate, r.endDate, input.now) === 'LIVE');
  const eligible = await customTriggers(
    ctx,
    input,
    live.map((r) => r.trigger),
  );
  const best = new Map<string, { amount: bigint; rule: number }>();
  const drafts: AppliedDiscountDraft[] = [];
  live.forEach((rule, i) => {
    const inScope = scopeLines(rule.discount, input.lines);
    const draft: AppliedDiscountDraft = {
      discountType: rule.discount.scope,
      lineItemIds: [],
      amount: 0n,
      discountRule: { id: rule.id, name: rule.name },
    };
    drafts.push(draft);
    if (!triggerMet(rule.trigger, inScope, subtotals, eligible)) return;
    if (rule.discount.scope === 'SHIPPING') {
      out.shippingDiscounts.push({ ...shippingOff(rule.discount), automatic: true, source: draft });
      return;
    }
    for (const [id, amount] of amounts(rule.discount, inScope, subtotals)) {
      if (amount > (best.get(id)?.amount ?? 0n)) best.set(id, { amount, rule: i });
    }
  });
  take(new Map([...best].map(([id, b]) => [id, b.amount])));
  for (const [id, b] of best) {
    drafts[b.rule]!.amount += b.amount;
    drafts[b.rule]!.lineItemIds.push(id);
  }
  out.applied.push(...drafts.filter((d) => d.amount > 0n || d.discountType === 'SHIPPING'));
}

/** 2. The coupon, on what the rules left: applied, or not applied with a violation saying why. */
async function applyCoupon({ ctx, input, cfg, subtotals, left, out, take }: StageRun): Promise<void> {
  if (input.couponCode) {
    const coupon = cfg.coupons.get(input.couponCode.toLowerCase());
    const inScope = coupon ? scopeLines(coupon.discount, input.lines) : [];
    const why = await couponProblem(ctx, coupon, input, subtotals, inScope);
    if (why !== undefined || !coupon) {
      out.violations.push(couponViolation(why ?? 'The coupon is not valid.', input.source));
    } else {
      const draft: AppliedDiscountDraft = {
        discountType: coupon.discount.scope,
        lineItemIds: [],
        amount: 0n,
        coupon: { id: coupon.id, code: coupon.code, name: coupon.name },
      };
      out.applied.push(draft);
      if (coupon.discount.scope === 'SHIPPING') {
        out.shippingDiscounts.push({ ...shippingOff(coupon.discount), source: draft });
      } else {
        const parts = amounts(coupon.discount, inScope, left);
        take(parts);
        for (const [id, amount] of parts) {
          if (amount === 0n) continue;
          draft.lineItemIds.push(id);
          draft.amount += amount;
        }
      }
    }
  }
}

/** 3. Merchant discounts (API keys), in the order given, on what is left. */
function applyMerchantDiscounts({ input, left, out, take }: StageRun): void {
  for (const m of input.merchantDiscounts ?? []) {
    const ids = m.lineItemIds ? new Set(m.lineItemIds) : undefined;
    const lines = input.lines.filter((l) => !ids || ids.has(l.id));
    const parts =
      m.percentage !== undefined
        ? amounts({ type: 'PERCENTAGE', percentage: m.percentage, scope: 'GLOBAL' }, lines, left)
        : amounts({ type: 'FIXED_AMOUNT', fixedAmountMinor: `${m.amount ?? 0n}`, scope: 'GLOBAL' }, lines, left);
    take(parts);
    out.applied.push({
      discountType: ids ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      lineItemIds: [...parts].filter(([, a]) => a > 0n).map(([id]) => id),
      amount: [...parts.values()].reduce((a, b) => a + b, 0n),
      merchantDiscount: {
        ...(m.percentage !== undefined ? { percentage: m.percentage } : {}),
        ...(m.description ? { description: m.description } : {}),
      },
    });
  }
}

/** The lines a discount covers: all of them (GLOBAL, SHIPPING), or the listed products / collections. */
export function scopeLines(d: StoredDiscount, lines: TotalsLine[]): TotalsLine[] {
  if (d.scope !== 'SPECIFIC_ITEMS' || !d.items) return lines;
  if (d.items.type === 'CATALOG_ITEM') {
    const ids = new Set(d.items.catalogItemIds ?? []);
    return lines.filter((l) => l.catalogItemId && ids.has(l.catalogItemId));
  }
  const cols = new Set(d.items.customFilter?.collectionIds ?? []);
  return lines.filter((l) => l.collectionIds.some((c) => cols.has(c)));
}

/**
 * What a discount takes off each line, from `base` (what is left of each line): a percentage or fixed amount of the
 * lines' sum is rounded once and split by the largest remainder; a fixed price is per unit.
 */
export function amounts(d: StoredDiscount, lines: TotalsLine[], base: Map<string, bigint>): Map<string, bigint> {
  const bases = lines.map((l) => base.get(l.id) ?? 0n);
  const sum = bases.reduce((a, b) => a + b, 0n);
  let parts: bigint[];
  if (d.type === 'FIXED_PRICE') {
    const price = BigInt(d.fixedPriceMinor ?? '0');
    parts = lines.map((l, i) => {
      const off = bases[i]! - price * BigInt(l.quantity);
      return off > 0n ? off : 0n;
    });
  } else {
    const total = d.type === 'PERCENTAGE' ? percentOf(sum, d.percentage ?? 0) : BigInt(d.fixedAmountMinor ?? '0');
    parts = allocate(total < sum ? total : sum, bases);
  }
  return new Map(lines.map((l, i) => [l.id, parts[i]!]));
}

function shippingOff(d: StoredDiscount): { percentage?: number; amount?: bigint; fixedPrice?: bigint } {
  if (d.type === 'PERCENTAGE') return { percentage: d.percentage ?? 0 };
  if (d.type === 'FIXED_PRICE') return { fixedPrice: BigInt(d.fixedPriceMinor ?? '0') };
  return { amount: BigInt(d.fixedAmountMinor ?? '0') };
}

const key = (t: { customTriggerId: string; identifier: string }) => `${t.customTriggerId}|${t.identifier}`;

/** Whether a trigger is met by the lines in the discount's scope (no trigger: always). */
export function triggerMet(
  t: StoredTrigger | null | undefined,
  lines: TotalsLine[],
  subtotals: Map<string, bigint>,
  eligible: Set<string>,
): boolean {
  if (!t) return true;
  switch (t.type) {
    case 'AND':
      return (t.triggers ?? []).every((c) => triggerMet(c, lines, subtotals, eligible));
    case 'OR':
      return (t.triggers ?? []).some((c) => triggerMet(c, lines, subtotals, eligible));
    case 'SUBTOTAL_RANGE': {
      const s = lines.reduce((a, l) => a + subtotals.get(l.id)!, 0n);
      const r = t.subtotalRange ?? {};
      return (!r.fromMinor || s >= BigInt(r.fromMinor)) && (!r.toMinor || s <= BigInt(r.toMinor));
    }
    case 'ITEM_QUANTITY_RANGE': {
      const q = lines.reduce((a, l) => a + l.quantity, 0);
      const r = t.itemQuantityRange ?? {};
      return (r.from === undefined || q >= r.from) && (r.to === undefined || q <= r.to);
    }
    case 'CUSTOM':
      return !!t.customTrigger && eligible.has(key(t.customTrigger));
  }
}

/** Asks the CUSTOM_TRIGGERS app once for every custom trigger of the live rules; no app or no answer: none is met. */
async function customTriggers(
  ctx: Ctx,
  input: TotalsInput,
  triggers: Array<StoredTrigger | null>,
): Promise<Set<string>> {
  const wanted = new Map<string, { customTriggerId: string; identifier: string }>();
  const walk = (t: StoredTrigger | null | undefined) => {
    if (t?.customTrigger) wanted.set(key(t.customTrigger), t.customTrigger);
    t?.triggers?.forEach(walk);
  };
  triggers.forEach(walk);
  if (!wanted.size || !input.lines.length) return new Set();
  const request = {
    triggers: [...wanted.values()],
    lineItems: pluginLineItems(input),
  };
  const result = await callServicePlugin(ctx, 'CUSTOM_TRIGGERS', request, { method: 'getEligibleTriggers' });
  const { response } = responseOrFallback('getEligibleTriggers', request, result);
  return new Set(response.eligibleTriggers.map(key));
}

/** Why a coupon cannot apply to this purchase, in the shopper's words; undefined when it applies. */
async function couponProblem(
  ctx: Ctx,
  c: CouponRow | undefined,
  input: TotalsInput,
  subtotals: Map<string, bigint>,
  inScope: TotalsLine[],
): Promise<string | undefined> {
  if (!c) return `There is no code ${input.couponCode}.`;
  if (!c.active) return 'The coupon is not valid.';
  const status = statusAt(c.startDate, c.endDate, input.now);
  if (status === 'PENDING') return 'The coupon is not valid yet.';
  if (status === 'EXPIRED') return 'The coupon has expired.';
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return 'The coupon has been used up.';
  const subtotal = [...subtotals.values()].reduce((a, b) => a + b, 0n);
  if (c.minimumSubtotalMinor !== null && subtotal < c.minimumSubtotalMinor) {
    const min = toMoney(c.minimumSubtotalMinor, input.currency, input.locale ?? 'en-US').formattedAmount;
    return `The coupon needs a subtotal of ${min}.`;
  }
  const customer = couponCustomerKey(input.buyer);
  if (
    c.limitPerCustomer !== null &&
    customer &&
    (await customerRedemptions(ctx, c.id, customer)) >= c.limitPerCustomer
  ) {
    return 'The coupon was already used the most times allowed per customer.';
  }
  // SHIPPING scopes every line (scopeLines), so only a coupon for chosen items can miss the cart.
  if (!inScope.length && input.lines.length) return 'The coupon is for items that are not in your cart.';
  return undefined;
}

/**
 * A coupon that does not apply takes nothing off. In a cart that is a WARNING: the shopper may still check out, and the
 * checkout made from the cart leaves the code behind. In a checkout it is an ERROR: the code was applied when given
 * (a code that does not apply is refused at once, `assertCouponApplied`) and stopped applying since, so the order is
 * not placed without the discount the buyer saw until they remove the code (docs/store/totals.md, "Coupons").
 */
function couponViolation(description: string, source: TotalsInput['source']): Violation {
  const severity = source === 'CART' ? 'WARNING' : 'ERROR';
  return { severity, target: { other: { name: 'couponCode' } }, description };
}
