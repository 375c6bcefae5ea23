import { Type, type Static } from 'typebox';
import { Money } from '../catalog/product.js';
import { CursorMetadataFields, CursorPageFields } from '../common/paging.js';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';

/**
 * Abandoned checkouts: a checkout with the buyer's e-mail and no order, untouched for the time in the checkout
 * settings (`abandonedCheckout.after`), becomes ABANDONED; the buyer gets one reminder e-mail with a link back to it;
 * an order placed from it makes it RECOVERED. Owners and `ecom` API keys read them.
 */
export const ABANDONED_CHECKOUT_STATUSES = ['ABANDONED', 'RECOVERED'] as const;
export const ABANDONED_CHECKOUT_ACTIVITY_TYPES = [
  'SCHEDULED',
  'EMAIL_SENT',
  'EMAIL_NOT_SENT',
  'NOTIFICATION_SENT',
  'TASK_CREATED',
] as const;

export const AbandonedCheckoutActivity = Type.Object({
  type: StringEnum(ABANDONED_CHECKOUT_ACTIVITY_TYPES),
  createdDate: DateString,
  /** EMAIL_NOT_SENT: why, in words. */
  description: Type.Optional(Type.String()),
});
export type AbandonedCheckoutActivity = Static<typeof AbandonedCheckoutActivity>;

export const AbandonedCheckout = Type.Object({
  id: Type.String(),
  checkoutId: Type.String(),
  cartId: Type.Optional(Type.String()),
  status: StringEnum(ABANDONED_CHECKOUT_STATUSES),
  buyerInfo: Type.Object({ email: Type.String(), memberId: Type.Optional(Type.String()) }),
  /** The checkout's total when it was abandoned. */
  totalPrice: Money,
  itemCount: Type.Integer(),
  /** The link in the reminder: the hosted checkout, which takes the buyer back to it from any browser. */
  checkoutUrl: Type.String(),
  activities: Type.Array(AbandonedCheckoutActivity),
  /** The checkout's last change: it counts as abandoned from then. */
  checkoutUpdatedDate: DateString,
  recoveredDate: Type.Optional(DateString),
  /** The order placed from it, once RECOVERED. */
  orderId: Type.Optional(Type.String()),
  ...Timestamps,
});
export type AbandonedCheckout = Static<typeof AbandonedCheckout>;

export const AbandonedCheckoutResponse = Type.Object({ abandonedCheckout: AbandonedCheckout });
export type AbandonedCheckoutResponse = Static<typeof AbandonedCheckoutResponse>;

export const ListAbandonedCheckoutsQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(ABANDONED_CHECKOUT_STATUSES)),
    /** Part of the buyer's e-mail. */
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    ...CursorPageFields(200),
  },
  { additionalProperties: false },
);
export type ListAbandonedCheckoutsQuery = Static<typeof ListAbandonedCheckoutsQuery>;

export const ListAbandonedCheckoutsResponse = Type.Object({
  abandonedCheckouts: Type.Array(AbandonedCheckout),
  metadata: Type.Object({
    ...CursorMetadataFields,
    /** Every abandoned checkout matching, and what they were worth, by status. */
    totals: Type.Object({
      abandoned: Type.Integer(),
      recovered: Type.Integer(),
      abandonedValue: Money,
      recoveredValue: Money,
    }),
  }),
});
export type ListAbandonedCheckoutsResponse = Static<typeof ListAbandonedCheckoutsResponse>;

/** The reminder link's token: it hands the checkout to whoever opens the link (a visitor's checkout only). */
export const RecoverCheckoutRequest = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 200 }) },
  { additionalProperties: false },
);
export type RecoverCheckoutRequest = Static<typeof RecoverCheckoutRequest>;
export const RecoverCheckoutResponse = Type.Object({ checkoutId: Type.String() });
export type RecoverCheckoutResponse = Static<typeof RecoverCheckoutResponse>;
