import { Type, type Static } from 'typebox';
import { AmountInput } from '../common/amounts.js';
import { Money } from '../catalog/product.js';
import { StringEnum } from '../common/schema.js';
import { ECOM_LIMITS, PriceSummary } from './common.js';
import { CustomLineItemsToAdd, LineItemsToAdd } from './line-edits.js';
import { Order } from './orders.js';

/**
 * Editing what an order costs (items, quantities, prices, shipping, discounts, fees) as a draft: the merchant
 * describes the changes, previews the new totals, then commits them (DRAFT → COMMITTED). Changes that would need
 * money back first, or that the order's history cannot carry, are refused with one of the reasons below.
 */
export const DRAFT_COMMIT_STATUSES = ['DRAFT', 'COMMITTED'] as const;
export type DraftCommitStatus = (typeof DRAFT_COMMIT_STATUSES)[number];

/** Why a draft cannot be committed (SPEC §8 order reasons). */
export const DRAFT_BLOCKED_REASONS = [
  'PARTIALLY_OR_FULLY_REFUNDED',
  'UNSUPPORTED_CHANNEL_TYPE',
  'UNSUPPORTED_ORDER_STATUS',
  'INCONSISTENT_CURRENCY_OR_WEIGHT_UNIT',
  'AMOUNTS_NOT_ADDING_UP',
  'ORDER_NOT_FOUND',
  'SUBSCRIPTION_LINE_ITEM_EXISTS',
  'UNSUPPORTED_CATALOG_ITEM',
  'TAXABLE_EXISTING_ADDITIONAL_FEE',
] as const;
export type DraftBlockedReason = (typeof DRAFT_BLOCKED_REASONS)[number];

const LineId = Type.String({ minLength: 1, maxLength: 100 });

export const DraftOrderChanges = Type.Object(
  {
    /** New quantity or unit price of lines already on the order. */
    lineItemsChanged: Type.Optional(
      Type.Array(
        Type.Object(
          {
            lineItemId: LineId,
            quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: ECOM_LIMITS.quantityMax })),
            price: Type.Optional(AmountInput),
          },
          { additionalProperties: false },
        ),
        { maxItems: ECOM_LIMITS.lineItemsMax },
      ),
    ),
    lineItemsRemoved: Type.Optional(Type.Array(LineId, { maxItems: ECOM_LIMITS.lineItemsMax })),
    /** Catalog items, at today's price. */
    lineItemsAdded: Type.Optional(LineItemsToAdd),
    /** Items with their own name and price. */
    customLineItemsAdded: Type.Optional(CustomLineItemsToAdd),
    /** Replaces the order's shipping line (a price of 0 makes shipping free). */
    shipping: Type.Optional(
      Type.Object(
        { title: Type.String({ minLength: 1, maxLength: 100 }), price: AmountInput },
        { additionalProperties: false },
      ),
    ),
    /** Discounts on the whole order: an amount or a percentage. */
    discountsAdded: Type.Optional(
      Type.Array(
        Type.Object(
          {
            description: Type.Optional(Type.String({ maxLength: 200 })),
            amount: Type.Optional(AmountInput),
            percentage: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    /** Positions (from 0) in the order's `appliedDiscounts` of the discounts to take off. */
    discountsRemoved: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 99 }), { maxItems: 100 })),
    /** Fees added by hand (not taxed). */
    additionalFeesAdded: Type.Optional(
      Type.Array(
        Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 100 }), price: AmountInput },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DraftOrderChanges = Static<typeof DraftOrderChanges>;

export const CommitDeltasRequest = Type.Object(
  {
    /** The draft's own id, chosen by the caller: committing the same draft again changes nothing more. */
    draftOrderId: Type.Optional(Type.String({ format: 'uuid' })),
    changes: DraftOrderChanges,
    commitSettings: Type.Optional(
      Type.Object(
        {
          /** Only calculate: the order as it would be, nothing written (status stays DRAFT). */
          previewOnly: Type.Optional(Type.Boolean()),
          /** Log DRAFT_ORDER_CHANGES_APPLIED on the order (default: yes). */
          addActivityToOrder: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    /** Why the order changed, kept with the activity. */
    reason: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CommitDeltasRequest = Static<typeof CommitDeltasRequest>;

export const CommitDeltasResponse = Type.Object({
  commitStatus: StringEnum(DRAFT_COMMIT_STATUSES),
  /** The order as committed, or as it would be (preview). */
  order: Order,
  /** The totals before the changes, to compare. */
  previousPriceSummary: PriceSummary,
  /** What is still to pay after the change (negative never: such a change is refused). */
  balanceDue: Money,
});
export type CommitDeltasResponse = Static<typeof CommitDeltasResponse>;
