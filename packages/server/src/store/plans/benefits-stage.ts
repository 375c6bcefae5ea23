import type { Ctx } from '../../kernel/context.js';
import {
  allocate,
  percentOf,
  type AppliedDiscountDraft,
  type MembershipResult,
  type TotalsInput,
  type TotalsLine,
} from '../totals/index.js';
import { benefitCovers, memberHoldings, type BenefitRow, type Holding } from './holdings.js';
import { coveredLinesOf, membershipOptionsOf } from './options.js';

const none = (): MembershipResult => ({
  options: { eligible: [], invalid: [] },
  lineDiscounts: new Map(),
  applied: [],
  covered: new Map(),
  selectionErrors: [],
});

/**
 * The totals' plans stage (wired in module-wiring.ts): for a signed-in member, the plans that pay lines with credits
 * (offered and selected), member prices and free shipping. Visitors and members holding no plan get nothing, at
 * the cost of one indexed read for members.
 */
export async function membershipStage(ctx: Ctx, input: TotalsInput): Promise<MembershipResult> {
  const memberId = input.buyer?.memberId;
  const holdings = memberId ? await memberHoldings(ctx, memberId, input.now) : [];
  const result = none();
  const { covered, errors } = coveredLinesOf(input, holdings);
  result.covered = covered;
  result.selectionErrors = errors;
  if (!holdings.length) return result;
  result.options = membershipOptionsOf(holdings, input.lines);
  const usable = holdings.filter((h) => h.usable);
  Object.assign(result, memberPrices(input, usable));
  const free = usable.flatMap((h) => h.benefits.filter((b) => b.kind === 'FREE_SHIPPING'));
  if (free.length) {
    result.freeShipping = free.some((b) => !b.deliveryOptionCodes.length)
      ? 'ALL'
      : [...new Set(free.flatMap((b) => b.deliveryOptionCodes))];
  }
  return result;
}

/** One MEMBER_PRICE benefit's amount off each line it reaches (from the list price). */
function offByBenefit(input: TotalsInput, b: BenefitRow, currencyOk: boolean): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const subtotal = (l: TotalsLine) => l.unitPrice * BigInt(l.quantity);
  const reached = b.wholeOrder
    ? input.lines
    : input.lines.filter((l) => benefitCovers(b, l.catalogItemId, l.collectionIds));
  if (b.percentOff !== null) {
    for (const l of reached) out.set(l.id, percentOf(subtotal(l), b.percentOff));
  } else if (b.amountOffMinor !== null && currencyOk) {
    if (b.wholeOrder) {
      // An amount off the order is split over its lines, so each line keeps its own share.
      const parts = allocate(b.amountOffMinor, reached.map(subtotal));
      reached.forEach((l, i) => out.set(l.id, parts[i]!));
    } else {
      for (const l of reached) out.set(l.id, b.amountOffMinor < subtotal(l) ? b.amountOffMinor : subtotal(l));
    }
  }
  return out;
}

/**
 * MEMBER_PRICE: per line, the single best amount off among every plan the member holds (plans never stack with
 * each other), shown as one applied discount per plan that won a line, named after the plan.
 */
function memberPrices(input: TotalsInput, usable: Holding[]): Pick<MembershipResult, 'lineDiscounts' | 'applied'> {
  const best = new Map<string, { amount: bigint; h: Holding; b: BenefitRow }>();
  for (const h of usable) {
    for (const b of h.benefits.filter((x) => x.kind === 'MEMBER_PRICE')) {
      for (const [lineId, amount] of offByBenefit(input, b, h.plan.currency === input.currency)) {
        const cur = best.get(lineId);
        if (amount > 0n && (!cur || amount > cur.amount)) best.set(lineId, { amount, h, b });
      }
    }
  }
  const lineDiscounts = new Map([...best].map(([id, v]) => [id, v.amount]));
  const byPlan = new Map<string, AppliedDiscountDraft>();
  for (const [lineId, { amount, h, b }] of best) {
    const draft = byPlan.get(h.plan.id) ?? {
      discountType: b.wholeOrder ? ('GLOBAL' as const) : ('SPECIFIC_ITEMS' as const),
      lineItemIds: [],
      amount: 0n,
      merchantDiscount: { description: h.plan.name, ...(b.percentOff !== null ? { percentage: b.percentOff } : {}) },
    };
    draft.lineItemIds.push(lineId);
    draft.amount += amount;
    byPlan.set(h.plan.id, draft);
  }
  return { lineDiscounts, applied: [...byPlan.values()] };
}
