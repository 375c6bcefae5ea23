import { Type, type Static } from 'typebox';
import { Money, MoneyInput } from '../catalog/product.js';
import { WithEchoedId } from '../common/bodies.js';
import { DateString, FieldMask, StringEnum, Timestamps } from '../common/schema.js';
import {
  Address,
  AddressWithContact,
  AppliedDiscount,
  ContactDetails,
  ECOM_LIMITS,
  LineItem,
  MembershipOptions,
  MerchantDiscountInput,
  PriceSummary,
  SelectedMemberships,
  SALES_CHANNELS,
  TotalsShippingOption,
  TotalsTaxSummary,
  Violation,
} from './common.js';
import { LineAdditionFields, LineItemsQuantityBody, RemoveLineItemsBody } from './line-edits.js';
import { CUSTOM_FIELD_VALUE_TYPES } from './settings.js';
import { TAX_ID_TYPES } from './tax.js';
import { TIP_SOURCES } from './tips.js';

/** The checkout (spec §7 "Checkout"): a cart frozen for paying, with who pays, where it goes and every total. */

export const PAYMENT_OPTIONS = [
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const TaxId = Type.Object(
  { type: StringEnum(TAX_ID_TYPES), value: Type.String({ minLength: 1, maxLength: 30 }) },
  { additionalProperties: false },
);
/** The buyer's contact as a checkout or an order edit takes it. */
export const BuyerInfoInput = Type.Object(
  { email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })) },
  { additionalProperties: false },
);
export const BillingInfo = Type.Object(
  { address: Type.Optional(Address), contactDetails: Type.Optional(ContactDetails), taxId: Type.Optional(TaxId) },
  { additionalProperties: false },
);
export type BillingInfo = Static<typeof BillingInfo>;

const TimeSlot = Type.Object({ from: DateString, to: DateString }, { additionalProperties: false });

/** The buyer's pick among `carrierServiceOptions` (its `code`), with a delivery time slot where the option has some. */
export const SelectedShippingOptionInput = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 200 }),
    logistics: Type.Optional(
      Type.Object({ deliveryTimeSlot: Type.Optional(TimeSlot) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/** A value of one of the owner's custom fields (checkout settings); its type must match the definition. */
export const CustomFieldValueInput = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100 }),
    value: Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'], maxLength: 1000 }),
  },
  { additionalProperties: false },
);

/** A tip: a preset of the tip settings, a fixed amount or a percentage of the items after discounts. */
export const TipInput = Type.Object(
  {
    presetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    amount: Type.Optional(MoneyInput),
    percentage: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    source: Type.Optional(StringEnum(TIP_SOURCES)),
  },
  { additionalProperties: false },
);

/** What a buyer (or an app) fills in on a checkout. Every part is optional; PATCH names what changes. */
export const CheckoutInfoInput = Type.Object(
  {
    buyerInfo: Type.Optional(BuyerInfoInput),
    billingInfo: Type.Optional(BillingInfo),
    shippingInfo: Type.Optional(
      Type.Object(
        {
          shippingDestination: Type.Optional(AddressWithContact),
          selectedCarrierServiceOption: Type.Optional(SelectedShippingOptionInput),
        },
        { additionalProperties: false },
      ),
    ),
    buyerNote: Type.Optional(Type.String({ maxLength: ECOM_LIMITS.noteMax })),
    customFields: Type.Optional(Type.Array(CustomFieldValueInput, { maxItems: 50 })),
    tip: Type.Optional(TipInput),
    paymentOption: Type.Optional(StringEnum(PAYMENT_OPTIONS)),
    channelType: Type.Optional(StringEnum(SALES_CHANNELS)),
    /** API keys with `ecom` only. */
    merchantDiscounts: Type.Optional(Type.Array(MerchantDiscountInput, { maxItems: 20 })),
    /** Lines to pay with the buyer's plans; an empty list pays none. */
    membershipOptions: Type.Optional(
      Type.Object({ selectedMemberships: Type.Optional(SelectedMemberships) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type CheckoutInfoInput = Static<typeof CheckoutInfoInput>;

const OverrideUrl = Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://' });
const Code = Type.String({ minLength: 1, maxLength: ECOM_LIMITS.couponCodeMax });

export const CreateCheckoutRequest = Type.Object(
  {
    checkoutInfo: Type.Optional(CheckoutInfoInput),
    couponCode: Type.Optional(Code),
    /** `customLineItems`: API keys with `ecom` only. */
    ...LineAdditionFields,
    channelType: Type.Optional(StringEnum(SALES_CHANNELS)),
    giftCardCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** API keys only: where `checkout-url` sends the buyer instead of the hosted page. */
    overrideCheckoutUrl: Type.Optional(OverrideUrl),
  },
  { additionalProperties: false },
);
export type CreateCheckoutRequest = Static<typeof CreateCheckoutRequest>;

/** Paths a checkout PATCH may name (under `checkout`). */
export const CHECKOUT_MASK_PATHS = [
  'buyerInfo.email',
  'billingInfo',
  'shippingInfo.shippingDestination',
  'shippingInfo.selectedCarrierServiceOption',
  'buyerNote',
  'customFields',
  'tip',
  'paymentOption',
  'channelType',
  'merchantDiscounts',
  'membershipOptions.selectedMemberships',
] as const;

export const UpdateCheckoutRequest = Type.Object(
  {
    checkout: Type.Optional(WithEchoedId(CheckoutInfoInput)),
    fieldMask: Type.Optional(FieldMask),
    couponCode: Type.Optional(Code),
    giftCardCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    overrideCheckoutUrl: Type.Optional(OverrideUrl),
    ...LineAdditionFields,
  },
  { additionalProperties: false },
);
export type UpdateCheckoutRequest = Static<typeof UpdateCheckoutRequest>;

export const AddToCheckoutRequest = Type.Object(LineAdditionFields, { additionalProperties: false });
export type AddToCheckoutRequest = Static<typeof AddToCheckoutRequest>;
export const RemoveCheckoutLineItemsRequest = RemoveLineItemsBody;
export type RemoveCheckoutLineItemsRequest = Static<typeof RemoveCheckoutLineItemsRequest>;
export const UpdateCheckoutLineItemsQuantityRequest = LineItemsQuantityBody;
export type UpdateCheckoutLineItemsQuantityRequest = Static<typeof UpdateCheckoutLineItemsQuantityRequest>;

/** POST /ecom/v1/carts/current/create-checkout. */
export const CreateCheckoutFromCartRequest = Type.Object(
  {
    channelType: Type.Optional(StringEnum(SALES_CHANNELS)),
    shippingAddress: Type.Optional(Address),
    billingAddress: Type.Optional(Address),
    selectedShippingOption: Type.Optional(SelectedShippingOptionInput),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type CreateCheckoutFromCartRequest = Static<typeof CreateCheckoutFromCartRequest>;

// --- the answer ------------------------------------------------------------------------------------------------------

/** The shipping option and tax shapes are the totals engine's (shared with the cart). */
export const CarrierServiceOption = TotalsShippingOption;

export const SubscriptionCharges = Type.Object({
  lineItemId: Type.String(),
  description: Type.Optional(Type.String()),
  charges: Type.Array(
    Type.Object({
      /** 1 for the first charge (paid at checkout). */
      cycle: Type.Integer(),
      cycleBillingDate: DateString,
      amount: Money,
    }),
  ),
  /** The subscription has no end; `charges` lists the first ones. */
  openEnded: Type.Boolean(),
});

export const TaxSummary = TotalsTaxSummary;

export const CheckoutCustomField = Type.Object({
  key: Type.String(),
  label: Type.String(),
  valueType: StringEnum(CUSTOM_FIELD_VALUE_TYPES),
  required: Type.Boolean(),
  value: Type.Optional(Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'] })),
});

export const Checkout = Type.Object({
  id: Type.String(),
  cartId: Type.Optional(Type.String()),
  buyerInfo: Type.Object({
    memberId: Type.Optional(Type.String()),
    visitorId: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
  }),
  currency: Type.String(),
  /** Catalog lines and custom lines (`customLineItem: true`) in the order they were added. */
  lineItems: Type.Array(LineItem),
  billingInfo: Type.Optional(BillingInfo),
  shippingInfo: Type.Object({
    shippingDestination: Type.Optional(AddressWithContact),
    selectedCarrierServiceOption: Type.Optional(CarrierServiceOption),
    carrierServiceOptions: Type.Array(
      Type.Object({ carrierId: Type.String(), shippingOptions: Type.Array(CarrierServiceOption) }),
    ),
  }),
  buyerNote: Type.Optional(Type.String()),
  couponCode: Type.Optional(Type.String()),
  appliedDiscounts: Type.Array(AppliedDiscount),
  subscriptionCharges: Type.Array(SubscriptionCharges),
  tip: Type.Optional(
    Type.Object({
      amount: Money,
      presetId: Type.Optional(Type.String()),
      percentage: Type.Optional(Type.Number()),
      source: StringEnum(TIP_SOURCES),
    }),
  ),
  giftCard: Type.Optional(Type.Object({ id: Type.String(), obfuscatedCode: Type.String(), amount: Money })),
  customFields: Type.Array(CheckoutCustomField),
  /** The buyer's plans that cover lines (by credits), and the lines chosen to pay with them. */
  membershipOptions: MembershipOptions,
  priceSummary: PriceSummary,
  taxSummary: TaxSummary,
  violations: Type.Array(Violation),
  channelType: StringEnum(SALES_CHANNELS),
  paymentOption: StringEnum(PAYMENT_OPTIONS),
  /** Where `checkout-url` sends the buyer: the hosted checkout page, or the API key's override. */
  checkoutUrl: Type.String(),
  overrideCheckoutUrl: Type.Optional(Type.String()),
  completed: Type.Boolean(),
  ...Timestamps,
});
export type Checkout = Static<typeof Checkout>;

export const CheckoutResponse = Type.Object({ checkout: Checkout });
export type CheckoutResponse = Static<typeof CheckoutResponse>;
/** create-checkout from the current cart: `checkoutId` too, the name the platform's SDK reads. */
export const CreateCheckoutFromCartResponse = Type.Object({ checkout: Checkout, checkoutId: Type.String() });
export type CreateCheckoutFromCartResponse = Static<typeof CreateCheckoutFromCartResponse>;
export const CheckoutUrlResponse = Type.Object({ checkoutUrl: Type.String() });
export type CheckoutUrlResponse = Static<typeof CheckoutUrlResponse>;
export const PaymentSettingsResponse = Type.Object({
  paymentSettings: Type.Object({
    /** What this checkout can be paid with. */
    paymentOptions: Type.Array(StringEnum(PAYMENT_OPTIONS)),
    selectedPaymentOption: StringEnum(PAYMENT_OPTIONS),
  }),
});
export type PaymentSettingsResponse = Static<typeof PaymentSettingsResponse>;
