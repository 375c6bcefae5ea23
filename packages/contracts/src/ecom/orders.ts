import { Type, type Static } from 'typebox';
import { Money } from '../catalog/product.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { BillingInfo, PAYMENT_OPTIONS, TaxSummary } from './checkout.js';
import { Address, AddressWithContact, AppliedDiscount, LineItem, PriceSummary, SALES_CHANNELS } from './common.js';
import { OrderInvoice } from './invoices.js';

/**
 * Orders: what a buyer bought, frozen when the checkout became an order (prices, taxes, discounts and addresses are
 * copied, never re-priced), with its payments and refunds ("transactions"), activities and tags. The order's
 * `paymentStatus` is derived from its transactions (one function on the server, docs/store/orders.md).
 */
export const ORDER_PAYMENT_STATUSES = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];
export const ORDER_APPROVAL_STATUSES = ['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
export type OrderApprovalStatus = (typeof ORDER_APPROVAL_STATUSES)[number];
export const FULFILLMENT_STATUSES = ['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED'] as const;
export const PAYMENT_STATUSES = [
  'UNDEFINED',
  'APPROVED',
  'PENDING',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'AUTHORIZED',
  'VOIDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const SCHEDULED_ACTION_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'SCHEDULED', 'STARTED'] as const;
export const TRANSACTION_STATUSES = ['UNKNOWN_STATUS', 'PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const ORDER_ACTIVITY_TYPES = [
  'ORDER_REFUNDED',
  'ORDER_PLACED',
  'ORDER_PAID',
  'ORDER_FULFILLED',
  'ORDER_NOT_FULFILLED',
  'ORDER_CANCELED',
  'DOWNLOAD_LINK_SENT',
  'TRACKING_NUMBER_ADDED',
  'TRACKING_NUMBER_EDITED',
  'TRACKING_LINK_ADDED',
  'SHIPPING_CONFIRMATION_EMAIL_SENT',
  'INVOICE_ADDED',
  'INVOICE_REMOVED',
  'INVOICE_SENT',
  'FULFILLER_EMAIL_SENT',
  'SHIPPING_ADDRESS_EDITED',
  'EMAIL_EDITED',
  'PICKUP_READY_EMAIL_SENT',
  'CUSTOM_ACTIVITY',
  'MERCHANT_COMMENT',
  'ORDER_CREATED_FROM_EXCHANGE',
  'NEW_EXCHANGE_ORDER_CREATED',
  'ORDER_PARTIALLY_PAID',
  'DRAFT_ORDER_CHANGES_APPLIED',
  'SAVED_PAYMENT_METHOD',
  'PAYMENT_PENDING',
  'PAYMENT_CANCELED',
  'PAYMENT_DECLINED',
  'ORDER_PENDING',
  'ORDER_REJECTED',
] as const;
export type OrderActivityType = (typeof ORDER_ACTIVITY_TYPES)[number];
/** How an order's payment was made: a card (the test-card provider or an app), offline, or a gift card. */
export const PAYMENT_METHODS = ['CREDIT_CARD', 'OFFLINE', 'GIFT_CARD', 'MANUAL', 'MEMBERSHIP'] as const;

export const OrderActivity = Type.Object({
  id: Type.String(),
  type: StringEnum(ORDER_ACTIVITY_TYPES),
  createdDate: DateString,
  /** MERCHANT_COMMENT: the comment. */
  merchantComment: Type.Optional(Type.Object({ message: Type.String() })),
  /** CUSTOM_ACTIVITY: an app's own entry. */
  customActivity: Type.Optional(
    Type.Object({ type: Type.String(), additionalData: Type.Optional(Type.Record(Type.String(), Type.String())) }),
  ),
  /** DRAFT_ORDER_CHANGES_APPLIED: what changed, in words, and why. */
  draftOrderChanges: Type.Optional(
    Type.Object({
      draftOrderId: Type.Optional(Type.String()),
      reason: Type.Optional(Type.String()),
      changes: Type.Array(Type.String()),
    }),
  ),
  /** ORDER_REFUNDED: how much went back, why, and whether the items returned to stock. */
  orderRefunded: Type.Optional(
    Type.Object({ amount: Money, reason: Type.Optional(Type.String()), restockedItems: Type.Boolean() }),
  ),
  /** Who did it, in words ("Owner", "The buyer", an app's name); absent for the system. */
  author: Type.Optional(Type.String()),
});
export type OrderActivity = Static<typeof OrderActivity>;

const Capture = Type.Object({
  id: Type.String(),
  amount: Money,
  status: StringEnum(TRANSACTION_STATUSES),
  createdDate: DateString,
});
export const OrderPayment = Type.Object({
  id: Type.String(),
  amount: Money,
  method: StringEnum(PAYMENT_METHODS),
  ...Timestamps,
  /** Card and offline payments. */
  regularPaymentDetails: Type.Optional(
    Type.Object({
      offlinePayment: Type.Boolean(),
      status: StringEnum(PAYMENT_STATUSES),
      /** The provider's own id of the charge. */
      providerTransactionId: Type.Optional(Type.String()),
      creditCardDetails: Type.Optional(Type.Object({ brand: Type.String(), lastFourDigits: Type.String() })),
      /** Why the provider said no (DECLINED), in words. */
      declineReason: Type.Optional(Type.String()),
      /** Who moved the money (TEST_CARD, STRIPE, PAYMENT_APP) and whether it was real money. */
      paymentProvider: Type.Optional(Type.Object({ id: Type.String(), liveMode: Type.Boolean() })),
      /** A chargeback the buyer's bank opened, as Stripe last reported it (status: NEEDS_RESPONSE, WON, LOST…). */
      dispute: Type.Optional(
        Type.Object({
          id: Type.String(),
          status: Type.String(),
          reason: Type.String(),
          amount: Money,
          updatedDate: DateString,
        }),
      ),
      authorizationDetails: Type.Optional(
        Type.Object({
          delayedCapture: Type.Boolean(),
          authorizedDate: DateString,
          captures: Type.Array(Capture),
          void: Type.Optional(Type.Object({ voidedDate: DateString })),
          /** A capture or release planned at placement (delayedCaptureSettings). */
          scheduledAction: Type.Optional(
            Type.Object({
              actionType: StringEnum(['CAPTURE', 'VOID'] as const),
              executionDate: DateString,
              status: StringEnum(SCHEDULED_ACTION_STATUSES),
            }),
          ),
        }),
      ),
    }),
  ),
  giftCardPaymentDetails: Type.Optional(
    Type.Object({ giftCardId: Type.String(), obfuscatedCode: Type.Optional(Type.String()) }),
  ),
  /** How much of it was refunded (succeeded refunds). */
  refundedAmount: Money,
});
export type OrderPayment = Static<typeof OrderPayment>;

export const OrderRefund = Type.Object({
  id: Type.String(),
  status: StringEnum(TRANSACTION_STATUSES),
  amount: Money,
  payments: Type.Array(Type.Object({ paymentId: Type.String(), amount: Money })),
  reason: Type.Optional(Type.String()),
  restockedItems: Type.Boolean(),
  /** The lines this refund put back in stock, and how many of each. */
  restockedLineItems: Type.Array(Type.Object({ lineItemId: Type.String(), quantity: Type.Integer() })),
  createdDate: DateString,
});
export type OrderRefund = Static<typeof OrderRefund>;

export const OrderTransactions = Type.Object({
  orderId: Type.String(),
  payments: Type.Array(OrderPayment),
  refunds: Type.Array(OrderRefund),
});
export type OrderTransactions = Static<typeof OrderTransactions>;

export const Order = Type.Object({
  id: Type.String(),
  /** The human order number, sequential per site ("10023"). */
  number: Type.String(),
  checkoutId: Type.Optional(Type.String()),
  cartId: Type.Optional(Type.String()),
  status: StringEnum(ORDER_APPROVAL_STATUSES),
  paymentStatus: StringEnum(ORDER_PAYMENT_STATUSES),
  fulfillmentStatus: StringEnum(FULFILLMENT_STATUSES),
  paymentOption: StringEnum(PAYMENT_OPTIONS),
  buyerInfo: Type.Object({
    email: Type.Optional(Type.String()),
    memberId: Type.Optional(Type.String()),
    visitorId: Type.Optional(Type.String()),
  }),
  currency: Type.String(),
  lineItems: Type.Array(LineItem),
  billingInfo: Type.Optional(BillingInfo),
  shippingInfo: Type.Optional(
    Type.Object({
      title: Type.Optional(Type.String()),
      code: Type.Optional(Type.String()),
      cost: Type.Optional(Money),
      logistics: Type.Object({
        shippingDestination: Type.Optional(AddressWithContact),
        /** The delivery window the buyer chose at checkout. */
        deliveryTimeSlot: Type.Optional(Type.Object({ from: DateString, to: DateString })),
        /** A pickup's place: where the buyer collects the order, and when it is open. */
        pickupDetails: Type.Optional(
          Type.Object({
            address: Address,
            businessHours: Type.Optional(Type.String()),
            pickupMethod: StringEnum(['STORE_PICKUP', 'PICKUP_POINT'] as const),
          }),
        ),
      }),
    }),
  ),
  buyerNote: Type.Optional(Type.String()),
  appliedDiscounts: Type.Array(AppliedDiscount),
  priceSummary: PriceSummary,
  taxSummary: TaxSummary,
  /** What was paid, refunded and is still due. */
  balanceSummary: Type.Object({ paid: Money, refunded: Money, balance: Money, authorized: Money }),
  channelInfo: Type.Object({ type: StringEnum(SALES_CHANNELS) }),
  tags: Type.Array(Type.String()),
  activities: Type.Array(OrderActivity),
  /**
   * The order's latest invoice (status Deleted once removed); absent until one is issued. Derived like GET …/invoice,
   * so the buyer's order page and the dashboard read the same state with the order.
   */
  invoice: Type.Optional(OrderInvoice),
  purchasedDate: DateString,
  ...Timestamps,
});
export type Order = Static<typeof Order>;
export const OrderResponse = Type.Object({ order: Order });
export type OrderResponse = Static<typeof OrderResponse>;

/** Fresh links to the files of an order's paid DIGITAL lines. */
export const OrderDownloadLinksResponse = Type.Object({
  downloadLinks: Type.Array(
    Type.Object({
      lineItemId: Type.String(),
      productName: Type.String(),
      url: Type.String(),
      expirationDate: DateString,
    }),
  ),
});
export type OrderDownloadLinksResponse = Static<typeof OrderDownloadLinksResponse>;
