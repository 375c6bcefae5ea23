import { Type, type Static } from 'typebox';
import { AmountInput } from '../common/amounts.js';
import { DelayedCaptureSettings } from './order-requests.js';

/**
 * Payment gateway orders: an amount of an order that some payment is about to collect (a point of sale, a payment
 * app), held against the order's balance until it expires.
 */

export const PreparePaymentCollectionRequest = Type.Object(
  {
    /** In the order's currency; at most what is still to be collected. */
    amount: AmountInput,
    /** A gateway order of this order to prepare again (its hold is replaced); without it Plaza makes one. */
    paymentGatewayOrderId: Type.Optional(Type.String({ format: 'uuid' })),
    /** Authorize only; capture later. Implied by `delayedCaptureSettings`. */
    delayedCapture: Type.Optional(Type.Boolean()),
    delayedCaptureSettings: Type.Optional(DelayedCaptureSettings),
  },
  { additionalProperties: false },
);
export type PreparePaymentCollectionRequest = Static<typeof PreparePaymentCollectionRequest>;

export const CreatePaymentGatewayOrderRequest = Type.Object(
  {
    /** The staff member taking the payment (a point of sale's cashier), kept with the gateway order. */
    chargedBy: Type.Optional(
      Type.Object(
        {
          id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          fullName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreatePaymentGatewayOrderRequest = Static<typeof CreatePaymentGatewayOrderRequest>;

export const PaymentGatewayOrderResponse = Type.Object({ paymentGatewayOrderId: Type.String() });
export type PaymentGatewayOrderResponse = Static<typeof PaymentGatewayOrderResponse>;

/**
 * Pays lines of an existing order with a member's plans (their credits): one charge per line, counted once per order
 * line however often it is sent.
 */
export const ChargeMembershipsRequest = Type.Object(
  {
    memberId: Type.String({ format: 'uuid' }),
    membershipCharges: Type.Array(
      Type.Object(
        {
          membershipId: Type.String({ format: 'uuid' }),
          appId: Type.String({ minLength: 1, maxLength: 100 }),
          lineItemId: Type.String({ minLength: 1, maxLength: 100 }),
          /** Echoed by platform clients; not read. */
          membershipName: Type.Optional(Type.Object({ original: Type.String({ maxLength: 200 }) })),
          catalogReference: Type.Optional(Type.Unknown()),
          rootCatalogItemId: Type.Optional(Type.String({ maxLength: 100 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 300 },
    ),
  },
  { additionalProperties: false },
);
export type ChargeMembershipsRequest = Static<typeof ChargeMembershipsRequest>;
/** The platform answers an empty object. */
export const ChargeMembershipsResponse = Type.Object({});
export type ChargeMembershipsResponse = Static<typeof ChargeMembershipsResponse>;
