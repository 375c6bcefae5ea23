import type { Plan, PlanBenefit, PlanBenefitInput } from '@plaza/sdk/plans';
import { creditPeriodWords } from '../../plans/words.js';

// A product's or a collection's plans: which benefits name it, in words, and how making it members-only for some
// plans changes those plans' benefits (only their MEMBER_ONLY ones; every other benefit is sent back as it was).

export interface ItemRef {
  kind: 'product' | 'collection';
  id: string;
}

const ids = (b: Pick<PlanBenefit, 'productIds' | 'collectionIds'>, item: ItemRef) =>
  item.kind === 'product' ? b.productIds : b.collectionIds;

const names = (b: PlanBenefit, item: ItemRef) => ids(b, item).includes(item.id);

/** One benefit naming the item, as the owner reads it: "2 a month with credits", "10 % member price", "Members only". */
function benefitLine(b: PlanBenefit, plan: Plan): string {
  switch (b.kind) {
    case 'CREDITS':
      return `${b.credits ?? 0} ${creditPeriodWords(b, plan)} with credits`;
    case 'MEMBER_PRICE':
      return `${b.percentOff ? `${b.percentOff} %` : (b.amountOff?.formattedAmount ?? '')} member price`;
    case 'MEMBER_ONLY':
      return 'Members only';
    case 'FREE_SHIPPING':
      return 'Free delivery';
  }
}

/** The plans whose benefits name the item, each with what they give it ("Coffee club: 2 a month with credits"). */
export function plansNaming(plans: readonly Plan[], item: ItemRef): Array<{ plan: Plan; benefits: string[] }> {
  return plans.flatMap((plan) => {
    const benefits = plan.benefits.filter((b) => names(b, item)).map((b) => benefitLine(b, plan));
    return benefits.length ? [{ plan, benefits: [...new Set(benefits)] }] : [];
  });
}

/** Whether the plan makes the item members-only. */
export const membersOnlyIn = (plan: Plan, item: ItemRef) =>
  plan.benefits.some((b) => b.kind === 'MEMBER_ONLY' && names(b, item));

/** A saved benefit as the server takes it back, unchanged. */
export function benefitInputOf(b: PlanBenefit): PlanBenefitInput {
  return {
    kind: b.kind,
    productIds: b.productIds,
    collectionIds: b.collectionIds,
    ...(b.kind === 'MEMBER_PRICE' ? { wholeOrder: b.wholeOrder } : {}),
    ...(b.credits !== undefined ? { credits: b.credits } : {}),
    ...(b.creditPeriod ? { creditPeriod: b.creditPeriod } : {}),
    ...(b.percentOff !== undefined ? { percentOff: b.percentOff } : {}),
    ...(b.amountOff ? { amountOff: b.amountOff.amount } : {}),
    ...(b.deliveryOptionCodes.length ? { deliveryOptionCodes: b.deliveryOptionCodes } : {}),
  };
}

const withTarget = (b: PlanBenefitInput, item: ItemRef, on: boolean): PlanBenefitInput => {
  const key = item.kind === 'product' ? 'productIds' : 'collectionIds';
  const rest = b[key].filter((id) => id !== item.id);
  return { ...b, [key]: on ? [...rest, item.id] : rest };
};

/**
 * The plan's benefits with the item members-only (`on`) or not: it joins the plan's first MEMBER_ONLY benefit (or a
 * new one), or leaves every MEMBER_ONLY benefit, dropping one left with nothing (the server refuses an empty one).
 */
export function benefitsWithMembersOnly(plan: Plan, item: ItemRef, on: boolean): PlanBenefitInput[] {
  const inputs = plan.benefits.map(benefitInputOf);
  if (!on) {
    return inputs.flatMap((b) => {
      if (b.kind !== 'MEMBER_ONLY' || !ids(b, item).includes(item.id)) return [b];
      const next = withTarget(b, item, false);
      return next.productIds.length + next.collectionIds.length ? [next] : [];
    });
  }
  if (membersOnlyIn(plan, item)) return inputs;
  const first = inputs.findIndex((b) => b.kind === 'MEMBER_ONLY');
  if (first < 0) {
    return [...inputs, withTarget({ kind: 'MEMBER_ONLY', productIds: [], collectionIds: [] }, item, true)];
  }
  return inputs.map((b, i) => (i === first ? withTarget(b, item, true) : b));
}
