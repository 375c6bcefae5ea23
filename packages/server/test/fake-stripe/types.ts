import type Stripe from 'stripe';

/*
 * The objects the fake answers, each a Pick of the `stripe` package's own type: a field the fake fills with a wrong
 * name or value type fails the typecheck. Nested objects pick from Stripe's nested types the same way.
 */

export type FakeAccount = Pick<
  Stripe.Account,
  'id' | 'object' | 'charges_enabled' | 'payouts_enabled' | 'details_submitted' | 'country' | 'default_currency'
> &
  Pick<Stripe.Account, 'email' | 'type' | 'created'> & {
    business_profile: Pick<Stripe.Account.BusinessProfile, 'name' | 'url' | 'support_email'>;
    settings: { dashboard: Pick<Stripe.Account.Settings.Dashboard, 'display_name' | 'timezone'> };
  };

export type FakeSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'url'
  | 'status'
  | 'payment_status'
  | 'amount_subtotal'
  | 'amount_total'
  | 'currency'
  | 'mode'
  | 'metadata'
  | 'client_reference_id'
  | 'customer'
  | 'customer_email'
  | 'customer_creation'
  | 'customer_details'
  | 'payment_intent'
  | 'setup_intent'
  | 'success_url'
  | 'cancel_url'
  | 'expires_at'
  | 'created'
  | 'livemode'
  | 'payment_method_types'
>;

export type FakePrice = Pick<
  Stripe.Price,
  'id' | 'object' | 'active' | 'billing_scheme' | 'created' | 'currency' | 'livemode' | 'metadata' | 'nickname'
> &
  Pick<Stripe.Price, 'product' | 'recurring' | 'type' | 'unit_amount'>;

export type FakeLineItem = Pick<
  Stripe.LineItem,
  | 'id'
  | 'object'
  | 'amount_discount'
  | 'amount_subtotal'
  | 'amount_tax'
  | 'amount_total'
  | 'currency'
  | 'description'
  | 'metadata'
  | 'quantity'
> & { price: FakePrice };

export type FakePaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'next_action'
  | 'payment_method'
  | 'payment_method_types'
  | 'setup_future_usage'
  | 'status'
>;

export type FakeCardDetails = Pick<
  Stripe.Charge.PaymentMethodDetails.Card,
  'brand' | 'last4' | 'exp_month' | 'exp_year' | 'funding' | 'country' | 'network'
>;

export type FakeCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'billing_details'
  | 'captured'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'receipt_url'
  | 'refunded'
  | 'status'
> & { payment_method_details: Pick<Stripe.Charge.PaymentMethodDetails, 'type'> & { card: FakeCardDetails } };

export type FakePaymentMethod = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'type' | 'created' | 'customer' | 'livemode' | 'metadata' | 'billing_details'
> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'display_brand' | 'last4' | 'exp_month' | 'exp_year' | 'funding'> &
    Pick<Stripe.PaymentMethod.Card, 'country'>;
};

export type FakeCustomer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'balance' | 'created' | 'default_source' | 'description' | 'email' | 'livemode' | 'metadata'
> &
  Pick<Stripe.Customer, 'name' | 'phone' | 'shipping'>;

export type FakeRefund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'charge'
  | 'created'
  | 'currency'
  | 'failure_reason'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'receipt_number'
  | 'status'
>;

export type FakeDispute = Pick<
  Stripe.Dispute,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'is_charge_refundable'
  | 'livemode'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
> & {
  evidence_details: Pick<Stripe.Dispute.EvidenceDetails, 'due_by' | 'has_evidence' | 'past_due' | 'submission_count'>;
};

export type FakeSetupIntent = Pick<
  Stripe.SetupIntent,
  | 'id'
  | 'object'
  | 'cancellation_reason'
  | 'client_secret'
  | 'created'
  | 'customer'
  | 'description'
  | 'last_setup_error'
  | 'livemode'
  | 'metadata'
  | 'next_action'
  | 'payment_method'
  | 'payment_method_types'
  | 'status'
  | 'usage'
>;

export type FakeList<T> = Pick<Stripe.ApiList<T>, 'object' | 'data' | 'has_more' | 'url'>;

/** The events the fake sends; `satisfies` keeps every name one of Stripe's event types. */
export const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'refund.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const satisfies readonly Stripe.Event.Type[];

export type FakeEventType = (typeof EVENT_TYPES)[number];

/** The object each event carries, as Stripe documents it per event type. */
export interface EventObjects {
  'checkout.session.completed': FakeSession;
  'checkout.session.expired': FakeSession;
  'payment_intent.succeeded': FakePaymentIntent;
  'payment_intent.amount_capturable_updated': FakePaymentIntent;
  'payment_intent.payment_failed': FakePaymentIntent;
  'payment_intent.canceled': FakePaymentIntent;
  'charge.refunded': FakeCharge;
  'refund.updated': FakeRefund;
  'charge.dispute.created': FakeDispute;
  'charge.dispute.updated': FakeDispute;
  'charge.dispute.closed': FakeDispute;
}

/** Compile-time check that each event carries the kind of object Stripe's own type for that event carries. */
type ObjectKindOf<K extends FakeEventType> = Extract<Stripe.Event, { type: K }>['data']['object']['object'];
type _AllTrue<T extends Record<FakeEventType, true>> = T;
export type _EventObjectsMatchStripe = _AllTrue<{
  [K in FakeEventType]: EventObjects[K]['object'] extends ObjectKindOf<K> ? true : false;
}>;

/** One `[type, object]` pair to publish. */
export type EventSpec = { [K in FakeEventType]: [K, EventObjects[K]] }[FakeEventType];

export type FakeEvent = Pick<
  Stripe.EventBase,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & { type: FakeEventType; data: { object: EventObjects[FakeEventType] } };
