import { Type, type Static } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { Money, SUBSCRIPTION_FREQUENCIES } from '../catalog/product.js';
import { CursorMetadataFields, CursorPageFields } from '../common/paging.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';

/**
 * Subscription contracts: placing an order with a subscription line (paid by card) makes one contract per line on
 * the card saved with it. The job worker places and charges each renewal order on its date, for the amount the
 * checkout's `subscriptionCharges` showed; a declined renewal is tried again daily and, after the third failure, the
 * contract is PAUSED. Buyers see and cancel their own; the owner and `ecom` API keys see, pause and resume every one.
 */
export const SUBSCRIPTION_CONTRACT_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELED', 'ENDED'] as const;
export type SubscriptionContractStatus = (typeof SUBSCRIPTION_CONTRACT_STATUSES)[number];
/** Declined renewals in a row before the contract pauses. */
export const SUBSCRIPTION_MAX_FAILED_ATTEMPTS = 3;

export const SubscriptionContract = Type.Object({
  id: Type.String(),
  status: StringEnum(SUBSCRIPTION_CONTRACT_STATUSES),
  /** The order that started it. */
  originOrderId: Type.String(),
  buyerInfo: Type.Object({
    email: Type.Optional(Type.String()),
    memberId: Type.Optional(Type.String()),
    visitorId: Type.Optional(Type.String()),
  }),
  /** What each renewal buys. */
  lineItem: Type.Object({
    productName: Type.String(),
    quantity: Type.Integer(),
    catalogItemId: Type.Optional(Type.String()),
    variantId: Type.Optional(Type.String()),
    image: Type.Optional(Type.String()),
  }),
  subscriptionSettings: Type.Object({
    frequency: StringEnum(SUBSCRIPTION_FREQUENCIES),
    interval: Type.Integer(),
    /** Charges in all (the first at checkout included); absent: until canceled. */
    billingCycles: Type.Optional(Type.Integer()),
  }),
  /** Charged on each billing date. */
  price: Money,
  /** Charges made so far (1 after the checkout). */
  cyclesCompleted: Type.Integer(),
  /** The next charge; absent once canceled or ended. */
  nextBillingDate: Type.Optional(DateString),
  paymentMethod: Type.Object({ brand: Type.String(), lastFourDigits: Type.String() }),
  /** Declined renewals in a row, and why the last one was. */
  failedAttempts: Type.Integer(),
  lastFailure: Type.Optional(Type.Object({ date: DateString, reason: Type.String() })),
  /** Orders placed by renewals, oldest first. */
  renewalOrderIds: Type.Array(Type.String()),
  canceledDate: Type.Optional(DateString),
  ...Timestamps,
});
export type SubscriptionContract = Static<typeof SubscriptionContract>;

export const SubscriptionContractResponse = Type.Object({ subscriptionContract: SubscriptionContract });
export type SubscriptionContractResponse = Static<typeof SubscriptionContractResponse>;

export const ListSubscriptionContractsQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(SUBSCRIPTION_CONTRACT_STATUSES)),
    ...CursorPageFields(500),
  },
  { additionalProperties: false },
);
export type ListSubscriptionContractsQuery = Static<typeof ListSubscriptionContractsQuery>;
export const ListSubscriptionContractsResponse = PageBody('subscriptionContracts', SubscriptionContract, {
  metadata: Type.Object(CursorMetadataFields),
});
export type ListSubscriptionContractsResponse = Static<typeof ListSubscriptionContractsResponse>;

/** A new card for the renewals: a payment token (test card, or the payment app's). */
export const UpdateSubscriptionPaymentMethodRequest = Type.Object(
  { paymentToken: Type.String({ minLength: 10, maxLength: 2000 }) },
  { additionalProperties: false },
);
export type UpdateSubscriptionPaymentMethodRequest = Static<typeof UpdateSubscriptionPaymentMethodRequest>;

/**
 * Where Stripe's card page sends the buyer back: a page of their account on this site (`/account/plans`);
 * absent: `/account/subscriptions`. Only `/account/…` paths, so the page cannot send them elsewhere.
 */
export const StripeCardSessionRequest = Type.Object(
  { returnPath: Type.Optional(Type.String({ pattern: '^/account(/[a-z0-9-]+)*$', maxLength: 200 })) },
  { additionalProperties: false },
);
export type StripeCardSessionRequest = Static<typeof StripeCardSessionRequest>;
