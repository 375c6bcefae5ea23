import { Type, type Static } from 'typebox';
import { CountryCode, SubdivisionCode } from '../common/geo.js';
import { AmountInput, DecimalAmount } from '../common/amounts.js';
import { CatalogReference, Money, ProductMedia, Weight } from '../catalog/product.js';
import { DateString, StringEnum } from '../common/schema.js';

/**
 * Wire shapes shared by the cart, the checkout, the totals engine and (next issue) orders. Money is `Money`
 * (a decimal string plus the site's formatted amount); the server computes in integer minor units.
 */

export const ITEM_AVAILABILITY = ['AVAILABLE', 'NOT_FOUND', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE'] as const;
export const VIOLATION_SEVERITIES = ['WARNING', 'ERROR'] as const;
export const SUGGESTED_FIXES = ['REMOVE_LINE_ITEM'] as const;
export const LINE_ITEM_TYPES = ['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE', 'CUSTOM_AMOUNT_ITEM'] as const;
export const SALES_CHANNELS = [
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'PLAZA_APP_STORE',
  'PLAZA_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export const ECOM_LIMITS = {
  lineItemsMax: 300,
  quantityMax: 100_000,
  couponCodeMax: 50,
  noteMax: 1000,
  nameMax: 200,
  textMax: 500,
} as const;

const Text = Type.String({ maxLength: ECOM_LIMITS.textMax });

/** A postal address (country ISO 3166-1 alpha-2, subdivision ISO 3166-2 like "US-CA"). */
export const Address = Type.Object(
  {
    country: Type.Optional(CountryCode),
    subdivision: Type.Optional(SubdivisionCode),
    city: Type.Optional(Text),
    postalCode: Type.Optional(Type.String({ maxLength: 20 })),
    addressLine: Type.Optional(Text),
    addressLine2: Type.Optional(Text),
    geocode: Type.Optional(
      Type.Object(
        {
          latitude: Type.Number({ minimum: -90, maximum: 90 }),
          longitude: Type.Number({ minimum: -180, maximum: 180 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Address = Static<typeof Address>;

export const ContactDetails = Type.Object(
  {
    firstName: Type.Optional(Type.String({ maxLength: 100 })),
    lastName: Type.Optional(Type.String({ maxLength: 100 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
    company: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** An address with the person at it (shipping destination, billing). */
export const AddressWithContact = Type.Object(
  { address: Type.Optional(Address), contactDetails: Type.Optional(ContactDetails) },
  { additionalProperties: false },
);
export type AddressWithContact = Static<typeof AddressWithContact>;

/** A problem with a cart or checkout; ERROR blocks placing the order. */
export const Violation = Type.Object({
  severity: StringEnum(VIOLATION_SEVERITIES),
  target: Type.Object({
    lineItem: Type.Optional(Type.Object({ id: Type.String() })),
    other: Type.Optional(Type.Object({ name: Type.String() })),
  }),
  description: Type.String(),
  suggestedFix: Type.Optional(StringEnum(SUGGESTED_FIXES)),
});
export type Violation = Static<typeof Violation>;

export const SubscriptionOptionInfo = Type.Object({
  subscriptionSettings: Type.Object({
    frequency: StringEnum(['DAY', 'WEEK', 'MONTH', 'YEAR'] as const),
    interval: Type.Integer(),
    billingCycles: Type.Optional(Type.Integer()),
    startDate: Type.Optional(DateString),
  }),
  title: Type.Optional(Type.String()),
  discountPercent: Type.Optional(Type.Number()),
});

/** One line of a cart or checkout as the server answers it (prices always from the catalog). */
export const LineItem = Type.Object({
  id: Type.String(),
  quantity: Type.Integer(),
  catalogReference: Type.Optional(CatalogReference),
  productName: Type.String(),
  itemType: StringEnum(LINE_ITEM_TYPES),
  url: Type.Optional(Type.String()),
  image: Type.Optional(
    Type.Object({
      url: Type.String(),
      altText: Type.Optional(Type.String()),
      urlExpirationDate: Type.Optional(DateString),
      focalPoint: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() })),
    }),
  ),
  /** The chosen variant's options, e.g. `{ Size: "M" }`. */
  descriptionLines: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
  price: Money,
  fullPrice: Money,
  compareAtPrice: Type.Optional(Money),
  /** price × quantity. */
  lineItemPrice: Money,
  sku: Type.Optional(Type.String()),
  physicalProperties: Type.Optional(Type.Object({ weight: Type.Optional(Type.Number()), shippable: Type.Boolean() })),
  availability: Type.Object({
    status: StringEnum(ITEM_AVAILABILITY),
    /** How many can be bought now (tracked stock only). */
    quantityAvailable: Type.Optional(Type.Integer()),
  }),
  subscriptionOptionInfo: Type.Optional(SubscriptionOptionInfo),
  serviceProperties: Type.Optional(
    Type.Object({ scheduledDate: Type.Optional(DateString), numberOfParticipants: Type.Optional(Type.Integer()) }),
  ),
  /** Custom line items (API keys only): true. */
  customLineItem: Type.Optional(Type.Boolean()),
  /** Set only through an API key's catalogOverrideFields. */
  catalogOverrideFields: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  taxGroupId: Type.Optional(Type.String()),
  /** Orders, DIGITAL lines: until when the download links last e-mailed work. */
  digitalFile: Type.Optional(Type.Object({ expirationDate: Type.Optional(DateString) })),
  /** Set on a line a plan's credits pay (MEMBERSHIP; MEMBERSHIP_OFFLINE for a plan paid at the counter). */
  paymentOption: Type.Optional(StringEnum(['MEMBERSHIP', 'MEMBERSHIP_OFFLINE'] as const)),
});
export type LineItem = Static<typeof LineItem>;

/** Adding a catalog item: what and how many. Prices are never accepted from shoppers. */
export const LineItemInput = Type.Object(
  {
    catalogReference: CatalogReference,
    quantity: Type.Integer({ minimum: 1, maximum: ECOM_LIMITS.quantityMax }),
    subscriptionOptionInfo: Type.Optional(
      Type.Object(
        {
          subscriptionSettings: Type.Object(
            {
              frequency: StringEnum(['DAY', 'WEEK', 'MONTH', 'YEAR'] as const),
              interval: Type.Integer({ minimum: 1, maximum: 365 }),
              startDate: Type.Optional(DateString),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    serviceProperties: Type.Optional(
      Type.Object(
        {
          scheduledDate: Type.Optional(DateString),
          numberOfParticipants: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** API keys only: override what the catalog says (price, name, image, physicalProperties.weight). */
    catalogOverrideFields: Type.Optional(
      Type.Object(
        {
          productName: Type.Optional(Type.String({ minLength: 1, maxLength: ECOM_LIMITS.nameMax })),
          price: Type.Optional(Type.Object({ amount: DecimalAmount })),
          image: Type.Optional(ProductMedia),
          physicalProperties: Type.Optional(
            Type.Object({ weight: Type.Optional(Type.Number({ minimum: 0 })) }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type LineItemInput = Static<typeof LineItemInput>;

/** A line that is not in the catalog (API keys only): its own name, price and media. */
export const CustomLineItemInput = Type.Object(
  {
    productName: Type.String({ minLength: 1, maxLength: ECOM_LIMITS.nameMax }),
    quantity: Type.Integer({ minimum: 1, maximum: ECOM_LIMITS.quantityMax }),
    price: AmountInput,
    itemType: Type.Optional(StringEnum(LINE_ITEM_TYPES)),
    media: Type.Optional(ProductMedia),
    weight: Type.Optional(Weight),
    taxGroupId: Type.Optional(Type.String({ maxLength: 100 })),
    /** A key the caller picks so it can address the line later. */
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type CustomLineItemInput = Static<typeof CustomLineItemInput>;

export const LineItemQuantityUpdate = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    quantity: Type.Integer({ minimum: 0, maximum: ECOM_LIMITS.quantityMax }),
  },
  { additionalProperties: false },
);

/** A merchant discount (API keys only) on the whole cart or some lines. */
export const MerchantDiscountInput = Type.Object(
  {
    amount: Type.Optional(Type.Object({ amount: DecimalAmount })),
    percentage: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
    lineItemIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: ECOM_LIMITS.lineItemsMax })),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type MerchantDiscountInput = Static<typeof MerchantDiscountInput>;

/** A plan a member may pay lines with (its credits), as the cart and the checkout offer it. */
export const MembershipOption = Type.Object({
  /** The membership's id. */
  id: Type.String(),
  /** `plaza-plans`. */
  appId: Type.String(),
  name: Type.Object({ original: Type.String() }),
  /** The lines its credits cover. */
  lineItemIds: Type.Array(Type.String()),
  credits: Type.Optional(Type.Object({ total: Type.Integer(), remaining: Type.Integer() })),
  expirationDate: Type.Optional(DateString),
});
export type MembershipOption = Static<typeof MembershipOption>;
/** The lines the buyer pays with plans: each line with at most one membership. */
export const SelectedMemberships = Type.Object(
  {
    memberships: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 100 }),
          appId: Type.String({ minLength: 1, maxLength: 100 }),
          lineItemIds: Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: ECOM_LIMITS.lineItemsMax }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
export type SelectedMemberships = Static<typeof SelectedMemberships>;

export const MembershipOptions = Type.Object({
  eligibleMemberships: Type.Array(MembershipOption),
  /** Plans that would cover a line but can't now, and why ("No credits left until …", "This plan is paused"). */
  invalidMemberships: Type.Array(Type.Object({ membership: MembershipOption, reason: Type.String() })),
  /** The checkout's: what the buyer chose to pay with plans. */
  selectedMemberships: Type.Optional(SelectedMemberships),
});

export const DISCOUNT_KINDS = ['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING'] as const;
/** One discount that applied, with what it took off. */
export const AppliedDiscount = Type.Object({
  discountType: StringEnum(DISCOUNT_KINDS),
  coupon: Type.Optional(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String(), amount: Money })),
  merchantDiscount: Type.Optional(
    Type.Object({ amount: Money, percentage: Type.Optional(Type.Number()), description: Type.Optional(Type.String()) }),
  ),
  discountRule: Type.Optional(Type.Object({ id: Type.String(), name: Type.String(), amount: Money })),
  lineItemIds: Type.Array(Type.String()),
});
export type AppliedDiscount = Static<typeof AppliedDiscount>;

/**
 * The totals. Tax-exclusive sites: total = subtotal − discount + shipping + additionalFees + tax + tip.
 * Tax-inclusive sites: prices already hold the tax, `tax` says how much of the total is tax, and
 * total = subtotal − discount + shipping + additionalFees + tip. `giftCard` and `payNow`/`balance` say how the
 * total is paid, they never change it.
 */
export const PriceSummary = Type.Object({
  subtotal: Money,
  discount: Money,
  shipping: Money,
  additionalFees: Money,
  tax: Money,
  tip: Money,
  total: Money,
  taxIncludedInPrices: Type.Boolean(),
  giftCard: Type.Optional(Money),
  /** What the buyer's plans pay (lines paid with credits): part of `total`, not paid now. */
  membership: Type.Optional(Money),
  /** What is left to pay after the gift card and plans (and, for deposits, what is paid now). */
  payNow: Money,
  payLater: Type.Optional(Money),
});
export type PriceSummary = Static<typeof PriceSummary>;

/** The tax part of totals (cart and checkout): the total, how it was computed, and per jurisdiction. */
export const TotalsTaxSummary = Type.Object({
  totalTax: Money,
  calculationDetails: Type.Object({
    rateType: StringEnum(['NO_TAX_COLLECTED', 'MANUAL_RATE', 'AUTO_RATE', 'FALLBACK_RATE'] as const),
    manualRateReason: Type.Optional(StringEnum(['GLOBAL_SETTING_TO_MANUAL', 'REGION_SETTING_TO_MANUAL'] as const)),
    autoTaxFallbackDetails: Type.Optional(
      Type.Object({ fallbackReason: StringEnum(['AUTO_TAX_FAILED', 'AUTO_TAX_DEACTIVATED'] as const) }),
    ),
  }),
  /** Summed over every line, shipping and fee, one entry per jurisdiction and tax. */
  taxBreakdown: Type.Array(
    Type.Object({
      jurisdiction: Type.String(),
      jurisdictionType: Type.String(),
      taxName: Type.String(),
      rate: Type.String(),
      taxAmount: Money,
    }),
  ),
});
export type TotalsTaxSummary = Static<typeof TotalsTaxSummary>;

const TimeSlot = Type.Object({ from: DateString, to: DateString });
/** A shipping option offered by the totals engine (cost after nothing: shipping discounts show in the summary). */
export const TotalsShippingOption = Type.Object({
  code: Type.String(),
  title: Type.String(),
  kind: StringEnum(['DELIVERY', 'STORE_PICKUP', 'PICKUP_POINT', 'LOCAL_DELIVERY'] as const),
  cost: Type.Object({ price: Money }),
  logistics: Type.Object({
    deliveryTime: Type.Optional(Type.String()),
    instructions: Type.Optional(Type.String()),
    /** The slot the buyer picked (selected option only). */
    deliveryTimeSlot: Type.Optional(TimeSlot),
    deliveryTimeSlots: Type.Optional(Type.Array(TimeSlot)),
    pickupDetails: Type.Optional(
      Type.Object({
        address: Address,
        businessHours: Type.Optional(Type.String()),
        pickupMethod: StringEnum(['STORE_PICKUP', 'PICKUP_POINT'] as const),
      }),
    ),
  }),
});
export type TotalsShippingOption = Static<typeof TotalsShippingOption>;

/** What the totals engine says about shipping: every offered option (one carrier, "plaza") and the selected one. */
export const TotalsShippingInfo = Type.Object({
  selectedCarrierServiceOption: Type.Optional(TotalsShippingOption),
  carrierServiceOptions: Type.Array(
    Type.Object({ carrierId: Type.String(), shippingOptions: Type.Array(TotalsShippingOption) }),
  ),
});
export type TotalsShippingInfo = Static<typeof TotalsShippingInfo>;
