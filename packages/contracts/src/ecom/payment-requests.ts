import { Type, type Static } from 'typebox';
import { AmountInput } from '../common/amounts.js';
import { Money } from '../catalog/product.js';
import { DateString, StringEnum } from '../common/schema.js';

/**
 * Payment requests: a link to a hosted page where the buyer pays what an order still owes (the rest after a deposit,
 * or an amount the owner asks for). UNPAID until paid, EXPIRED after its date; paying twice is the same payment.
 */
export const PAYMENT_REQUEST_STATUSES = ['UNPAID', 'PAID', 'EXPIRED'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

export const PaymentRequest = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  orderNumber: Type.String(),
  status: StringEnum(PAYMENT_REQUEST_STATUSES),
  amount: Money,
  /** What it is for, in the buyer's words ("Balance of order 10023"). */
  title: Type.String(),
  /** The hosted page that takes the payment (it carries the request's secret: share it only with the buyer). */
  url: Type.String(),
  expirationDate: DateString,
  paidDate: Type.Optional(DateString),
  createdDate: DateString,
});
export type PaymentRequest = Static<typeof PaymentRequest>;

export const CreatePaymentRequestRequest = Type.Object(
  {
    orderId: Type.String({ format: 'uuid' }),
    /** Default: everything the order still owes. */
    amount: Type.Optional(AmountInput),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
    /** E-mail the link to the buyer (default true). */
    sendEmail: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreatePaymentRequestRequest = Static<typeof CreatePaymentRequestRequest>;
export const PaymentRequestResponse = Type.Object({ paymentRequest: PaymentRequest });
export type PaymentRequestResponse = Static<typeof PaymentRequestResponse>;
export const ListPaymentRequestsQuery = Type.Object(
  { orderId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type ListPaymentRequestsQuery = Static<typeof ListPaymentRequestsQuery>;
export const ListPaymentRequestsResponse = Type.Object({ paymentRequests: Type.Array(PaymentRequest) });
export type ListPaymentRequestsResponse = Static<typeof ListPaymentRequestsResponse>;

/** The hosted page reads a request with its `token`; the buyer needs no account. */
export const PaymentRequestTokenQuery = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 10, maxLength: 200 })) },
  { additionalProperties: false },
);
export type PaymentRequestTokenQuery = Static<typeof PaymentRequestTokenQuery>;
export const PayPaymentRequestRequest = Type.Object(
  {
    token: Type.String({ minLength: 10, maxLength: 200 }),
    /** From `POST /ecom/v1/payments/test-card/tokens`. */
    paymentToken: Type.String({ minLength: 10, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type PayPaymentRequestRequest = Static<typeof PayPaymentRequestRequest>;
