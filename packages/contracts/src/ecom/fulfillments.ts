import { Type, type Static } from 'typebox';
import { StringEnum, Timestamps } from '../common/schema.js';

/**
 * Fulfillments: some or all of an order's line items sent (or made ready for pickup), with the carrier, tracking
 * number and link. The order's `fulfillmentStatus` follows: NOT_FULFILLED, PARTIALLY_FULFILLED, FULFILLED.
 */
export const FULFILLMENT_RECORD_STATUSES = ['FULFILLED', 'CANCELED'] as const;
const TrackingInfo = Type.Object(
  {
    trackingNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    shippingProvider: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    trackingLink: Type.Optional(Type.String({ maxLength: 2000, pattern: '^https?://' })),
  },
  { additionalProperties: false },
);
export const Fulfillment = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  status: StringEnum(FULFILLMENT_RECORD_STATUSES),
  lineItems: Type.Array(Type.Object({ id: Type.String(), quantity: Type.Integer() })),
  trackingInfo: Type.Optional(TrackingInfo),
  ...Timestamps,
});
export type Fulfillment = Static<typeof Fulfillment>;
export const CreateFulfillmentRequest = Type.Object(
  {
    fulfillment: Type.Object(
      {
        /** Which lines and how many of each; none: everything not sent yet. */
        lineItems: Type.Optional(
          Type.Array(
            Type.Object(
              {
                id: Type.String({ minLength: 1, maxLength: 100 }),
                quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
              },
              { additionalProperties: false },
            ),
            { minItems: 1, maxItems: 300 },
          ),
        ),
        trackingInfo: Type.Optional(TrackingInfo),
      },
      { additionalProperties: false },
    ),
    /** Send the buyer the shipping confirmation (default true when the order has an e-mail). */
    notifyBuyer: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateFulfillmentRequest = Static<typeof CreateFulfillmentRequest>;
export const UpdateFulfillmentRequest = Type.Object(
  { fulfillment: Type.Object({ trackingInfo: TrackingInfo }, { additionalProperties: false }) },
  { additionalProperties: false },
);
export type UpdateFulfillmentRequest = Static<typeof UpdateFulfillmentRequest>;
export const FulfillmentResponse = Type.Object({ fulfillment: Fulfillment, orderFulfillmentStatus: Type.String() });
export type FulfillmentResponse = Static<typeof FulfillmentResponse>;
export const ListFulfillmentsResponse = Type.Object({ fulfillments: Type.Array(Fulfillment) });
export type ListFulfillmentsResponse = Static<typeof ListFulfillmentsResponse>;
