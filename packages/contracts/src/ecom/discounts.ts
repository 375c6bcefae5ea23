import { Type, type Static, type TSchema } from 'typebox';
import { AmountInput } from '../common/amounts.js';
import { Money } from '../catalog/product.js';
import { entityBodies } from '../common/bodies.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';

/**
 * Automatic discount rules (/ecom/v1/discount-rules) and coupons (/ecom/v1/coupons). Both carry the same `discount`:
 * a type (PERCENTAGE, FIXED_AMOUNT, FIXED_PRICE) and a scope (GLOBAL, SPECIFIC_ITEMS, SHIPPING). Rules apply on
 * their own when their trigger is met; a coupon applies when the buyer enters its code. docs/store/totals.md says
 * how they combine.
 */

export const DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE'] as const;
export const DISCOUNT_SCOPES = ['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING'] as const;
export const ITEMS_SCOPE_TYPES = ['CATALOG_ITEM', 'CUSTOM_FILTER'] as const;
export const TRIGGER_TYPES = ['AND', 'OR', 'SUBTOTAL_RANGE', 'ITEM_QUANTITY_RANGE', 'CUSTOM'] as const;
export const DISCOUNT_RULE_STATUSES = ['LIVE', 'EXPIRED', 'PENDING'] as const;
export const DISCOUNT_LIMITS = { idsMax: 100, triggersMax: 20, triggerDepth: 3, nameMax: 200, codeMax: 50 } as const;

const Id = Type.String({ minLength: 1, maxLength: 100 });

/** The items a SPECIFIC_ITEMS discount covers: products by id, or a filter (collections). */
export const ItemsScope = Type.Object(
  {
    type: StringEnum(ITEMS_SCOPE_TYPES),
    catalogItemIds: Type.Optional(Type.Array(Id, { maxItems: DISCOUNT_LIMITS.idsMax })),
    customFilter: Type.Optional(
      Type.Object(
        { collectionIds: Type.Array(Id, { minItems: 1, maxItems: DISCOUNT_LIMITS.idsMax }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** What a discount takes off and from what. Exactly the field of its type is set. */
export const DiscountInput = Type.Object(
  {
    type: StringEnum(DISCOUNT_TYPES),
    /** PERCENTAGE: 0 < p ≤ 100. */
    percentage: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
    /** FIXED_AMOUNT: taken once off the scope's total (split across its lines). */
    fixedAmount: Type.Optional(AmountInput),
    /** FIXED_PRICE: each unit in scope (or the shipping) costs this. */
    fixedPrice: Type.Optional(AmountInput),
    scope: StringEnum(DISCOUNT_SCOPES),
    items: Type.Optional(ItemsScope),
  },
  { additionalProperties: false },
);
export type DiscountInput = Static<typeof DiscountInput>;

export const Discount = Type.Object({
  type: StringEnum(DISCOUNT_TYPES),
  percentage: Type.Optional(Type.Number()),
  fixedAmount: Type.Optional(Money),
  fixedPrice: Type.Optional(Money),
  scope: StringEnum(DISCOUNT_SCOPES),
  items: Type.Optional(ItemsScope),
});
export type Discount = Static<typeof Discount>;

const Range = Type.Object(
  { from: Type.Optional(Type.Number({ minimum: 0 })), to: Type.Optional(Type.Number({ minimum: 0 })) },
  { additionalProperties: false },
);
const MoneyRange = Type.Object(
  { from: Type.Optional(AmountInput), to: Type.Optional(AmountInput) },
  { additionalProperties: false },
);

/** Nested triggers, at most DISCOUNT_LIMITS.triggerDepth levels of AND / OR. */
function trigger(depth: number): TSchema {
  return Type.Object(
    {
      type: StringEnum(depth > 1 ? TRIGGER_TYPES : (['SUBTOTAL_RANGE', 'ITEM_QUANTITY_RANGE', 'CUSTOM'] as const)),
      /** AND / OR: the triggers combined. */
      ...(depth > 1
        ? {
            triggers: Type.Optional(
              Type.Array(trigger(depth - 1), { minItems: 1, maxItems: DISCOUNT_LIMITS.triggersMax }),
            ),
          }
        : {}),
      /** Subtotal of the lines in the discount's scope, inclusive bounds. */
      subtotalRange: Type.Optional(MoneyRange),
      /** Units in the discount's scope, inclusive bounds. */
      itemQuantityRange: Type.Optional(Range),
      /** Asked to the CUSTOM_TRIGGERS app (getEligibleTriggers); not met when no app answers. */
      customTrigger: Type.Optional(
        Type.Object({ customTriggerId: Id, identifier: Id }, { additionalProperties: false }),
      ),
    },
    { additionalProperties: false },
  );
}
export interface Trigger {
  type: (typeof TRIGGER_TYPES)[number];
  triggers?: Trigger[];
  subtotalRange?: { from?: { amount: string }; to?: { amount: string } };
  itemQuantityRange?: { from?: number; to?: number };
  customTrigger?: { customTriggerId: string; identifier: string };
}
export const Trigger = Type.Unsafe<Trigger>(trigger(DISCOUNT_LIMITS.triggerDepth));

export const ActiveTimeInfo = Type.Object(
  { start: Type.Optional(DateString), end: Type.Optional(DateString) },
  { additionalProperties: false },
);

export const DiscountRuleInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: DISCOUNT_LIMITS.nameMax }),
    active: Type.Optional(Type.Boolean()),
    /** No trigger: the rule always applies while it is live. */
    trigger: Type.Optional(Trigger),
    discount: DiscountInput,
    activeTimeInfo: Type.Optional(ActiveTimeInfo),
  },
  { additionalProperties: false },
);
export type DiscountRuleInput = Static<typeof DiscountRuleInput>;
export const DISCOUNT_RULE_MASK_PATHS = ['name', 'active', 'trigger', 'discount', 'activeTimeInfo'] as const;

export const DiscountRule = Type.Object({
  id: Type.String(),
  name: Type.String(),
  active: Type.Boolean(),
  trigger: Type.Optional(Trigger),
  discount: Discount,
  activeTimeInfo: Type.Optional(ActiveTimeInfo),
  /** From the window, at read time: PENDING before start, EXPIRED after end, LIVE otherwise. */
  status: StringEnum(DISCOUNT_RULE_STATUSES),
  ...Timestamps,
});
export type DiscountRule = Static<typeof DiscountRule>;

export const {
  create: CreateDiscountRuleRequest,
  update: UpdateDiscountRuleRequest,
  response: DiscountRuleResponse,
  list: ListDiscountRulesResponse,
} = entityBodies({ one: 'discountRule', many: 'discountRules' }, DiscountRuleInput, DiscountRule);
export type CreateDiscountRuleRequest = Static<typeof CreateDiscountRuleRequest>;
export type UpdateDiscountRuleRequest = Static<typeof UpdateDiscountRuleRequest>;
export type DiscountRuleResponse = Static<typeof DiscountRuleResponse>;
export type ListDiscountRulesResponse = Static<typeof ListDiscountRulesResponse>;

export const CouponInput = Type.Object(
  {
    /** Case-insensitive unique; letters, digits, - and _. */
    code: Type.String({ minLength: 1, maxLength: DISCOUNT_LIMITS.codeMax, pattern: '^[A-Za-z0-9_-]+$' }),
    name: Type.String({ minLength: 1, maxLength: DISCOUNT_LIMITS.nameMax }),
    active: Type.Optional(Type.Boolean()),
    discount: DiscountInput,
    minimumSubtotal: Type.Optional(AmountInput),
    activeTimeInfo: Type.Optional(ActiveTimeInfo),
    /** Redemptions in all (absent: unlimited). */
    usageLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
    /** Redemptions per customer (member, else email, else visitor). */
    limitPerCustomer: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type CouponInput = Static<typeof CouponInput>;
export const COUPON_MASK_PATHS = [
  'code',
  'name',
  'active',
  'discount',
  'minimumSubtotal',
  'activeTimeInfo',
  'usageLimit',
  'limitPerCustomer',
] as const;

export const Coupon = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  active: Type.Boolean(),
  discount: Discount,
  minimumSubtotal: Type.Optional(Money),
  activeTimeInfo: Type.Optional(ActiveTimeInfo),
  usageLimit: Type.Optional(Type.Integer()),
  limitPerCustomer: Type.Optional(Type.Integer()),
  /** Orders placed with it so far. */
  numberOfUsages: Type.Integer(),
  status: StringEnum(DISCOUNT_RULE_STATUSES),
  ...Timestamps,
});
export type Coupon = Static<typeof Coupon>;

export const {
  create: CreateCouponRequest,
  update: UpdateCouponRequest,
  response: CouponResponse,
  list: ListCouponsResponse,
} = entityBodies({ one: 'coupon', many: 'coupons' }, CouponInput, Coupon);
export type CreateCouponRequest = Static<typeof CreateCouponRequest>;
export type UpdateCouponRequest = Static<typeof UpdateCouponRequest>;
export type CouponResponse = Static<typeof CouponResponse>;
export type ListCouponsResponse = Static<typeof ListCouponsResponse>;
