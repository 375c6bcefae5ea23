import { Type, type Static } from 'typebox';
import { Money } from '../catalog/product.js';
import { FieldMask, Timestamps } from '../common/schema.js';
import {
  Address,
  AddressWithContact,
  AppliedDiscount,
  ECOM_LIMITS,
  LineItem,
  MembershipOptions,
  MerchantDiscountInput,
  PriceSummary,
  SelectedMemberships,
  TotalsShippingInfo,
  TotalsTaxSummary,
  Violation,
} from './common.js';
import { SelectedShippingOptionInput } from './checkout.js';
import { LineAdditionFields, LineItemsQuantityBody, RemoveLineItemsBody } from './line-edits.js';

/** The current cart of a visitor or member (`/ecom/v1/carts/current…`): every call answers the whole cart. */
export const Cart = Type.Object({
  id: Type.String(),
  lineItems: Type.Array(LineItem),
  currency: Type.String(),
  couponCode: Type.Optional(Type.String()),
  appliedDiscounts: Type.Array(AppliedDiscount),
  /** Items, discounts and fees without shipping and tax (estimate-totals adds those). */
  subtotal: Money,
  priceSummary: PriceSummary,
  contactInfo: Type.Optional(AddressWithContact),
  buyerNote: Type.Optional(Type.String()),
  businessLocationId: Type.Optional(Type.String()),
  buyerInfo: Type.Object({ memberId: Type.Optional(Type.String()), visitorId: Type.Optional(Type.String()) }),
  violations: Type.Array(Violation),
  ...Timestamps,
});
export type Cart = Static<typeof Cart>;
export const CartResponse = Type.Object({ cart: Cart });
export type CartResponse = Static<typeof CartResponse>;

export const CartInfoInput = Type.Object(
  {
    contactInfo: Type.Optional(AddressWithContact),
    buyerNote: Type.Optional(Type.String({ maxLength: ECOM_LIMITS.noteMax })),
    businessLocationId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const CART_MASK_PATHS = ['contactInfo', 'buyerNote', 'businessLocationId'] as const;

/** PATCH /ecom/v1/carts/current: cart info (by field mask), a coupon, merchant discounts and lines to add. */
export const UpdateCurrentCartRequest = Type.Object(
  {
    cartInfo: Type.Optional(CartInfoInput),
    couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: ECOM_LIMITS.couponCodeMax })),
    merchantDiscounts: Type.Optional(Type.Array(MerchantDiscountInput, { maxItems: 20 })),
    ...LineAdditionFields,
    fieldMask: Type.Optional(FieldMask),
  },
  { additionalProperties: false },
);
export type UpdateCurrentCartRequest = Static<typeof UpdateCurrentCartRequest>;

export const AddToCartRequest = Type.Object(
  {
    ...LineAdditionFields,
    businessLocationId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AddToCartRequest = Static<typeof AddToCartRequest>;

export const RemoveCartLineItemsRequest = RemoveLineItemsBody;
export type RemoveCartLineItemsRequest = Static<typeof RemoveCartLineItemsRequest>;

export const UpdateCartLineItemsQuantityRequest = LineItemsQuantityBody;
export type UpdateCartLineItemsQuantityRequest = Static<typeof UpdateCartLineItemsQuantityRequest>;

export const EstimateTotalsRequest = Type.Object(
  {
    selectedShippingOption: Type.Optional(SelectedShippingOptionInput),
    shippingAddress: Type.Optional(Address),
    billingAddress: Type.Optional(Address),
    /** Lines to pay with the member's plans (their credits); see membershipOptions. */
    selectedMemberships: Type.Optional(SelectedMemberships),
    calculateTax: Type.Optional(Type.Boolean()),
    calculateShipping: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type EstimateTotalsRequest = Static<typeof EstimateTotalsRequest>;

export const EstimateTotalsResponse = Type.Object({
  cart: Cart,
  priceSummary: PriceSummary,
  appliedDiscounts: Type.Array(AppliedDiscount),
  shippingInfo: TotalsShippingInfo,
  taxSummary: TotalsTaxSummary,
  /** The signed-in member's plans that cover lines (by credits); empty for visitors and non-holders. */
  membershipOptions: MembershipOptions,
  violations: Type.Array(Violation),
});
export type EstimateTotalsResponse = Static<typeof EstimateTotalsResponse>;
