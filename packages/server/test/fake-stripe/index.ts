/**
 * A loopback fake of the part of Stripe's API Plaza uses (Checkout Sessions, PaymentIntents, refunds, customers,
 * payment methods, events), its hosted payment page and its signed webhooks, for tests that must not touch the
 * network. Drive it with the real `stripe` package pointed at `stripeClientOptions(fake)`.
 */
export { startFakeStripe, stripeClientOptions, FakeStripe, type ApiCall, type FakeStripeOptions } from './server.js';
export { TEST_CARDS, findTestCard, type TestCard } from './cards.js';
export { EVENT_TYPES } from './objects.js';
export type {
  FakeAccount,
  FakeCharge,
  FakeCustomer,
  FakeDispute,
  FakeEvent,
  FakeEventType,
  FakeLineItem,
  FakePaymentIntent,
  FakePaymentMethod,
  FakeRefund,
  FakeSession,
  FakeSetupIntent,
} from './objects.js';
export type { Delivery } from './webhooks.js';
export type { StripeErrorBody } from './params.js';
