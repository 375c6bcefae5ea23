import { Type, type Static } from 'typebox';
import { AmountInput } from '../common/amounts.js';
import { BulkItemError, BulkResultsBody, EchoedId, PageBody } from '../common/bodies.js';
import { Money } from '../catalog/product.js';
import { CursorMetadataFields } from '../common/paging.js';
import { PageLimit, StringEnum } from '../common/schema.js';
import {
  ORDER_APPROVAL_STATUSES,
  ORDER_PAYMENT_STATUSES,
  Order,
  OrderTransactions,
  FULFILLMENT_STATUSES,
} from './orders.js';

/** Requests and answers of placing orders, the orders routes and the payments collector. */

const Id = Type.String({ format: 'uuid' });

// --- Placing an order -------------------------------------------------------------------------------------------------
export const CreateOrderRequest = Type.Object(
  {
    /** Keep the card for later charges (subscriptions): recorded as SAVED_PAYMENT_METHOD. */
    savePaymentMethod: Type.Optional(Type.Boolean()),
    /** Authorize only; the owner captures (or voids) later. */
    delayCapture: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;
/** Capture or release an authorization by itself after `delayDuration`. */
export const DelayedCaptureSettings = Type.Object(
  {
    scheduledAction: StringEnum(['CAPTURE', 'VOID'] as const),
    delayDuration: Type.Object(
      {
        value: Type.Integer({ minimum: 1, maximum: 10_000 }),
        unit: StringEnum(['MINUTES', 'HOURS', 'DAYS'] as const),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type DelayedCaptureSettings = Static<typeof DelayedCaptureSettings>;
export const CreateOrderAndChargeRequest = Type.Object(
  {
    /** From `POST /ecom/v1/payments/test-card/tokens` (the hosted checkout's card form) or a payment app. */
    paymentToken: Type.String({ minLength: 10, maxLength: 2000 }),
    savePaymentMethod: Type.Optional(Type.Boolean()),
    delayCapture: Type.Optional(Type.Boolean()),
    /** With `delayCapture`: capture or release the authorization by itself after this long (the job worker does it). */
    delayedCaptureSettings: Type.Optional(DelayedCaptureSettings),
    /** The checkout's id, as the platform's SDK repeats it. */
    id: EchoedId,
  },
  { additionalProperties: false },
);
export type CreateOrderAndChargeRequest = Static<typeof CreateOrderAndChargeRequest>;
export const CreateOrderResponse = Type.Object({
  orderId: Type.String(),
  order: Order,
  /** Lets whoever placed it (a visitor too) read this order: `GET /ecom/v1/orders/{id}?token=…`. */
  thankYouToken: Type.String(),
  /** create-order-and-charge: how the charge went. */
  paymentResult: Type.Optional(
    Type.Object({
      status: StringEnum(['APPROVED', 'AUTHORIZED', 'PENDING', 'DECLINED'] as const),
      declineReason: Type.Optional(Type.String()),
    }),
  ),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponse>;

export const TestCardTokenRequest = Type.Object(
  {
    cardNumber: Type.String({ minLength: 12, maxLength: 23 }),
    expiryMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    expiryYear: Type.Integer({ minimum: 2000, maximum: 2100 }),
    cvc: Type.String({ pattern: '^\\d{3,4}$' }),
    holderName: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type TestCardTokenRequest = Static<typeof TestCardTokenRequest>;
export const TestCardTokenResponse = Type.Object({
  paymentToken: Type.String(),
  brand: Type.String(),
  lastFourDigits: Type.String(),
});
export type TestCardTokenResponse = Static<typeof TestCardTokenResponse>;

export const CompletionLinkRequest = Type.Object(
  {
    /** Where the buyer lands after the checkout is completed (default: the shop's home page). */
    redirectUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://' })),
    expiresInMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43_200 })),
  },
  { additionalProperties: false },
);
export type CompletionLinkRequest = Static<typeof CompletionLinkRequest>;
export const CompletionLinkResponse = Type.Object({ url: Type.String(), expirationDate: Type.String() });
export type CompletionLinkResponse = Static<typeof CompletionLinkResponse>;

// --- Orders -------------------------------------------------------------------------------------------------------
export const GetOrderQuery = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 10, maxLength: 200 })) },
  { additionalProperties: false },
);
export type GetOrderQuery = Static<typeof GetOrderQuery>;

export const ORDER_SORT_FIELDS = ['createdDate', 'number', 'total'] as const;
export const SearchOrdersRequest = Type.Object(
  {
    search: Type.Optional(
      Type.Object(
        {
          filter: Type.Optional(
            Type.Object(
              {
                status: Type.Optional(Type.Array(StringEnum(ORDER_APPROVAL_STATUSES), { maxItems: 5 })),
                paymentStatus: Type.Optional(Type.Array(StringEnum(ORDER_PAYMENT_STATUSES), { maxItems: 10 })),
                fulfillmentStatus: Type.Optional(Type.Array(StringEnum(FULFILLMENT_STATUSES), { maxItems: 3 })),
                createdFrom: Type.Optional(Type.String({ format: 'date-time' })),
                createdTo: Type.Optional(Type.String({ format: 'date-time' })),
                number: Type.Optional(Type.String({ pattern: '^\\d{1,12}$' })),
                buyerEmail: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
                tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 10 })),
                channel: Type.Optional(Type.String({ maxLength: 40 })),
                /** Words in the buyer's e-mail or name, the order number or product names. */
                text: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
              },
              { additionalProperties: false },
            ),
          ),
          sort: Type.Optional(
            Type.Object(
              { fieldName: StringEnum(ORDER_SORT_FIELDS), order: StringEnum(['ASC', 'DESC'] as const) },
              { additionalProperties: false },
            ),
          ),
          cursorPaging: Type.Optional(
            Type.Object(
              {
                limit: Type.Optional(PageLimit()),
                cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SearchOrdersRequest = Static<typeof SearchOrdersRequest>;
/** The search's filter, for a CSV of every matching order. */
export const ExportOrdersRequest = Type.Object(
  {
    filter: Type.Optional(SearchOrdersRequest.properties.search.properties.filter),
  },
  { additionalProperties: false },
);
export type ExportOrdersRequest = Static<typeof ExportOrdersRequest>;
export const SearchOrdersResponse = PageBody('orders', Order, { metadata: Type.Object(CursorMetadataFields) });
export type SearchOrdersResponse = Static<typeof SearchOrdersResponse>;

export const CancelOrderRequest = Type.Object(
  {
    sendOrderCanceledEmail: Type.Optional(Type.Boolean()),
    customMessage: Type.Optional(Type.String({ maxLength: 1000 })),
    restockAllItems: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CancelOrderRequest = Static<typeof CancelOrderRequest>;
export const UpdateOrderStatusRequest = Type.Object(
  { status: StringEnum(ORDER_APPROVAL_STATUSES) },
  { additionalProperties: false },
);
export type UpdateOrderStatusRequest = Static<typeof UpdateOrderStatusRequest>;
/** What an activity the merchant or an app writes says: a comment, or a custom entry with its data. */
export const ActivityContent = {
  merchantComment: Type.Optional(
    Type.Object({ message: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false }),
  ),
  customActivity: Type.Optional(
    Type.Object(
      {
        type: Type.String({ minLength: 1, maxLength: 100 }),
        additionalData: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 500 }))),
      },
      { additionalProperties: false },
    ),
  ),
};
export const AddOrderActivityRequest = Type.Object(
  {
    activity: Type.Object(
      { type: StringEnum(['MERCHANT_COMMENT', 'CUSTOM_ACTIVITY'] as const), ...ActivityContent },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type AddOrderActivityRequest = Static<typeof AddOrderActivityRequest>;
export const UpdateOrderTagsRequest = Type.Object(
  {
    orderIds: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
    assignTags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
    unassignTags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type UpdateOrderTagsRequest = Static<typeof UpdateOrderTagsRequest>;
export const BulkOrderResults = BulkResultsBody(
  Order,
  Type.Object({ id: Type.String(), success: Type.Boolean(), error: Type.Optional(BulkItemError) }),
  Type.Object({ totalSuccesses: Type.Integer(), totalFailures: Type.Integer() }),
);
export type BulkOrderResults = Static<typeof BulkOrderResults>;

// --- Payments collector --------------------------------------------------------------------------------------------
export const OrderTransactionsResponse = Type.Object({ orderTransactions: OrderTransactions });
export type OrderTransactionsResponse = Static<typeof OrderTransactionsResponse>;
export const CapturePaymentsRequest = Type.Object(
  {
    payments: Type.Array(
      Type.Object({ paymentId: Id, amount: Type.Optional(AmountInput) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 20 },
    ),
  },
  { additionalProperties: false },
);
export type CapturePaymentsRequest = Static<typeof CapturePaymentsRequest>;
export const VoidPaymentsRequest = Type.Object(
  { paymentIds: Type.Array(Id, { minItems: 1, maxItems: 20, uniqueItems: true }) },
  { additionalProperties: false },
);
export type VoidPaymentsRequest = Static<typeof VoidPaymentsRequest>;
/** Which items a refund puts back in stock: none, all that are still out, or some lines and how many of each. */
export const RestockInfo = Type.Object(
  {
    type: StringEnum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS'] as const),
    /** SOME_ITEMS: the lines and how many of each go back (never more than bought and not yet returned). */
    items: Type.Optional(
      Type.Array(
        Type.Object(
          { lineItemId: Type.String({ minLength: 1 }), quantity: Type.Integer({ minimum: 1, maximum: 100000 }) },
          { additionalProperties: false },
        ),
        { maxItems: 300 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RestockInfo = Static<typeof RestockInfo>;
export const TriggerRefundRequest = Type.Object(
  {
    payments: Type.Array(Type.Object({ paymentId: Id, amount: AmountInput }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 20,
    }),
    details: Type.Optional(Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) })),
    sideEffects: Type.Optional(
      Type.Object(
        {
          restockInfo: Type.Optional(RestockInfo),
          sendOrderRefundedEmail: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TriggerRefundRequest = Static<typeof TriggerRefundRequest>;
export const ManualPaymentRequest = Type.Object({ amount: AmountInput }, { additionalProperties: false });
export type ManualPaymentRequest = Static<typeof ManualPaymentRequest>;
export const BulkMarkAsPaidRequest = Type.Object(
  { ecomOrderIds: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }) },
  { additionalProperties: false },
);
export type BulkMarkAsPaidRequest = Static<typeof BulkMarkAsPaidRequest>;

export const COLLECTABILITY_STATUSES = [
  'COLLECTABLE',
  'NONCOLLECTABLE_ORDER_IS_CANCELLED',
  'NONCOLLECTABLE_ORDER_IS_PAID',
  'NONCOLLECTABLE_MISSING_PAYMENT_METHOD',
  'NONCOLLECTABLE_ORDER_IS_PENDING',
  'NONCOLLECTABLE_ORDER_IS_REJECTED',
  'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS',
] as const;
export const CollectabilityResponse = Type.Object({
  status: StringEnum(COLLECTABILITY_STATUSES),
  /** What is still due. */
  amount: Money,
});
export type CollectabilityResponse = Static<typeof CollectabilityResponse>;
export const REFUNDABILITY = ['NOT_REFUNDABLE', 'MANUAL', 'REFUNDABLE'] as const;
export const NON_REFUNDABLE_REASONS = [
  'ALREADY_REFUNDED',
  'PROVIDER_IS_DOWN',
  'INTERNAL_ERROR',
  'NOT_PAID',
  'ACCESS_DENIED',
  'ZERO_PRICE',
  'DISABLED_BY_PROVIDER',
  'PENDING_REFUND',
  'FORBIDDEN',
  'TRANSACTION_NOT_FOUND',
  'ORDER_IS_PENDING',
  'ORDER_IS_REJECTED',
] as const;
export const MANUALLY_REFUNDABLE_REASONS = ['EXPIRED', 'NOT_SUPPORTED', 'OFFLINE', 'REQUIRES_CARD_READER'] as const;
export const RefundabilityResponse = Type.Object({
  refundablePerItem: Type.Array(
    Type.Object({
      paymentId: Type.String(),
      refundability: StringEnum(REFUNDABILITY),
      nonRefundableReason: Type.Optional(StringEnum(NON_REFUNDABLE_REASONS)),
      manuallyRefundableReason: Type.Optional(StringEnum(MANUALLY_REFUNDABLE_REASONS)),
      /** At most this much can still be refunded from it. */
      refundableAmount: Money,
    }),
  ),
});
export type RefundabilityResponse = Static<typeof RefundabilityResponse>;

// --- Aggregate ------------------------------------------------------------------------------------------------------
export const ORDER_AGGREGATE_DIMENSIONS = ['status', 'paymentStatus', 'fulfillmentStatus', 'channel', 'day'] as const;
export const AggregateOrdersRequest = Type.Object(
  {
    /** The same filter as search. */
    filter: Type.Optional(
      Type.Object(
        {
          status: Type.Optional(Type.Array(StringEnum(ORDER_APPROVAL_STATUSES), { maxItems: 5 })),
          paymentStatus: Type.Optional(Type.Array(StringEnum(ORDER_PAYMENT_STATUSES), { maxItems: 10 })),
          createdFrom: Type.Optional(Type.String({ format: 'date-time' })),
          createdTo: Type.Optional(Type.String({ format: 'date-time' })),
          channel: Type.Optional(Type.String({ maxLength: 40 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** Group by one or two dimensions (`day` is the UTC calendar day); keys of two levels are joined by the separator. */
    aggregation: Type.Object(
      { groupBy: Type.Array(StringEnum(ORDER_AGGREGATE_DIMENSIONS), { minItems: 1, maxItems: 2, uniqueItems: true }) },
      { additionalProperties: false },
    ),
    /** Joins the levels of a two-level key ("PAID/2026-11-24"); default "/". */
    hierarchySeparatorOverride: Type.Optional(Type.String({ minLength: 1, maxLength: 3 })),
  },
  { additionalProperties: false },
);
export type AggregateOrdersRequest = Static<typeof AggregateOrdersRequest>;
export const AggregateOrdersResponse = Type.Object({
  groups: Type.Array(Type.Object({ key: Type.String(), count: Type.Integer(), total: Money })),
  total: Type.Object({ count: Type.Integer(), total: Money }),
});
export type AggregateOrdersResponse = Static<typeof AggregateOrdersResponse>;
