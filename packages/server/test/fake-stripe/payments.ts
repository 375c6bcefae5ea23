import type Stripe from 'stripe';
import { AUTHENTICATION_REQUIRED, type TestCard } from './cards.js';
import {
  chargeObject,
  formatMoney,
  paymentIntentObject,
  type EventSpec,
  type FakeCharge,
  type FakeDispute,
  type FakePaymentIntent,
  type FakePaymentMethod,
  type FakeRefund,
} from './objects.js';
import { badParam, invalidRequest, StripeApiError, type Params } from './params.js';
import type { FakeStore } from './state.js';

/** Who is present when a card is charged: the buyer on the hosted page authenticates when asked; nobody off-session. */
export type ChargeMode = 'buyer_present' | 'on_session' | 'off_session';

export interface CardRefusal {
  code: string;
  declineCode?: string;
  message: string;
  charge?: string;
}

const CANCELABLE: readonly string[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

/**
 * Confirms `pi` with the PaymentMethod: creates its Charge and moves the intent to succeeded / requires_capture, or
 * records why the card refused. The events to send are appended to `events`; the caller publishes them with the
 * rest of the same state change.
 */
export function chargeCard(
  store: FakeStore,
  pi: FakePaymentIntent,
  pm: FakePaymentMethod,
  mode: ChargeMode,
  events: EventSpec[],
): CardRefusal | undefined {
  const card = store.cards.get(pm.id)!;
  if (card.authenticatesOffSession && mode !== 'buyer_present') {
    return requireAuthentication(pi, pm, mode, events);
  }
  const charge = chargeObject(store.newId('ch'), store.now(), pi, pm, card);
  store.charges.set(charge.id, charge);
  pi.latest_charge = charge.id;
  if (!pm.customer) store.consumedMethods.add(pm.id);
  if (card.decline) return decline(pi, charge, card, events);
  Object.assign(charge, { status: 'succeeded', paid: true } satisfies Partial<FakeCharge>);
  pi.payment_method = pm.id;
  pi.last_payment_error = null;
  if (pi.capture_method === 'manual') {
    Object.assign(pi, {
      status: 'requires_capture',
      amount_capturable: pi.amount,
    } satisfies Partial<FakePaymentIntent>);
    events.push(['payment_intent.amount_capturable_updated', pi]);
  } else {
    Object.assign(charge, { captured: true, amount_captured: pi.amount } satisfies Partial<FakeCharge>);
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount } satisfies Partial<FakePaymentIntent>);
    events.push(['payment_intent.succeeded', pi]);
  }
  return undefined;
}

function requireAuthentication(
  pi: FakePaymentIntent,
  pm: FakePaymentMethod,
  mode: ChargeMode,
  events: EventSpec[],
): CardRefusal | undefined {
  if (mode === 'on_session') {
    // A customer in session can still authenticate: Stripe answers the intent, waiting for them.
    pi.status = 'requires_action';
    pi.payment_method = pm.id;
    pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
    return undefined;
  }
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.last_payment_error = {
    type: 'card_error',
    code: 'authentication_required',
    message: AUTHENTICATION_REQUIRED,
    payment_method_type: 'card',
  };
  events.push(['payment_intent.payment_failed', pi]);
  return { code: 'authentication_required', message: AUTHENTICATION_REQUIRED };
}

function decline(pi: FakePaymentIntent, charge: FakeCharge, card: TestCard, events: EventSpec[]): CardRefusal {
  const { code, message } = card.decline!;
  Object.assign(charge, {
    status: 'failed',
    failure_code: 'card_declined',
    failure_message: message,
  } satisfies Partial<FakeCharge>);
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.last_payment_error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: code,
    message,
    charge: charge.id,
    payment_method_type: 'card',
  };
  events.push(['payment_intent.payment_failed', pi]);
  return { code: 'card_declined', declineCode: code, message, charge: charge.id };
}

/** `POST /v1/payment_intents`: an intent, confirmed at once with `confirm=true` (Plaza's off-session charges). */
export function createPaymentIntent(store: FakeStore, p: Params): FakePaymentIntent {
  const amount = p.int('amount', { required: true, min: 1 });
  const currency = p.str('currency', { required: true }).toLowerCase();
  const customerId = p.str('customer');
  const pmId = p.str('payment_method');
  const offSession = p.bool('off_session') ?? false;
  const confirm = p.bool('confirm') ?? false;
  const captureMethod = p.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) ?? 'automatic_async';
  const setupFutureUsage = p.oneOf('setup_future_usage', ['on_session', 'off_session']) ?? null;
  const metadata = p.metadata() ?? {};
  const description = p.str('description') ?? null;
  const types = p.strings('payment_method_types');
  p.rejectUnknown();
  if (types.some((t) => t !== 'card')) throw badParam('payment_method_types', 'The fake Stripe only takes cards.');
  if (offSession && !confirm) throw badParam('off_session', 'off_session can only be used when confirm=true.');
  if (customerId) store.get(store.customers, 'customer', customerId, 'customer');
  const pm = pmId ? store.get(store.paymentMethods, 'PaymentMethod', pmId, 'payment_method') : undefined;
  if (pm) checkReusable(store, pm, customerId);
  if (confirm && !pm) {
    throw badParam('payment_method', "You cannot confirm this PaymentIntent because it's missing a payment method.");
  }
  const pi = paymentIntentObject(store.newId('pi'), store.now(), {
    amount,
    currency,
    customer: customerId ?? null,
    captureMethod,
    metadata,
    description,
    setupFutureUsage,
    paymentMethod: pm?.id ?? null,
  });
  store.paymentIntents.set(pi.id, pi);
  if (!confirm || !pm) return pi;
  const events: EventSpec[] = [];
  const refusal = chargeCard(store, pi, pm, offSession ? 'off_session' : 'on_session', events);
  if (!refusal && setupFutureUsage && customerId && !pm.customer) pm.customer = customerId;
  store.publish(events);
  if (refusal) throw cardError(refusal, pi);
  return pi;
}

/** Stripe's rules for charging a saved card: it must belong to the customer named, and not be spent already. */
export function checkReusable(store: FakeStore, pm: FakePaymentMethod, customerId: string | undefined): void {
  if (pm.customer && pm.customer !== customerId) {
    throw badParam(
      'payment_method',
      `The provided PaymentMethod ${pm.id} is attached to customer ${typeof pm.customer === 'string' ? pm.customer : pm.customer.id}; pass that customer.`,
    );
  }
  if (!pm.customer && store.consumedMethods.has(pm.id)) {
    throw badParam(
      'payment_method',
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a ' +
        'Customer, and may not be used again.',
    );
  }
}

export function cardError(refusal: CardRefusal, pi: FakePaymentIntent): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: refusal.code,
    message: refusal.message,
    ...(refusal.declineCode ? { decline_code: refusal.declineCode } : {}),
    ...(refusal.charge ? { charge: refusal.charge } : {}),
    payment_intent: structuredClone(pi),
  });
}

function unexpectedState(pi: FakePaymentIntent, action: string, allowed: readonly string[]) {
  return invalidRequest(
    `This PaymentIntent could not be ${action} because it has a status of ${pi.status}. Only a PaymentIntent with ` +
      `one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
    { code: 'payment_intent_unexpected_state' },
  );
}

/** `POST /v1/payment_intents/:id/capture`: one capture; what is not captured is released (shown as refunded). */
export function capturePaymentIntent(store: FakeStore, pi: FakePaymentIntent, p: Params): FakePaymentIntent {
  const amount = p.int('amount_to_capture', { min: 1 }) ?? pi.amount_capturable;
  p.rejectUnknown();
  if (pi.status !== 'requires_capture') throw unexpectedState(pi, 'captured', ['requires_capture']);
  if (amount > pi.amount_capturable) {
    throw badParam(
      'amount_to_capture',
      `The amount_to_capture (${amount}) must be less than or equal to the amount_capturable (${pi.amount_capturable}).`,
    );
  }
  const charge = store.ref(store.charges, pi.latest_charge)!;
  Object.assign(charge, { captured: true, amount_captured: amount } satisfies Partial<FakeCharge>);
  updateRefunded(store, charge);
  Object.assign(pi, {
    status: 'succeeded',
    amount_received: amount,
    amount_capturable: 0,
  } satisfies Partial<FakePaymentIntent>);
  store.publish([['payment_intent.succeeded', pi]]);
  return pi;
}

/** `POST /v1/payment_intents/:id/cancel`; an authorization is released in full. */
export function cancelPaymentIntent(store: FakeStore, pi: FakePaymentIntent, p: Params): FakePaymentIntent {
  const reason = p.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']);
  p.rejectUnknown();
  if (!CANCELABLE.includes(pi.status)) throw unexpectedState(pi, 'canceled', CANCELABLE);
  cancelIntent(store, pi, reason ?? null);
  return pi;
}

export function cancelIntent(
  store: FakeStore,
  pi: FakePaymentIntent,
  reason: Stripe.PaymentIntent.CancellationReason | null,
) {
  const charge = pi.latest_charge ? store.ref(store.charges, pi.latest_charge) : undefined;
  if (charge?.status === 'succeeded' && !charge.captured) updateRefunded(store, charge);
  Object.assign(pi, {
    status: 'canceled',
    canceled_at: store.now(),
    cancellation_reason: reason,
    amount_capturable: 0,
  } satisfies Partial<FakePaymentIntent>);
  store.publish([['payment_intent.canceled', pi]]);
}

/** Stripe counts the uncaptured part of an authorization as refunded, next to the refunds that went through. */
function updateRefunded(store: FakeStore, charge: FakeCharge): void {
  const released = charge.amount - charge.amount_captured;
  const refunded = [...store.refunds.values()]
    .filter((r) => r.charge === charge.id && r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount, 0);
  charge.amount_refunded = released + refunded;
  charge.refunded = charge.amount_refunded === charge.amount;
}

/** `POST /v1/refunds` for a PaymentIntent or Charge; the amount defaults to all that is left. */
export function createRefund(store: FakeStore, p: Params): FakeRefund {
  const piId = p.str('payment_intent');
  const chargeId = p.str('charge');
  const amount = p.int('amount', { min: 1 });
  const metadata = p.metadata() ?? {};
  const reason = p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']) ?? null;
  p.rejectUnknown();
  const charge = refundableCharge(store, piId, chargeId);
  const left =
    charge.amount_captured -
    [...store.refunds.values()]
      .filter((r) => r.charge === charge.id && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  if (left <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  if (amount !== undefined && amount > left) {
    throw badParam(
      'amount',
      `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge ` +
        `(${formatMoney(left, charge.currency)})`,
    );
  }
  const refund: FakeRefund = {
    id: store.newId('re'),
    object: 'refund',
    amount: amount ?? left,
    balance_transaction: null,
    charge: charge.id,
    created: store.now(),
    currency: charge.currency,
    metadata,
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    status: store.refundsPending ? 'pending' : 'succeeded',
  };
  store.refunds.set(refund.id, refund);
  if (refund.status === 'succeeded') {
    updateRefunded(store, charge);
    store.publish([['charge.refunded', charge]]);
  }
  return refund;
}

function refundableCharge(store: FakeStore, piId: string | undefined, chargeId: string | undefined): FakeCharge {
  if (!piId && !chargeId) {
    throw badParam(
      'payment_intent',
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }
  let charge: FakeCharge | undefined;
  if (piId) {
    const pi = store.get(store.paymentIntents, 'payment_intent', piId, 'payment_intent');
    charge = pi.status === 'succeeded' ? store.ref(store.charges, pi.latest_charge) : undefined;
    if (!charge)
      throw badParam('payment_intent', `This PaymentIntent (${piId}) does not have a successful charge to refund.`);
  } else {
    charge = store.get(store.charges, 'charge', chargeId!, 'charge');
    if (!charge.captured)
      throw badParam('charge', `Charge ${charge.id} has not been captured; cancel its PaymentIntent.`);
  }
  const dispute = [...store.disputes.values()].find((d) => d.charge === charge.id);
  if (dispute && dispute.status !== 'won') {
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: 'charge_disputed',
    });
  }
  return charge;
}

/** Test control: a pending refund goes through or fails, with the events Stripe sends for that. */
export function settleRefund(store: FakeStore, refundId: string, outcome: 'succeeded' | 'failed'): FakeRefund {
  const refund = store.refunds.get(refundId);
  if (refund?.status !== 'pending') throw new Error(`fake stripe: refund ${refundId} is not pending`);
  refund.status = outcome;
  if (outcome === 'failed') refund.failure_reason = 'declined';
  const charge = store.ref(store.charges, refund.charge)!;
  updateRefunded(store, charge);
  const events: EventSpec[] = [['refund.updated', refund]];
  if (outcome === 'succeeded') events.push(['charge.refunded', charge]);
  store.publish(events);
  return refund;
}

/** The buyer's bank disputes the charge (test card …0259): `charge.dispute.created`. */
export function openDispute(store: FakeStore, charge: FakeCharge): FakeDispute {
  const dispute: FakeDispute = {
    id: store.newId('dp'),
    object: 'dispute',
    amount: charge.amount_captured,
    charge: charge.id,
    created: store.now(),
    currency: charge.currency,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason: 'fraudulent',
    status: 'needs_response',
    evidence_details: { due_by: store.now() + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 },
  };
  store.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  store.publish([['charge.dispute.created', dispute]]);
  return dispute;
}

/** Test control: the dispute moves on; `won` and `lost` close it. */
export function updateDispute(store: FakeStore, disputeId: string, status: Stripe.Dispute.Status): FakeDispute {
  const dispute = store.disputes.get(disputeId);
  if (!dispute) throw new Error(`fake stripe: no dispute ${disputeId}`);
  dispute.status = status;
  const closed = status === 'won' || status === 'lost';
  store.publish([[closed ? 'charge.dispute.closed' : 'charge.dispute.updated', dispute]]);
  return dispute;
}
