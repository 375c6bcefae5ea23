import { Type, type Static } from 'typebox';
import { Money, SUBSCRIPTION_FREQUENCIES } from '../catalog/product.js';
import { DecimalAmount } from '../common/amounts.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { PLAN_LIMITS } from './limits.js';

export * from './limits.js';

/**
 * Paid plans: memberships a shopper buys (one payment, or recurring through the subscription engine) and then pays
 * with. Benefits are credits (N uses per period of chosen products), member prices, free shipping and member-only
 * products. A plan is bought as an ordinary order line of the app `PLAN_APP_ID`.
 */
export const PLAN_VISIBILITIES = ['PUBLIC', 'HIDDEN'] as const;
export const PLAN_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export const PLAN_BENEFIT_KINDS = ['CREDITS', 'MEMBER_PRICE', 'FREE_SHIPPING', 'MEMBER_ONLY'] as const;
export type PlanBenefitKind = (typeof PLAN_BENEFIT_KINDS)[number];
/** ACTIVE gives the benefits (a canceled one too, until its endDate); PAUSED and ENDED give none. */
export const MEMBERSHIP_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_END_REASONS = ['EXPIRED', 'CANCELED', 'REVOKED'] as const;

export const PlanDuration = Type.Object(
  { unit: StringEnum(SUBSCRIPTION_FREQUENCIES), count: Type.Integer({ minimum: 1, maximum: 999 }) },
  { additionalProperties: false },
);
export type PlanDuration = Static<typeof PlanDuration>;

export const PlanRecurrence = Type.Object(
  {
    frequency: StringEnum(SUBSCRIPTION_FREQUENCIES),
    interval: Type.Integer({ minimum: 1, maximum: 365 }),
    /** Charges in all, the first at checkout included; absent: until canceled. */
    billingCycles: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })),
    /** Days before the first charge: the checkout then charges nothing. */
    freeTrialDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  },
  { additionalProperties: false },
);
export type PlanRecurrence = Static<typeof PlanRecurrence>;

const BenefitTargets = {
  productIds: Type.Array(Type.String({ format: 'uuid' }), { maxItems: PLAN_LIMITS.targetsMax }),
  collectionIds: Type.Array(Type.String({ format: 'uuid' }), { maxItems: PLAN_LIMITS.targetsMax }),
};

/** One benefit as the owner writes it; which fields count depends on `kind` (see PLAN_BENEFIT_KINDS). */
export const PlanBenefitInput = Type.Object(
  {
    kind: StringEnum(PLAN_BENEFIT_KINDS),
    ...BenefitTargets,
    /** MEMBER_PRICE: the discount applies to the whole order rather than chosen products. */
    wholeOrder: Type.Optional(Type.Boolean()),
    /** CREDITS: uses per period. */
    credits: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    /** CREDITS: the period they renew on; absent: each billing cycle of a recurring plan, else the whole validity. */
    creditPeriod: Type.Optional(PlanDuration),
    /** MEMBER_PRICE: percent off (1–100), or… */
    percentOff: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    /** …a fixed amount off each chosen line (or the order). */
    amountOff: Type.Optional(DecimalAmount),
    /** FREE_SHIPPING: the delivery options' codes; empty: every one. */
    deliveryOptionCodes: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type PlanBenefitInput = Static<typeof PlanBenefitInput>;

export const PlanBenefit = Type.Object({
  id: Type.String(),
  kind: StringEnum(PLAN_BENEFIT_KINDS),
  ...BenefitTargets,
  wholeOrder: Type.Boolean(),
  credits: Type.Optional(Type.Integer()),
  creditPeriod: Type.Optional(PlanDuration),
  percentOff: Type.Optional(Type.Integer()),
  amountOff: Type.Optional(Money),
  deliveryOptionCodes: Type.Array(Type.String()),
});
export type PlanBenefit = Static<typeof PlanBenefit>;

export const Plan = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  image: Type.Optional(Type.String()),
  /** Charged at checkout (nothing during a free trial) and on each renewal. */
  price: Money,
  currency: Type.String(),
  recurrence: Type.Optional(PlanRecurrence),
  /** How long one payment lasts; absent: unlimited, or while a recurring plan is paid. */
  validity: Type.Optional(PlanDuration),
  buyerLimit: Type.Optional(Type.Integer()),
  /** Memberships sold or granted so far. */
  buyers: Type.Integer(),
  /** Whether the plan can still be bought: active, and under its buyer limit. */
  available: Type.Boolean(),
  visibility: StringEnum(PLAN_VISIBILITIES),
  status: StringEnum(PLAN_STATUSES),
  paidOffline: Type.Boolean(),
  taxCreditedLines: Type.Boolean(),
  benefits: Type.Array(PlanBenefit),
  ...Timestamps,
});
export type Plan = Static<typeof Plan>;

export const CreditBalance = Type.Object({
  benefitId: Type.String(),
  total: Type.Integer(),
  remaining: Type.Integer(),
  /** When these credits lapse and the next period's begin; absent: with the membership. */
  periodEnd: Type.Optional(DateString),
});
export type CreditBalance = Static<typeof CreditBalance>;

/** A member's plan. */
export const Membership = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  planName: Type.String(),
  memberId: Type.String(),
  status: StringEnum(MEMBERSHIP_STATUSES),
  startDate: DateString,
  /** Benefits stop here; absent: unlimited. */
  endDate: Type.Optional(DateString),
  /** The next charge of a recurring plan; absent once canceled or ended. */
  renewalDate: Type.Optional(DateString),
  canceledDate: Type.Optional(DateString),
  endReason: Type.Optional(StringEnum(MEMBERSHIP_END_REASONS)),
  originOrderId: Type.Optional(Type.String()),
  subscriptionContractId: Type.Optional(Type.String()),
  grantedByOwner: Type.Boolean(),
  credits: Type.Array(CreditBalance),
  ...Timestamps,
});
export type Membership = Static<typeof Membership>;

/** One use of credits. */
export const CreditUse = Type.Object({
  id: Type.String(),
  membershipId: Type.String(),
  orderId: Type.String(),
  lineItemId: Type.String(),
  productName: Type.String(),
  quantity: Type.Integer(),
  date: DateString,
});
export type CreditUse = Static<typeof CreditUse>;
