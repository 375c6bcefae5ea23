import type { Plan, PlanBenefit, PlanBenefitInput, PlanBenefitKind, PlanInput } from '@plaza/sdk/plans';
import { PLAN_LIMITS } from '@plaza/contracts/constants';
import type { FormRules } from '../../ui/formRules.js';
import { isAmount, normalizeAmount } from '../store/productDraft.js';

// The plan form's draft: every field as typed (text for numbers), and how it becomes what the server takes.

export type Unit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface BenefitDraft {
  /** The row's key on screen (a saved benefit's id, else a fresh one). */
  key: string;
  kind: PlanBenefitKind;
  productIds: string[];
  collectionIds: string[];
  wholeOrder: boolean;
  credits: string;
  /** CREDITS: '' renews them with each payment (or once for the whole validity). */
  periodCount: string;
  periodUnit: Unit;
  off: 'PERCENT' | 'AMOUNT';
  percentOff: string;
  amountOff: string;
}

export interface PlanDraft {
  name: string;
  description: string;
  image: string;
  price: string;
  recurring: boolean;
  frequency: Unit;
  interval: string;
  /** '' until canceled. */
  cycles: string;
  trialDays: string;
  /** '' unlimited (or while a recurring plan is paid). */
  validityCount: string;
  validityUnit: Unit;
  buyerLimit: string;
  hidden: boolean;
  paidOffline: boolean;
  benefits: BenefitDraft[];
}

let keys = 0;
const freshKey = () => `new-${++keys}`;

export function newBenefit(kind: PlanBenefitKind): BenefitDraft {
  return {
    key: freshKey(),
    kind,
    productIds: [],
    collectionIds: [],
    wholeOrder: kind === 'MEMBER_PRICE',
    credits: kind === 'CREDITS' ? '1' : '',
    periodCount: '',
    periodUnit: 'MONTH',
    off: 'PERCENT',
    percentOff: kind === 'MEMBER_PRICE' ? '10' : '',
    amountOff: '',
  };
}

const benefitDraftOf = (b: PlanBenefit): BenefitDraft => ({
  key: b.id,
  kind: b.kind,
  productIds: b.productIds,
  collectionIds: b.collectionIds,
  wholeOrder: b.wholeOrder,
  credits: b.credits ? String(b.credits) : '',
  periodCount: b.creditPeriod ? String(b.creditPeriod.count) : '',
  periodUnit: b.creditPeriod?.unit ?? 'MONTH',
  off: b.amountOff ? 'AMOUNT' : 'PERCENT',
  percentOff: b.percentOff ? String(b.percentOff) : '',
  amountOff: b.amountOff?.amount ?? '',
});

export const emptyDraft = (): PlanDraft => ({
  name: '',
  description: '',
  image: '',
  price: '',
  recurring: true,
  frequency: 'MONTH',
  interval: '1',
  cycles: '',
  trialDays: '',
  validityCount: '',
  validityUnit: 'YEAR',
  buyerLimit: '',
  hidden: false,
  paidOffline: false,
  benefits: [],
});

export function draftOf(p: Plan): PlanDraft {
  const r = p.recurrence;
  return {
    name: p.name,
    description: p.description,
    image: p.image ?? '',
    price: p.price.amount,
    recurring: Boolean(r),
    frequency: r?.frequency ?? 'MONTH',
    interval: String(r?.interval ?? 1),
    cycles: r?.billingCycles ? String(r.billingCycles) : '',
    trialDays: r?.freeTrialDays ? String(r.freeTrialDays) : '',
    validityCount: p.validity ? String(p.validity.count) : '',
    validityUnit: p.validity?.unit ?? 'YEAR',
    buyerLimit: p.buyerLimit ? String(p.buyerLimit) : '',
    hidden: p.visibility === 'HIDDEN',
    paidOffline: p.paidOffline,
    benefits: p.benefits.map(benefitDraftOf),
  };
}

const int = (s: string) => Number.parseInt(s.trim(), 10);
const whole = (min: number, max: number) => (s: string) => /^\d+$/.test(s.trim()) && int(s) >= min && int(s) <= max;

export type PlanField =
  'name' | 'description' | 'image' | 'price' | 'interval' | 'cycles' | 'trialDays' | 'validityCount' | 'buyerLimit';

export const planRules: FormRules<PlanField> = {
  name: {
    label: 'Name',
    required: true,
    maxLength: PLAN_LIMITS.nameMax,
    requiredMessage: 'Name the plan, such as “Coffee club”.',
  },
  description: { label: 'Description', maxLength: PLAN_LIMITS.descriptionMax },
  image: { label: 'Picture', maxLength: 2000 },
  price: {
    label: 'Price',
    required: true,
    valid: isAmount,
    formatHint: 'Enter a price such as 20 or 4.50 (0 for a free plan).',
  },
  interval: { label: 'Every', required: true, valid: whole(1, 365), formatHint: 'Enter a number from 1 to 365.' },
  cycles: {
    label: 'Number of payments',
    valid: whole(1, 999),
    formatHint: 'Enter a number from 1 to 999, or leave it empty.',
  },
  trialDays: { label: 'Free trial', valid: whole(1, 365), formatHint: 'Enter 1 to 365 days, or leave it empty.' },
  validityCount: {
    label: 'Valid for',
    valid: whole(1, 999),
    formatHint: 'Enter a number from 1 to 999, or leave it empty.',
  },
  buyerLimit: {
    label: 'Buyer limit',
    valid: whole(1, 1_000_000),
    formatHint: 'Enter a whole number, or leave it empty.',
  },
};

/** A server problem's field: "plan.recurrence.interval" → interval; a benefit's → none (said under the form). */
export function planFieldOf(path: string): PlanField | undefined {
  const parts = path.replace(/^plan\./, '').split(/[.[]/);
  const top = parts[0] ?? '';
  if (top === 'recurrence') {
    const sub = parts[1];
    return sub === 'billingCycles' ? 'cycles' : sub === 'freeTrialDays' ? 'trialDays' : 'interval';
  }
  if (top === 'validity') return 'validityCount';
  return top in planRules ? (top as PlanField) : undefined;
}

/** What is wrong with one benefit, in words; undefined when it can be saved. */
export function benefitProblem(b: BenefitDraft): string | undefined {
  const targeted = b.productIds.length + b.collectionIds.length > 0;
  if (b.kind === 'CREDITS') {
    if (!whole(1, 10_000)(b.credits)) return 'Enter how many, from 1 to 10,000.';
    if (b.periodCount.trim() && !whole(1, 999)(b.periodCount)) return 'Enter how often as a number from 1 to 999.';
    if (!targeted) return 'Choose the products or collections the credits are for.';
  }
  if (b.kind === 'MEMBER_PRICE') {
    if (b.off === 'PERCENT' && !whole(1, 100)(b.percentOff)) return 'Enter a percentage from 1 to 100.';
    if (b.off === 'AMOUNT' && !isAmount(b.amountOff)) return 'Enter an amount such as 2 or 1.50.';
    if (!b.wholeOrder && !targeted) return 'Choose the products or collections, or the whole order.';
  }
  if (b.kind === 'MEMBER_ONLY' && !targeted) return 'Choose the products or collections only members can buy.';
  return undefined;
}

function benefitInput(b: BenefitDraft): PlanBenefitInput {
  const targets = { productIds: b.productIds, collectionIds: b.collectionIds };
  switch (b.kind) {
    case 'CREDITS':
      return {
        kind: b.kind,
        ...targets,
        credits: int(b.credits),
        ...(b.periodCount.trim() ? { creditPeriod: { unit: b.periodUnit, count: int(b.periodCount) } } : {}),
      };
    case 'MEMBER_PRICE':
      return {
        kind: b.kind,
        ...(b.wholeOrder ? { productIds: [], collectionIds: [] } : targets),
        wholeOrder: b.wholeOrder,
        ...(b.off === 'PERCENT' ? { percentOff: int(b.percentOff) } : { amountOff: normalizeAmount(b.amountOff) }),
      };
    case 'FREE_SHIPPING':
      return { kind: b.kind, productIds: [], collectionIds: [] };
    case 'MEMBER_ONLY':
      return { kind: b.kind, ...targets };
  }
}

/** The draft as the server takes it; optional parts absent are `undefined` (an update's mask then clears them). */
export function inputOf(d: PlanDraft): Record<keyof PlanInput, unknown> & PlanInput {
  const opt = (s: string) => (s.trim() ? int(s) : undefined);
  return {
    name: d.name.trim(),
    slug: undefined,
    description: d.description.trim(),
    image: d.image.trim() || undefined,
    price: { amount: normalizeAmount(d.price) },
    recurrence: d.recurring
      ? {
          frequency: d.frequency,
          interval: int(d.interval),
          ...(opt(d.cycles) ? { billingCycles: opt(d.cycles) } : {}),
          ...(opt(d.trialDays) ? { freeTrialDays: opt(d.trialDays) } : {}),
        }
      : undefined,
    validity: opt(d.validityCount) ? { unit: d.validityUnit, count: opt(d.validityCount)! } : undefined,
    buyerLimit: opt(d.buyerLimit),
    visibility: d.hidden ? 'HIDDEN' : 'PUBLIC',
    status: undefined,
    paidOffline: d.paidOffline,
    taxCreditedLines: undefined,
    benefits: d.benefits.map(benefitInput),
  };
}

/** Only the fields whose input differs from the saved plan's (an update sends just these, as its mask). */
export function changesOf(draft: PlanDraft, saved: PlanDraft): Partial<PlanInput> {
  const now = inputOf(draft);
  const before = inputOf(saved);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(now) as Array<keyof PlanInput>) {
    if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) out[key] = now[key];
  }
  return out;
}

/** A new plan: only what is set (nothing `undefined`). */
export const createInputOf = (d: PlanDraft): PlanInput =>
  Object.fromEntries(Object.entries(inputOf(d)).filter(([, v]) => v !== undefined)) as PlanInput;
