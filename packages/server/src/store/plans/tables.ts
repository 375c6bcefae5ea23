import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, rowDates, ts } from '../../lib/columns.js';

/** A length of time: `count` days, weeks, months or years. */
export interface PlanDuration {
  unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  count: number;
}

/** How a recurring plan is charged through the subscription engine. */
export interface PlanRecurrence {
  frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  interval: number;
  /** Charges in all, the first at checkout included; absent: until canceled. */
  billingCycles?: number;
  /** Days before the first charge; the checkout then charges nothing. */
  freeTrialDays?: number;
}

/**
 * Plans an owner sells: a coffee club, a class pass, "members save 10 %". One payment (`recurrence` absent, valid for
 * `validity` or for ever) or recurring through the subscription engine. `buyers` counts memberships ever sold or
 * granted, raised by a conditional UPDATE so `buyerLimit` holds under concurrent placements.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** A picture's URL (media library or outside). */
    image: text('image'),
    priceMinor: bigint('price_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    recurrence: jsonb('recurrence').$type<PlanRecurrence>(),
    /** How long one payment lasts; absent: unlimited (one payment) or while the subscription runs (recurring). */
    validity: jsonb('validity').$type<PlanDuration>(),
    buyerLimit: integer('buyer_limit'),
    buyers: integer('buyers').notNull().default(0),
    /** PUBLIC: listed on the Plans page. HIDDEN: reachable only by its link. */
    visibility: text('visibility').notNull(),
    /** ACTIVE or ARCHIVED: an archived plan can't be bought; its holders keep it. */
    status: text('status').notNull(),
    /** Plans paid at the counter: their lines are paid with MEMBERSHIP_OFFLINE rather than MEMBERSHIP. */
    paidOffline: boolean('paid_offline').notNull().default(false),
    /** Whether a line paid with credits still pays its tax (false: the plan covers the line, tax included). */
    taxCreditedLines: boolean('tax_credited_lines').notNull().default(false),
    ...rowDates(),
  },
  (t) => [uniqueIndex('plans_slug_idx').on(t.slug), index('plans_list_idx').on(t.createdDate, t.id)],
);

/**
 * What holding a plan gives. CREDITS: `credits` uses per `creditPeriod` (absent: per billing cycle of a recurring
 * plan, else for the whole validity) of the chosen products or collections. MEMBER_PRICE: `percentOff` or
 * `amountOffMinor` on the chosen products, collections or the whole order. FREE_SHIPPING: on the chosen delivery
 * options (`deliveryOptionCodes`; empty: every one). MEMBER_ONLY: the chosen products and collections are seen and
 * bought by holders only.
 */
export const planBenefits = pgTable(
  'plan_benefits',
  {
    id: uuid('id').primaryKey(),
    planId: belongsTo('plan_id', () => plans.id),
    kind: text('kind').notNull(),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    collectionIds: jsonb('collection_ids').$type<string[]>().notNull().default([]),
    wholeOrder: boolean('whole_order').notNull().default(false),
    credits: integer('credits'),
    creditPeriod: jsonb('credit_period').$type<PlanDuration>(),
    percentOff: integer('percent_off'),
    amountOffMinor: bigint('amount_off_minor', { mode: 'bigint' }),
    deliveryOptionCodes: jsonb('delivery_option_codes').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('plan_benefits_plan_idx').on(t.planId, t.position)],
);

/**
 * Member-only reach, one row per plan and product or collection it opens (from MEMBER_ONLY benefits): a product is
 * hidden from a caller when any row names it or one of its collections and none of those rows' plans is held.
 */
export const planAccess = pgTable(
  'plan_access',
  {
    planId: belongsTo('plan_id', () => plans.id),
    productId: uuid('product_id'),
    collectionId: uuid('collection_id'),
  },
  (t) => [
    index('plan_access_product_idx').on(t.productId, t.planId),
    index('plan_access_collection_idx').on(t.collectionId, t.planId),
  ],
);

/**
 * A member's plan. ACTIVE gives the benefits; PAUSED (a renewal failed after the engine's retries) gives none until
 * paid; ENDED gives none (`endReason` EXPIRED, CANCELED or REVOKED). A canceled plan keeps ACTIVE with
 * `canceledDate` set until `endDate`, the end of the paid period.
 */
export const planMemberships = pgTable(
  'plan_memberships',
  {
    id: uuid('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    memberId: uuid('member_id').notNull(),
    status: text('status').notNull(),
    /** The plan's name when bought: shown in history even after a rename. */
    planName: text('plan_name').notNull(),
    originOrderId: uuid('origin_order_id'),
    originLineItemId: text('origin_line_item_id'),
    subscriptionContractId: uuid('subscription_contract_id'),
    /** Set when the owner granted it by hand. */
    grantedBy: text('granted_by'),
    startDate: ts('start_date').notNull(),
    /** Benefits stop here; absent: unlimited. A recurring plan's end moves with each paid renewal. */
    endDate: ts('end_date'),
    canceledDate: ts('canceled_date'),
    endReason: text('end_reason'),
    endedDate: ts('ended_date'),
    ...rowDates(),
  },
  (t) => [
    index('plan_memberships_member_idx').on(t.memberId, t.status),
    index('plan_memberships_plan_idx').on(t.planId, t.createdDate),
    uniqueIndex('plan_memberships_origin_idx').on(t.originOrderId, t.originLineItemId),
  ],
);

/**
 * Credits of one CREDITS benefit for one period of a membership. Using credits is
 * `UPDATE … SET used = used + n WHERE used + n <= quota`, so concurrent placements can't overdraw.
 */
export const planCreditBalances = pgTable(
  'plan_credit_balances',
  {
    id: uuid('id').primaryKey(),
    membershipId: belongsTo('membership_id', () => planMemberships.id),
    benefitId: uuid('benefit_id').notNull(),
    periodStart: ts('period_start').notNull(),
    /** Absent: the credits last as long as the membership. */
    periodEnd: ts('period_end'),
    quota: integer('quota').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [uniqueIndex('plan_credit_balances_period_idx').on(t.membershipId, t.benefitId, t.periodStart)],
);

/** Each use of credits: one row per order line, so a retried placement or charge-membership can't count twice. */
export const planCreditUses = pgTable(
  'plan_credit_uses',
  {
    id: uuid('id').primaryKey(),
    membershipId: belongsTo('membership_id', () => planMemberships.id),
    balanceId: uuid('balance_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineItemId: text('line_item_id').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    createdDate: ts('created_date').notNull(),
  },
  (t) => [
    uniqueIndex('plan_credit_uses_line_idx').on(t.orderId, t.lineItemId),
    index('plan_credit_uses_membership_idx').on(t.membershipId, t.createdDate),
  ],
);
