import { Type, type Static, type TSchema } from 'typebox';
import { StringEnum } from '../common/schema.js';

/**
 * What Plaza sends to an app's service plugin and what the app answers, per plugin type (the hosted platform's
 * service-plugin SPIs, in our wire conventions). Money here is a decimal string in `currency` ("10.50"), as the SPIs
 * carry it. Every answer is validated against these schemas; an answer that does not fit counts as a failed call and
 * Plaza uses the type's fallback (`SERVICE_PLUGIN_FALLBACKS`).
 */
export const SERVICE_PLUGIN_TYPES = [
  'SHIPPING_RATES',
  'ADDITIONAL_FEES',
  'VALIDATIONS',
  'TAX_CALCULATION',
  'CUSTOM_TRIGGERS',
  'PAYMENT_PROVIDER',
] as const;
export type ServicePluginType = (typeof SERVICE_PLUGIN_TYPES)[number];

const Decimal = Type.String({ pattern: '^-?\\d{1,15}(\\.\\d{1,6})?$', maxLength: 24 });
const Code = Type.String({ minLength: 1, maxLength: 100 });
const Text = Type.String({ maxLength: 500 });
const Currency = Type.String({ pattern: '^[A-Z]{3}$' });

export const PluginAddress = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 2 })),
  subdivision: Type.Optional(Type.String({ maxLength: 10 })),
  city: Type.Optional(Text),
  postalCode: Type.Optional(Type.String({ maxLength: 20 })),
  addressLine: Type.Optional(Text),
});
export type PluginAddress = Static<typeof PluginAddress>;

/** A line of the cart or checkout, as every plugin type sees it. */
export const PluginLineItem = Type.Object({
  id: Code,
  productName: Text,
  quantity: Type.Integer({ minimum: 1 }),
  /** Price of one unit. */
  price: Decimal,
  catalogReference: Type.Optional(Type.Object({ catalogItemId: Code, appId: Type.Optional(Code) })),
  physicalProperties: Type.Optional(
    Type.Object({ weight: Type.Optional(Type.Number({ minimum: 0 })), sku: Type.Optional(Text) }),
  ),
  taxGroupId: Type.Optional(Code),
});
export type PluginLineItem = Static<typeof PluginLineItem>;

// --- SHIPPING_RATES: fallback = no plugin rates; the merchant's own shipping rates apply.
export const GetShippingRatesRequest = Type.Object({
  lineItems: Type.Array(PluginLineItem),
  shippingDestination: PluginAddress,
  currency: Currency,
  weightUnit: Type.Optional(StringEnum(['KG', 'LB'] as const)),
});
export const ShippingRate = Type.Object({
  /** Stable code the checkout stores as the chosen option. */
  code: Code,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  logistics: Type.Object({
    deliveryTime: Type.Optional(Text),
    instructions: Type.Optional(Text),
  }),
  cost: Type.Object({
    price: Decimal,
    currency: Currency,
    additionalCharges: Type.Optional(
      Type.Array(Type.Object({ price: Decimal, type: Type.Optional(Code), description: Type.Optional(Text) })),
    ),
  }),
});
export const GetShippingRatesResponse = Type.Object({ shippingRates: Type.Array(ShippingRate, { maxItems: 100 }) });

// --- ADDITIONAL_FEES: fallback = no fees.
export const CalculateAdditionalFeesRequest = Type.Object({
  lineItems: Type.Array(PluginLineItem),
  shippingAddress: Type.Optional(PluginAddress),
  selectedShippingOption: Type.Optional(Type.Object({ code: Code })),
  currency: Currency,
});
export const AdditionalFee = Type.Object({
  code: Code,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  price: Decimal,
  taxDetails: Type.Optional(Type.Object({ taxable: Type.Boolean(), taxGroupId: Type.Optional(Code) })),
  /** Lines the fee is for; none means the whole order. */
  lineItemIds: Type.Optional(Type.Array(Code)),
});
export const CalculateAdditionalFeesResponse = Type.Object({
  additionalFees: Type.Array(AdditionalFee, { maxItems: 100 }),
  currency: Currency,
});

// --- VALIDATIONS: fallback = no violations (the purchase is not blocked by an unreachable app).
export const GetValidationViolationsRequest = Type.Object({
  sourceInfo: Type.Object({ source: StringEnum(['CART', 'CHECKOUT'] as const), purchaseFlowId: Type.Optional(Code) }),
  validationInfo: Type.Object({
    lineItems: Type.Array(PluginLineItem),
    shippingAddress: Type.Optional(PluginAddress),
    buyerDetails: Type.Optional(Type.Object({ email: Type.Optional(Text), memberId: Type.Optional(Code) })),
  }),
});
export const ValidationViolation = Type.Object({
  /** ERROR blocks the purchase; WARNING is shown only. */
  severity: StringEnum(['WARNING', 'ERROR'] as const),
  target: Type.Union([
    Type.Object({ other: Type.Object({ name: StringEnum(['OTHER_DEFAULT'] as const) }) }),
    Type.Object({ lineItem: Type.Object({ id: Code, name: StringEnum(['LINE_ITEM_DEFAULT'] as const) }) }),
  ]),
  description: Type.String({ minLength: 1, maxLength: 1000 }),
});
export const GetValidationViolationsResponse = Type.Object({
  violations: Type.Array(ValidationViolation, { maxItems: 100 }),
});

// --- TAX_CALCULATION: fallback = the merchant's FALLBACK_RATE, reason AUTO_TAX_FAILED.
export const CalculateTaxRequest = Type.Object({
  currency: Currency,
  addresses: Type.Array(PluginAddress, { minItems: 1 }),
  lineItems: Type.Array(
    Type.Object({
      id: Code,
      price: Decimal,
      quantity: Type.Integer({ minimum: 1 }),
      taxGroupId: Type.Optional(Code),
      /** Index into `addresses` of where this line ships to. */
      addressIndex: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
});
export const TaxBreakdown = Type.Object({
  jurisdiction: Type.String({ minLength: 1, maxLength: 200 }),
  jurisdictionType: StringEnum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'] as const),
  taxName: Type.String({ minLength: 1, maxLength: 200 }),
  /** Fraction, e.g. "0.0725". */
  rate: Decimal,
  taxAmount: Decimal,
});
export const CalculateTaxResponse = Type.Object({
  currency: Currency,
  lineItemTaxDetails: Type.Array(
    Type.Object({
      id: Code,
      taxBreakdown: Type.Array(TaxBreakdown, { maxItems: 50 }),
      taxSummary: Type.Object({ taxAmount: Decimal }),
    }),
  ),
});

// --- CUSTOM_TRIGGERS (discount triggers): fallback = no triggers listed, and no trigger is met.
export const ListTriggersRequest = Type.Object({});
export const ListTriggersResponse = Type.Object({
  customTriggers: Type.Array(Type.Object({ id: Code, name: Type.String({ minLength: 1, maxLength: 200 }) })),
});
export const GetEligibleTriggersRequest = Type.Object({
  triggers: Type.Array(Type.Object({ customTriggerId: Code, identifier: Code })),
  lineItems: Type.Array(PluginLineItem),
});
export const GetEligibleTriggersResponse = Type.Object({
  /** The triggers (by `identifier`) that are met; every other one is not. */
  eligibleTriggers: Type.Array(Type.Object({ customTriggerId: Code, identifier: Code })),
});

// --- PAYMENT_PROVIDER: the app moves the money for card payments whose token it issued (its own payment form).
// Every call carries Plaza's `transactionId` (the payment's id): a repeated call is the same operation at the app.
// Fallback = the payment is refused and nothing is written; a capture, void or refund is refused and can be retried.
const PaymentStatusAnswer = Type.Object({
  status: StringEnum(['SUCCEEDED', 'FAILED'] as const),
  /** Why it failed, in words the owner can read. */
  reason: Type.Optional(Text),
});
export const AuthorizePaymentRequest = Type.Object({
  transactionId: Code,
  /** The token the app's own payment form gave the buyer's browser. */
  paymentToken: Type.String({ minLength: 1, maxLength: 2000 }),
  amount: Decimal,
  currency: Currency,
  /** true: take the money now; false: only hold it (delayed capture). */
  capture: Type.Boolean(),
});
export const AuthorizePaymentResponse = Type.Object({
  /** APPROVED = taken; AUTHORIZED = held; PENDING = waits for the bank; DECLINED = refused. */
  status: StringEnum(['APPROVED', 'AUTHORIZED', 'PENDING', 'DECLINED'] as const),
  providerTransactionId: Code,
  card: Type.Optional(
    Type.Object({ brand: Type.String({ maxLength: 50 }), lastFourDigits: Type.String({ pattern: '^\\d{4}$' }) }),
  ),
  declineReason: Type.Optional(Text),
});
export const CapturePaymentRequest = Type.Object({
  transactionId: Code,
  providerTransactionId: Code,
  amount: Decimal,
  currency: Currency,
});
export const VoidPaymentRequest = Type.Object({
  transactionId: Code,
  /** Absent when Plaza never learnt it (the authorization's answer was lost): void by `transactionId`. */
  providerTransactionId: Type.Optional(Code),
});
export const RefundPaymentRequest = CapturePaymentRequest;

/** Every method Plaza calls, with its plugin type and schemas. The JWT's `method` claim names one of these. */
export const SERVICE_PLUGIN_METHODS = {
  getShippingRates: { type: 'SHIPPING_RATES', request: GetShippingRatesRequest, response: GetShippingRatesResponse },
  calculateAdditionalFees: {
    type: 'ADDITIONAL_FEES',
    request: CalculateAdditionalFeesRequest,
    response: CalculateAdditionalFeesResponse,
  },
  getValidationViolations: {
    type: 'VALIDATIONS',
    request: GetValidationViolationsRequest,
    response: GetValidationViolationsResponse,
  },
  calculateTax: { type: 'TAX_CALCULATION', request: CalculateTaxRequest, response: CalculateTaxResponse },
  listTriggers: { type: 'CUSTOM_TRIGGERS', request: ListTriggersRequest, response: ListTriggersResponse },
  getEligibleTriggers: {
    type: 'CUSTOM_TRIGGERS',
    request: GetEligibleTriggersRequest,
    response: GetEligibleTriggersResponse,
  },
  authorizePayment: {
    type: 'PAYMENT_PROVIDER',
    request: AuthorizePaymentRequest,
    response: AuthorizePaymentResponse,
  },
  capturePayment: { type: 'PAYMENT_PROVIDER', request: CapturePaymentRequest, response: PaymentStatusAnswer },
  voidPayment: { type: 'PAYMENT_PROVIDER', request: VoidPaymentRequest, response: PaymentStatusAnswer },
  refundPayment: { type: 'PAYMENT_PROVIDER', request: RefundPaymentRequest, response: PaymentStatusAnswer },
} as const satisfies Record<string, { type: ServicePluginType; request: TSchema; response: TSchema }>;

export type ServicePluginMethod = keyof typeof SERVICE_PLUGIN_METHODS;
/** Methods of one plugin type, e.g. `'listTriggers' | 'getEligibleTriggers'` for CUSTOM_TRIGGERS. */
export type ServicePluginMethodOf<T extends ServicePluginType> = {
  [M in ServicePluginMethod]: (typeof SERVICE_PLUGIN_METHODS)[M]['type'] extends T ? M : never;
}[ServicePluginMethod];
export type ServicePluginRequest<M extends ServicePluginMethod> = Static<(typeof SERVICE_PLUGIN_METHODS)[M]['request']>;
export type ServicePluginResponse<M extends ServicePluginMethod> = Static<
  (typeof SERVICE_PLUGIN_METHODS)[M]['response']
>;

/** The method Plaza calls when it names only the type (the type's main computation). */
export const DEFAULT_SERVICE_PLUGIN_METHOD = {
  SHIPPING_RATES: 'getShippingRates',
  ADDITIONAL_FEES: 'calculateAdditionalFees',
  VALIDATIONS: 'getValidationViolations',
  TAX_CALCULATION: 'calculateTax',
  CUSTOM_TRIGGERS: 'getEligibleTriggers',
  PAYMENT_PROVIDER: 'authorizePayment',
} as const satisfies { [T in ServicePluginType]: ServicePluginMethodOf<T> };

/** What Plaza does when an app's call times out, fails, is refused by an open circuit or answers out of schema. */
export const SERVICE_PLUGIN_FALLBACKS: Record<ServicePluginType, string> = {
  SHIPPING_RATES: "No rates from the app; the merchant's own shipping rates apply.",
  ADDITIONAL_FEES: 'No additional fees are added.',
  VALIDATIONS: 'No violations: the purchase is not blocked by an app that cannot answer.',
  TAX_CALCULATION: "The merchant's fallback tax rate applies: calculation type FALLBACK_RATE, reason AUTO_TAX_FAILED.",
  CUSTOM_TRIGGERS: 'No custom triggers are listed and none is met.',
  PAYMENT_PROVIDER:
    'The payment is refused and nothing is charged or written; a capture, release or refund is refused and can be tried again.',
};

/** The tax fallback's marker, carried into the totals so the owner can see why the fallback rate applied. */
export const TAX_FALLBACK = { calculationType: 'FALLBACK_RATE', reason: 'AUTO_TAX_FAILED' } as const;

/**
 * The claims of the JWT Plaza sends as the body of a service-plugin call (ES256, the site's webhook key, `kid` in the
 * header; verify with /webhooks/v1/public-keys). The app answers with JSON: the method's response with status 200, or
 * an application error `{ message, details: { applicationError: { code, description } } }` with a 4xx status.
 */
export interface ServicePluginCallClaims<M extends ServicePluginMethod = ServicePluginMethod> {
  pluginType: (typeof SERVICE_PLUGIN_METHODS)[M]['type'];
  method: M;
  request: ServicePluginRequest<M>;
  metadata: { requestId: string; implementationId: string; currency?: string };
  iat: number;
  exp: number;
}
