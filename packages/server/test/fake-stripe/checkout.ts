import { findTestCard } from './cards.js';
import {
  customerObject,
  paymentIntentObject,
  paymentMethodObject,
  setupIntentObject,
  type EventSpec,
  type FakeLineItem,
  type FakePaymentIntent,
  type FakeSession,
  type FakeSetupIntent,
} from './objects.js';
import { badParam, invalidRequest, type Params } from './params.js';
import { cancelIntent, chargeCard, openDispute } from './payments.js';
import type { FakeStore, SessionPlan } from './state.js';

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

function url(p: Params, key: string, required: boolean): string | undefined {
  const value = p.str(key, { required });
  if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value)) throw badParam(key, 'Not a valid URL');
  return value;
}

function readLines(store: FakeStore, p: Params): FakeLineItem[] {
  return p.objects('line_items').map((line) => {
    const quantity = line.int('quantity', { required: true, min: 1 });
    const priceData = line.object('price_data');
    if (!priceData) throw badParam(line.name('price_data'), `Missing required param: ${line.name('price_data')}.`);
    const currency = priceData.str('currency', { required: true }).toLowerCase();
    const unitAmount = priceData.int('unit_amount', { required: true, min: 0 });
    const product = priceData.object('product_data');
    if (!product)
      throw badParam(priceData.name('product_data'), `Missing required param: ${priceData.name('product_data')}.`);
    const name = product.str('name', { required: true });
    product.str('description');
    product.strings('images');
    product.metadata();
    const created = store.now();
    return {
      id: store.newId('li'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: unitAmount * quantity,
      amount_tax: 0,
      amount_total: unitAmount * quantity,
      currency,
      description: name,
      metadata: {},
      quantity,
      price: {
        id: store.newId('price'),
        object: 'price',
        active: false,
        billing_scheme: 'per_unit',
        created,
        currency,
        livemode: false,
        metadata: {},
        nickname: null,
        product: store.newId('prod'),
        recurring: null,
        type: 'one_time',
        unit_amount: unitAmount,
      },
    };
  });
}

/** `POST /v1/checkout/sessions` in `payment` or `setup` mode with inline `price_data`, the way Plaza calls it. */
export function createSession(store: FakeStore, p: Params, baseUrl: string): FakeSession {
  const mode = p.oneOf('mode', ['payment', 'setup'], { required: true });
  const successUrl = url(p, 'success_url', true)!;
  const cancelUrl = url(p, 'cancel_url', false) ?? null;
  const lines = readLines(store, p);
  const currency = p.str('currency')?.toLowerCase();
  const customerEmail = p.str('customer_email') ?? null;
  const customer = p.str('customer') ?? null;
  const customerCreation = p.oneOf('customer_creation', ['always', 'if_required']) ?? null;
  const clientReferenceId = p.str('client_reference_id', { max: 200 }) ?? null;
  const metadata = p.metadata() ?? {};
  const expiresAt = p.int('expires_at');
  p.strings('payment_method_types');
  const intentData = p.object('payment_intent_data');
  const intent: SessionPlan['intent'] = {
    captureMethod: intentData?.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']) ?? 'automatic_async',
    metadata: intentData?.metadata() ?? {},
    setupFutureUsage: intentData?.oneOf('setup_future_usage', ['on_session', 'off_session']) ?? null,
    description: intentData?.str('description') ?? null,
  };
  const setupData = p.object('setup_intent_data');
  const setupMetadata = setupData?.metadata() ?? {};
  const setupDescription = setupData?.str('description') ?? null;
  p.rejectUnknown();

  if (customer && customerEmail) {
    throw badParam('customer', 'You may only specify one of these parameters: customer, customer_email.');
  }
  if (customer) store.get(store.customers, 'customer', customer, 'customer');
  if (customer && customerCreation) {
    throw badParam('customer_creation', 'You may only specify one of these parameters: customer, customer_creation.');
  }
  const sessionCurrency = mode === 'payment' ? checkPaymentMode(lines, currency, setupData !== undefined) : currency;
  if (mode === 'setup') checkSetupMode(lines, currency, intentData !== undefined, customerCreation);
  const now = store.now();
  if (expiresAt !== undefined && (expiresAt < now + MIN_EXPIRY_S || expiresAt > now + MAX_EXPIRY_S)) {
    throw badParam('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.');
  }

  const id = store.newId('cs_test');
  const total = lines.reduce((sum, l) => sum + l.amount_total, 0);
  const session: FakeSession = {
    id,
    object: 'checkout.session',
    url: `${baseUrl}/pay/${id}`,
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    amount_subtotal: mode === 'setup' ? null : total,
    amount_total: mode === 'setup' ? null : total,
    currency: sessionCurrency ?? null,
    mode,
    metadata,
    client_reference_id: clientReferenceId,
    customer,
    customer_email: customerEmail,
    customer_creation: customerCreation ?? (mode === 'payment' ? 'if_required' : null),
    customer_details: null,
    payment_intent: null,
    setup_intent: null,
    success_url: successUrl,
    cancel_url: cancelUrl,
    expires_at: expiresAt ?? now + MAX_EXPIRY_S,
    created: now,
    livemode: false,
    payment_method_types: ['card'],
  };
  if (mode === 'setup') {
    const si = setupIntentObject(store.newId('seti'), now, {
      customer,
      metadata: setupMetadata,
      description: setupDescription,
    });
    store.setupIntents.set(si.id, si);
    session.setup_intent = si.id;
  }
  store.sessions.set(id, session);
  store.sessionPlans.set(id, { lines, intent });
  return session;
}

function checkPaymentMode(lines: FakeLineItem[], currency: string | undefined, hasSetupData: boolean): string {
  if (lines.length === 0) throw badParam('line_items', 'line_items is required in payment mode.');
  const lineCurrency = lines[0]!.currency;
  if (lines.some((l) => l.currency !== lineCurrency)) {
    throw badParam('line_items', 'All line items must have the same currency.');
  }
  if (currency && currency !== lineCurrency) {
    throw badParam('currency', `currency (${currency}) must match the line items' currency (${lineCurrency}).`);
  }
  if (hasSetupData) throw badParam('setup_intent_data', 'setup_intent_data can only be used in setup mode.');
  return lineCurrency;
}

function checkSetupMode(
  lines: FakeLineItem[],
  currency: string | undefined,
  hasIntentData: boolean,
  creation: unknown,
) {
  if (lines.length > 0) throw badParam('line_items', 'You cannot pass line_items in setup mode.');
  if (!currency) throw badParam('currency', 'Missing required param: currency.');
  if (hasIntentData) throw badParam('payment_intent_data', 'payment_intent_data can only be used in payment mode.');
  if (creation) throw badParam('customer_creation', 'customer_creation can only be used in payment mode.');
}

/** A session past its `expires_at` expires when next looked at (Stripe does it in the background). */
export function session(store: FakeStore, id: string): FakeSession {
  const found = store.get(store.sessions, 'checkout.session', id);
  if (found.status === 'open' && store.now() >= found.expires_at) expire(store, found);
  return found;
}

export function expireSession(store: FakeStore, s: FakeSession): FakeSession {
  if (s.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ` +
        `"${s.status}".`,
    );
  }
  expire(store, s);
  return s;
}

function expire(store: FakeStore, s: FakeSession): void {
  s.status = 'expired';
  store.publish([['checkout.session.expired', s]]);
  const pi = s.payment_intent ? store.ref(store.paymentIntents, s.payment_intent) : undefined;
  if (pi?.status === 'requires_payment_method') cancelIntent(store, pi, 'abandoned');
}

export type PayOutcome = { ok: true; redirect: string } | { ok: false; status: number; message: string };

/** The buyer submits a card on the hosted page (or `fake.pay`): the session is paid, saved, or declined. */
export function paySession(
  store: FakeStore,
  sessionId: string,
  input: { card?: string; email?: string; name?: string },
): PayOutcome {
  const s = store.sessions.get(sessionId) ? session(store, sessionId) : undefined;
  if (!s) return { ok: false, status: 404, message: 'This Checkout Session does not exist.' };
  if (s.status !== 'open') return { ok: false, status: 410, message: `This Checkout Session is ${s.status}.` };
  const card = findTestCard(input.card ?? '4242424242424242');
  if (!card) return { ok: false, status: 400, message: 'Your card number is incorrect.' };
  const email = input.email ?? s.customer_email ?? store.ref(store.customers, s.customer)?.email ?? null;
  const name = input.name ?? null;
  const pm = paymentMethodObject(store.newId('pm'), store.now(), card, { email, name });
  store.paymentMethods.set(pm.id, pm);
  store.cards.set(pm.id, card);
  const plan = store.sessionPlans.get(s.id)!;
  const saves = s.mode === 'setup' || plan.intent.setupFutureUsage !== null;
  const events: EventSpec[] = [];

  if (s.mode === 'setup' && card.decline && !card.savable) {
    const si = store.ref(store.setupIntents, s.setup_intent)!;
    si.last_setup_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: card.decline.code,
      message: card.decline.message,
    };
    return { ok: false, status: 402, message: card.decline.message };
  }
  let pi: FakePaymentIntent | undefined;
  if (s.mode === 'payment') {
    pi = intentFor(store, s, plan);
    const refusal = chargeCard(store, pi, pm, 'buyer_present', events);
    if (refusal) {
      store.publish(events);
      return { ok: false, status: 402, message: refusal.message };
    }
  }
  const wantsCustomer = saves || s.customer_creation === 'always';
  const customer = typeof s.customer === 'string' ? s.customer : wantsCustomer ? newCustomer(store, email, name) : null;
  if (saves && customer) pm.customer = customer;
  if (pi) {
    pi.customer = customer;
    store.ref(store.charges, pi.latest_charge)!.customer = customer;
  }
  completeSession(store, s, { customer, email, name, pmId: pm.id });
  store.publish([['checkout.session.completed', s], ...events]);
  if (pi && card.disputes) openDispute(store, store.ref(store.charges, pi.latest_charge)!);
  return { ok: true, redirect: (s.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', s.id) };
}

/** The session's PaymentIntent: made on the first attempt and reused after a decline, as Checkout does. */
function intentFor(store: FakeStore, s: FakeSession, plan: SessionPlan): FakePaymentIntent {
  const existing = s.payment_intent ? store.ref(store.paymentIntents, s.payment_intent) : undefined;
  if (existing) return existing;
  const pi = paymentIntentObject(store.newId('pi'), store.now(), {
    amount: s.amount_total ?? 0,
    currency: s.currency ?? 'usd',
    customer: typeof s.customer === 'string' ? s.customer : null,
    captureMethod: plan.intent.captureMethod,
    metadata: plan.intent.metadata,
    description: plan.intent.description,
    setupFutureUsage: plan.intent.setupFutureUsage,
    paymentMethod: null,
  });
  store.paymentIntents.set(pi.id, pi);
  s.payment_intent = pi.id;
  return pi;
}

function newCustomer(store: FakeStore, email: string | null, name: string | null): string {
  const customer = customerObject(store.newId('cus'), store.now(), { email, name, description: null, metadata: {} });
  store.customers.set(customer.id, customer);
  return customer.id;
}

function completeSession(
  store: FakeStore,
  s: FakeSession,
  paid: { customer: string | null; email: string | null; name: string | null; pmId: string },
): void {
  if (s.mode === 'setup') {
    const si = store.ref(store.setupIntents, s.setup_intent)!;
    Object.assign(si, {
      status: 'succeeded',
      payment_method: paid.pmId,
      customer: paid.customer,
      last_setup_error: null,
    } satisfies Partial<FakeSetupIntent>);
  }
  Object.assign(s, {
    status: 'complete',
    payment_status: s.mode === 'setup' ? 'no_payment_required' : 'paid',
    customer: paid.customer,
    customer_details: {
      address: null,
      business_name: null,
      email: paid.email,
      individual_name: null,
      name: paid.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
  } satisfies Partial<FakeSession>);
}
