import { Type, type Static } from 'typebox';
import { FieldMask, StringEnum } from '../common/schema.js';
import { BillingInfo, BuyerInfoInput, CheckoutInfoInput } from './checkout.js';
import { AddressWithContact, ECOM_LIMITS, SALES_CHANNELS } from './common.js';
import { LineAdditionFields } from './line-edits.js';
import { Order, OrderActivity } from './orders.js';
import { ActivityContent, BulkOrderResults } from './order-requests.js';

/**
 * Orders made and changed by the merchant (the owner or an `ecom` API key): creating an order without a shopper's
 * checkout (phone orders, imports from another platform, a POS), editing what does not change the money (contact,
 * addresses, notes, tags, how a line is named), and editing comments. Changing items or prices is a draft with
 * commit-deltas.
 */

const Tag = Type.String({ minLength: 1, maxLength: 50 });
const Id = Type.String({ format: 'uuid' });

export const CreateOrderByMerchantRequest = Type.Object(
  {
    order: Type.Object(
      {
        /** Catalog items priced by the store as at checkout, and items with their own name and price. */
        ...LineAdditionFields,
        buyerInfo: Type.Optional(
          Type.Object(
            {
              email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
              /** The member the order belongs to: it shows in their account. */
              memberId: Type.Optional(Id),
            },
            { additionalProperties: false },
          ),
        ),
        billingInfo: Type.Optional(BillingInfo),
        shippingInfo: CheckoutInfoInput.properties.shippingInfo,
        buyerNote: CheckoutInfoInput.properties.buyerNote,
        merchantDiscounts: CheckoutInfoInput.properties.merchantDiscounts,
        couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: ECOM_LIMITS.couponCodeMax })),
        paymentOption: Type.Optional(StringEnum(['FULL_PAYMENT_OFFLINE', 'FULL_PAYMENT_ONLINE'] as const)),
        channelInfo: Type.Optional(Type.Object({ type: StringEnum(SALES_CHANNELS) }, { additionalProperties: false })),
        tags: Type.Optional(Type.Array(Tag, { maxItems: 20 })),
      },
      { additionalProperties: false },
    ),
    settings: Type.Optional(
      Type.Object(
        {
          /** E-mail the buyer the order confirmation (default: no; imported orders were confirmed elsewhere). */
          sendOrderPlacedEmail: Type.Optional(Type.Boolean()),
          /** Take the items out of stock (default: yes). */
          updateInventory: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateOrderByMerchantRequest = Static<typeof CreateOrderByMerchantRequest>;

/** Paths an order PATCH may name (under `order`). A named path left out of `order` clears it. */
export const ORDER_MASK_PATHS = [
  'buyerInfo.email',
  'billingInfo',
  'shippingInfo.logistics.shippingDestination',
  'buyerNote',
  'tags',
] as const;
/** Of those, the ones that may be cleared. */
export const ORDER_CLEARABLE_PATHS = [
  'billingInfo',
  'shippingInfo.logistics.shippingDestination',
  'buyerNote',
] as const;

export const OrderChanges = Type.Object(
  {
    buyerInfo: Type.Optional(BuyerInfoInput),
    billingInfo: Type.Optional(BillingInfo),
    shippingInfo: Type.Optional(
      Type.Object(
        {
          logistics: Type.Optional(
            Type.Object({ shippingDestination: Type.Optional(AddressWithContact) }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    buyerNote: Type.Optional(Type.String({ maxLength: ECOM_LIMITS.noteMax })),
    tags: Type.Optional(Type.Array(Tag, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type OrderChanges = Static<typeof OrderChanges>;

export const UpdateOrderRequest = Type.Object(
  { order: OrderChanges, fieldMask: Type.Optional(FieldMask) },
  { additionalProperties: false },
);
export type UpdateOrderRequest = Static<typeof UpdateOrderRequest>;

export const BulkUpdateOrdersRequest = Type.Object(
  {
    orders: Type.Array(
      Type.Object(
        {
          order: Type.Object({ id: Id, ...OrderChanges.properties }, { additionalProperties: false }),
          fieldMask: Type.Optional(FieldMask),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    /** Answer each changed order in `results[].item`. */
    returnEntity: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BulkUpdateOrdersRequest = Static<typeof BulkUpdateOrdersRequest>;
export { BulkOrderResults as BulkUpdateOrdersResponse };

/** What a line may be renamed or re-described as, without touching its price or quantity. */
export const LINE_ITEM_MASK_PATHS = ['productName', 'descriptionLines', 'sku', 'image'] as const;
export const UpdateOrderLineItemRequest = Type.Object(
  {
    lineItem: Type.Object(
      {
        productName: Type.Optional(Type.String({ minLength: 1, maxLength: ECOM_LIMITS.nameMax })),
        descriptionLines: Type.Optional(
          Type.Array(
            Type.Object(
              { name: Type.String({ minLength: 1, maxLength: 100 }), value: Type.String({ maxLength: 200 }) },
              { additionalProperties: false },
            ),
            { maxItems: 20 },
          ),
        ),
        sku: Type.Optional(Type.String({ maxLength: 40 })),
        image: Type.Optional(
          Type.Object(
            {
              url: Type.String({ minLength: 1, maxLength: 2048, pattern: '^(https?://|/)' }),
              altText: Type.Optional(Type.String({ maxLength: 200 })),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    fieldMask: Type.Optional(FieldMask),
  },
  { additionalProperties: false },
);
export type UpdateOrderLineItemRequest = Static<typeof UpdateOrderLineItemRequest>;

export const UpdateOrderActivityRequest = Type.Object(
  {
    activity: Type.Object(ActivityContent, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type UpdateOrderActivityRequest = Static<typeof UpdateOrderActivityRequest>;
export const UpdateOrderActivityResponse = Type.Object({ order: Order, activity: OrderActivity });
export type UpdateOrderActivityResponse = Static<typeof UpdateOrderActivityResponse>;
