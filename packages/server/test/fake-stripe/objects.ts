import Stripe from 'stripe';
import type {
  FakeCardDetails,
  FakeCharge,
  FakeCustomer,
  FakeList,
  FakePaymentIntent,
  FakePaymentMethod,
  FakeSetupIntent,
} from './types.js';

export type * from './types.js';
export { EVENT_TYPES } from './types.js';

export const API_VERSION: string = Stripe.API_VERSION;

/** An amount in the currency's minor unit, written the way Stripe's messages write it: `$50.00`, `¥500`. */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** The card the hosted page charged, as both the Charge and the PaymentMethod describe it. */
export interface CardFacts {
  brand: string;
  last4: string;
  funding: string;
  country: string;
  expMonth: number;
  expYear: number;
}

export function chargeCardDetails(card: CardFacts): FakeCardDetails {
  return {
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    funding: card.funding,
    country: card.country,
    network: card.brand,
  };
}

export function paymentMethodObject(
  id: string,
  created: number,
  card: CardFacts,
  billing: { email: string | null; name: string | null },
): FakePaymentMethod {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    created,
    customer: null,
    livemode: false,
    metadata: {},
    billing_details: { address: null, email: billing.email, name: billing.name, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      display_brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: card.funding,
      country: card.country,
    },
  };
}

export function paymentIntentObject(
  id: string,
  created: number,
  input: {
    amount: number;
    currency: string;
    customer: string | null;
    captureMethod: Stripe.PaymentIntent.CaptureMethod;
    metadata: Record<string, string>;
    description: string | null;
    setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
    paymentMethod: string | null;
  },
): FakePaymentIntent {
  return {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: `${id}_secret_${id.slice(-12)}`,
    confirmation_method: 'automatic',
    created,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    payment_method: input.paymentMethod,
    payment_method_types: ['card'],
    setup_future_usage: input.setupFutureUsage,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
  };
}

export function chargeObject(
  id: string,
  created: number,
  pi: FakePaymentIntent,
  pm: FakePaymentMethod,
  card: CardFacts,
): FakeCharge {
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: 0,
    amount_refunded: 0,
    billing_details: pm.billing_details,
    captured: false,
    created,
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: pi.metadata,
    paid: false,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: { type: 'card', card: chargeCardDetails(card) },
    receipt_url: null,
    refunded: false,
    status: 'pending',
  };
}

export function customerObject(
  id: string,
  created: number,
  input: { email: string | null; name: string | null; description: string | null; metadata: Record<string, string> },
): FakeCustomer {
  return {
    id,
    object: 'customer',
    balance: 0,
    created,
    default_source: null,
    description: input.description,
    email: input.email,
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    phone: null,
    shipping: null,
  };
}

export function setupIntentObject(
  id: string,
  created: number,
  input: { customer: string | null; metadata: Record<string, string>; description: string | null },
): FakeSetupIntent {
  return {
    id,
    object: 'setup_intent',
    cancellation_reason: null,
    client_secret: `${id}_secret_${id.slice(-12)}`,
    created,
    customer: input.customer,
    description: input.description,
    last_setup_error: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: 'off_session',
  };
}

export function listObject<T>(url: string, data: T[], hasMore: boolean): FakeList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
