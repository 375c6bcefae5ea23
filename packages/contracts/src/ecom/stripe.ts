import { Type, type Static } from 'typebox';
import { DateString, StringEnum } from '../common/schema.js';

/** Stripe as the shop's card provider: the owner's connection, the buyer's hosted payment, and what a checkout offers. */

export const PAYMENT_MODES = ['TEST', 'LIVE'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const CAPTURE_METHODS = ['AUTOMATIC', 'MANUAL'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/** The connection as the owner sees it: secrets only as hints ("sk_test_…4242"), never whole. */
export const StripeSettings = Type.Object({
  connected: Type.Boolean(),
  mode: Type.Optional(StringEnum(PAYMENT_MODES)),
  /** The Stripe account's name, as Stripe answered the check on save. */
  accountName: Type.Optional(Type.String()),
  publishableKey: Type.Optional(Type.String()),
  secretKeyHint: Type.Optional(Type.String()),
  webhookSecretHint: Type.Optional(Type.String()),
  /** MANUAL: payments are only authorized; the owner captures them (payments collector). */
  captureMethod: StringEnum(CAPTURE_METHODS),
  /** The address to register in Stripe's dashboard as the webhook endpoint. */
  webhookUrl: Type.String(),
  connectedDate: Type.Optional(DateString),
  /** False when the server has no PLAZA_ENCRYPTION_KEY: keys cannot be stored. */
  canStoreKeys: Type.Boolean(),
});
export type StripeSettings = Static<typeof StripeSettings>;
export const StripeSettingsResponse = Type.Object({ stripe: StripeSettings });
export type StripeSettingsResponse = Static<typeof StripeSettingsResponse>;

export const ConnectStripeRequest = Type.Object(
  {
    mode: StringEnum(PAYMENT_MODES),
    secretKey: Type.String({ minLength: 1, maxLength: 255 }),
    publishableKey: Type.String({ minLength: 1, maxLength: 255 }),
    webhookSecret: Type.String({ minLength: 1, maxLength: 255 }),
    captureMethod: Type.Optional(StringEnum(CAPTURE_METHODS)),
  },
  { additionalProperties: false },
);
export type ConnectStripeRequest = Static<typeof ConnectStripeRequest>;

export const UpdateStripeSettingsRequest = Type.Object(
  { captureMethod: StringEnum(CAPTURE_METHODS) },
  { additionalProperties: false },
);
export type UpdateStripeSettingsRequest = Static<typeof UpdateStripeSettingsRequest>;

/** How a buyer pays by card in this shop: the built-in test cards, or Stripe's hosted page. */
export const PaymentMethodsResponse = Type.Object({
  card: Type.Object({
    provider: StringEnum(['TEST_CARD', 'STRIPE'] as const),
    /** No real money moves (test cards, or Stripe in test mode). */
    testMode: Type.Boolean(),
  }),
});
export type PaymentMethodsResponse = Static<typeof PaymentMethodsResponse>;

/** A Stripe Checkout Session for what the checkout has due now: send the buyer to `url`. */
export const StripeSessionResponse = Type.Object({ sessionId: Type.String(), url: Type.String() });
export type StripeSessionResponse = Static<typeof StripeSessionResponse>;

export const CompleteStripeSessionRequest = Type.Object(
  { sessionId: Type.String({ minLength: 1, maxLength: 255, pattern: '^cs_[A-Za-z0-9_]+$' }) },
  { additionalProperties: false },
);
export type CompleteStripeSessionRequest = Static<typeof CompleteStripeSessionRequest>;
