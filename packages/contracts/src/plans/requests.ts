import { Type, type Static } from 'typebox';
import { CatalogSlug, Money } from '../catalog/product.js';
import { DecimalAmount } from '../common/amounts.js';
import { entityBodies, PageBody } from '../common/bodies.js';
import { OffsetPageFields, PagingMetadata } from '../common/paging.js';
import { DateString, StringEnum } from '../common/schema.js';
import {
  CreditUse,
  Membership,
  MEMBERSHIP_STATUSES,
  Plan,
  PLAN_LIMITS,
  PLAN_STATUSES,
  PLAN_VISIBILITIES,
  PlanBenefitInput,
  PlanDuration,
  PlanRecurrence,
} from './plans.js';

/** What an owner writes of a plan (the server sets id, buyers, dates and the currency, the site's). */
export const PlanInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: PLAN_LIMITS.nameMax }),
    /** Made from the name when absent. */
    slug: Type.Optional(CatalogSlug),
    description: Type.Optional(Type.String({ maxLength: PLAN_LIMITS.descriptionMax })),
    /** A picture: an https URL or a path on this site (the media library's). */
    image: Type.Optional(Type.String({ pattern: '^(https://|/[^/])', maxLength: 2000 })),
    /** "0" makes a free plan. */
    price: Type.Object({ amount: DecimalAmount }, { additionalProperties: false }),
    recurrence: Type.Optional(PlanRecurrence),
    validity: Type.Optional(PlanDuration),
    buyerLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    visibility: Type.Optional(StringEnum(PLAN_VISIBILITIES)),
    status: Type.Optional(StringEnum(PLAN_STATUSES)),
    paidOffline: Type.Optional(Type.Boolean()),
    taxCreditedLines: Type.Optional(Type.Boolean()),
    benefits: Type.Optional(Type.Array(PlanBenefitInput, { maxItems: PLAN_LIMITS.benefitsMax })),
  },
  { additionalProperties: false },
);
export type PlanInput = Static<typeof PlanInput>;

const planBodies = entityBodies({ one: 'plan', many: 'plans' }, PlanInput, Plan);
export const CreatePlanRequest = planBodies.create;
export type CreatePlanRequest = Static<typeof CreatePlanRequest>;
export const UpdatePlanRequest = planBodies.update;
export type UpdatePlanRequest = Static<typeof UpdatePlanRequest>;
export const PlanResponse = planBodies.response;
export type PlanResponse = Static<typeof PlanResponse>;

/** Visitors get the ACTIVE, PUBLIC plans; managers every one, narrowed by these. */
export const ListPlansQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(PLAN_STATUSES)),
    visibility: Type.Optional(StringEnum(PLAN_VISIBILITIES)),
    ...OffsetPageFields,
  },
  { additionalProperties: false },
);
export type ListPlansQuery = Static<typeof ListPlansQuery>;
export const ListPlansResponse = PageBody('plans', Plan, { metadata: PagingMetadata });
export type ListPlansResponse = Static<typeof ListPlansResponse>;

/** A plan's buyers and takings, for the dashboard. */
export const PlanStatsResponse = Type.Object({
  stats: Type.Object({
    /** Memberships sold or granted. */
    buyers: Type.Integer(),
    activeMemberships: Type.Integer(),
    /** Paid orders of the plan, renewals included, less refunds. */
    orders: Type.Integer(),
    revenue: Money,
  }),
});
export type PlanStatsResponse = Static<typeof PlanStatsResponse>;

/** A membership with who holds it, for managers' lists. */
export const MembershipWithMember = Type.Intersect([
  Membership,
  Type.Object({ member: Type.Object({ name: Type.String(), email: Type.Optional(Type.String()) }) }),
]);

/** Members get their own; managers every one, narrowed by these. */
export const ListMembershipsQuery = Type.Object(
  {
    planId: Type.Optional(Type.String({ format: 'uuid' })),
    memberId: Type.Optional(Type.String({ format: 'uuid' })),
    status: Type.Optional(StringEnum(MEMBERSHIP_STATUSES)),
    ...OffsetPageFields,
  },
  { additionalProperties: false },
);
export type ListMembershipsQuery = Static<typeof ListMembershipsQuery>;
export const ListMembershipsResponse = PageBody('memberships', MembershipWithMember, { metadata: PagingMetadata });
export type ListMembershipsResponse = Static<typeof ListMembershipsResponse>;

export const MembershipResponse = Type.Object({ membership: Membership });
export type MembershipResponse = Static<typeof MembershipResponse>;

export const ListCreditUsesResponse = Type.Object({ creditUses: Type.Array(CreditUse) });
export type ListCreditUsesResponse = Static<typeof ListCreditUsesResponse>;

/** The owner gives a member a plan by hand: no order, no charge. */
export const GrantMembershipRequest = Type.Object(
  {
    planId: Type.String({ format: 'uuid' }),
    memberId: Type.String({ format: 'uuid' }),
    /** Absent: the plan's validity from now (or unlimited). */
    endDate: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type GrantMembershipRequest = Static<typeof GrantMembershipRequest>;
