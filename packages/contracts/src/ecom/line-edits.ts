import { Type } from 'typebox';
import { CustomLineItemInput, ECOM_LIMITS, LineItemInput, LineItemQuantityUpdate } from './common.js';

/**
 * The line edits a cart, a checkout and an order being made or edited take alike, bounded by what one basket may
 * hold. Not exported from the package root: each resource exports its requests under its own names.
 */

/** Catalog lines to add. */
export const LineItemsToAdd = Type.Array(LineItemInput, { maxItems: ECOM_LIMITS.lineItemsMax });
/** Lines with their own name and price (API keys only). */
export const CustomLineItemsToAdd = Type.Array(CustomLineItemInput, { maxItems: ECOM_LIMITS.lineItemsMax });

/** `lineItems` and `customLineItems` to add, both optional: spread into a request. */
export const LineAdditionFields = {
  lineItems: Type.Optional(LineItemsToAdd),
  customLineItems: Type.Optional(CustomLineItemsToAdd),
};

/** POST …/remove-line-items. */
export const RemoveLineItemsBody = Type.Object(
  {
    lineItemIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: ECOM_LIMITS.lineItemsMax,
    }),
  },
  { additionalProperties: false },
);

/** POST …/update-line-items-quantity. */
export const LineItemsQuantityBody = Type.Object(
  { lineItems: Type.Array(LineItemQuantityUpdate, { minItems: 1, maxItems: ECOM_LIMITS.lineItemsMax }) },
  { additionalProperties: false },
);
