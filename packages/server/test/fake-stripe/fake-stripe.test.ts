import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientFor,
  idOf,
  paymentSession,
  rejection,
  startHarness,
  submitPayPage,
  verifiedEvents,
  type Receiver,
} from './harness.js';
import { startFakeStripe, TEST_CARDS, type FakeStripe } from './index.js';

let fake: FakeStripe;
let receiver: Receiver;
let stripe: Stripe;

beforeAll(async () => {
  ({ fake, receiver, stripe } = await startHarness());
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(() => {
  fake.refundsPending = false;
});

const typesAbout = async (id: string) =>
  (await verifiedEvents(fake, receiver)).filter((e) => JSON.stringify(e.data.object).includes(id)).map((e) => e.type);

async function paidIntent(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, card = TEST_CARDS.visa.number) {
  const session = await paymentSession(stripe, extra);
  expect((await submitPayPage(session, card)).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
  return paid.payment_intent as Stripe.PaymentIntent;
}

describe('hosted Checkout', () => {
  it('creates an open session, shows it on the hosted page, and pays it with the test card', async () => {
    const session = await paymentSession(stripe, {
      client_reference_id: 'order-1',
      metadata: { orderId: 'order-1' },
      payment_intent_data: { metadata: { orderId: 'order-1' } },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5000,
      currency: 'usd',
      payment_intent: null,
      client_reference_id: 'order-1',
      metadata: { orderId: 'order-1' },
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);

    const page = await fetch(session.url!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('$50.00');
    expect(html).toContain('Tea &#60;Earl Grey&#62;');
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toContain('href="https://shop.example/cart">Back');

    const res = await submitPayPage(session, '4242 4242 4242 4242');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`https://shop.example/thanks?session=${session.id}`);

    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.latest_charge', 'payment_intent.payment_method'],
    });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(paid.customer_details?.email).toBe('buyer@example.com');
    const pi = paid.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 5000,
      amount_received: 5000,
      metadata: { orderId: 'order-1' },
    });
    expect((pi.latest_charge as Stripe.Charge).payment_method_details?.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    expect((pi.payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242' });

    const unexpanded = await stripe.checkout.sessions.retrieve(session.id);
    expect(unexpanded.payment_intent).toBe(pi.id);
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data.map((l) => [l.description, l.quantity, l.amount_total])).toEqual([
      ['Mug', 2, 2400],
      ['Tea <Earl Grey>', 1, 2600],
    ]);
    expect(await typesAbout(session.id)).toEqual(['checkout.session.completed']);
    expect(await typesAbout(pi.id)).toContain('payment_intent.succeeded');
  });

  it('keeps the session open on a declined card, then pays the same PaymentIntent', async () => {
    const session = await paymentSession(stripe);
    const mistyped = await submitPayPage(session, '4242 4242 4242 4241');
    expect(mistyped.status).toBe(400);
    expect(await mistyped.text()).toContain('Your card number is incorrect.');
    const declined = await submitPayPage(session, TEST_CARDS.declined.number);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const open = await stripe.checkout.sessions.retrieve(session.id);
    expect(open.status).toBe('open');
    const failedPi = idOf(open.payment_intent);
    expect(await typesAbout(failedPi)).toEqual(['payment_intent.payment_failed']);

    expect(await fake.pay(session.id)).toBe(`https://shop.example/thanks?session=${session.id}`);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_intent: failedPi });
    await expect(fake.pay(session.id)).rejects.toThrow(/complete/);
  });

  it('saves a card in setup mode and attaches it to a new customer', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'eur',
      success_url: 'https://shop.example/saved',
      setup_intent_data: { metadata: { purpose: 'subscription' } },
    });
    expect(session).toMatchObject({ payment_status: 'no_payment_required', amount_total: null });
    expect(await (await fetch(session.url!)).text()).toContain('Save card');
    expect((await submitPayPage(session, TEST_CARDS.mastercard.number)).headers.get('location')).toBe(
      'https://shop.example/saved',
    );
    const saved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent.payment_method'] });
    const si = saved.setup_intent as Stripe.SetupIntent;
    const pm = si.payment_method as Stripe.PaymentMethod;
    expect(si).toMatchObject({ status: 'succeeded', metadata: { purpose: 'subscription' } });
    expect(pm.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(saved.customer).toMatch(/^cus_/);
    expect(pm.customer).toBe(saved.customer);
  });

  it('expires an open session once, and the page says so', async () => {
    const session = await paymentSession(stripe);
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    const again = await rejection(() => stripe.checkout.sessions.expire(session.id));
    expect(again).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
    expect((await fetch(session.url!)).status).toBe(410);
    expect(await typesAbout(session.id)).toEqual(['checkout.session.expired']);
  });

  it('expires a session once the clock passes its expires_at', async () => {
    let nowMs = Date.now();
    const timed = await startFakeStripe({ now: () => nowMs });
    try {
      const client = clientFor(timed, timed.secretKey);
      const session = await paymentSession(client, { expires_at: Math.floor(nowMs / 1000) + 3600 });
      expect((await client.checkout.sessions.retrieve(session.id)).status).toBe('open');
      nowMs += 3600_000;
      expect((await client.checkout.sessions.retrieve(session.id)).status).toBe('expired');
      expect(timed.events.map((e) => e.type)).toEqual(['checkout.session.expired']);
      const tooSoon = await rejection(() => paymentSession(client, { expires_at: Math.floor(nowMs / 1000) + 60 }));
      expect(tooSoon).toMatchObject({ param: 'expires_at' });
    } finally {
      await timed.close();
    }
  });

  it('refuses parameters Stripe would refuse, naming the parameter', async () => {
    const unknown = await rejection(() =>
      paymentSession(stripe, { client_reference: 'typo' } as Partial<Stripe.Checkout.SessionCreateParams>),
    );
    expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', param: 'client_reference' });
    expect(unknown.message).toBe('Received unknown parameter: client_reference');
    const missing = await rejection(() =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        success_url: 'https://shop.example/ok',
        line_items: [{ price_data: { currency: 'usd', product_data: { name: 'x' } }, quantity: 1 }],
      }),
    );
    expect(missing).toMatchObject({ param: 'line_items[0][price_data][unit_amount]' });
    const badExpand = await rejection(() => stripe.checkout.sessions.retrieve('cs_test_nope'));
    expect(badExpand).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('captures and refunds', () => {
  it('captures part of a manual authorization once and releases the rest', async () => {
    const pi = await paidIntent({ payment_intent_data: { capture_method: 'manual' } });
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 5000, amount_received: 0 });
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 3000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 3000, amount_capturable: 0 });
    const charge = await stripe.charges.retrieve(idOf(captured.latest_charge));
    expect(charge).toMatchObject({ amount_captured: 3000, amount_refunded: 2000, captured: true });
    const twice = await rejection(() => stripe.paymentIntents.capture(pi.id));
    expect(twice).toMatchObject({ type: 'StripeInvalidRequestError', code: 'payment_intent_unexpected_state' });
    expect(await typesAbout(pi.id)).toEqual([
      'checkout.session.completed',
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]);
  });

  it('cancels an authorization but not a succeeded payment', async () => {
    const held = await paidIntent({ payment_intent_data: { capture_method: 'manual' } });
    expect((await stripe.paymentIntents.cancel(held.id)).status).toBe('canceled');
    const done = await paidIntent();
    const refused = await rejection(() => stripe.paymentIntents.cancel(done.id));
    expect(refused).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('refunds part, refuses more than is left in Stripe words, then refunds the rest', async () => {
    const pi = await paidIntent();
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 2000, metadata: { why: 'damaged' } });
    expect(part).toMatchObject({ object: 'refund', status: 'succeeded', amount: 2000, payment_intent: pi.id });
    const over = await rejection(() => stripe.refunds.create({ payment_intent: pi.id, amount: 5000 }));
    expect(over).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
    expect(over.message).toBe('Refund amount ($50.00) is greater than unrefunded amount on charge ($30.00)');
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(3000);
    expect(await stripe.refunds.retrieve(rest.id)).toMatchObject({ id: rest.id, status: 'succeeded' });
    const charge = await stripe.charges.retrieve(idOf(pi.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 5000, refunded: true });
    const more = await rejection(() => stripe.refunds.create({ payment_intent: pi.id }));
    expect(more).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('holds refunds pending until the test settles them', async () => {
    fake.refundsPending = true;
    const pi = await paidIntent();
    const failing = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 });
    const passing = await stripe.refunds.create({ payment_intent: pi.id, amount: 4000 });
    expect([failing.status, passing.status]).toEqual(['pending', 'pending']);
    expect(await typesAbout(failing.id)).toEqual([]);
    fake.settleRefund(failing.id, 'failed');
    fake.settleRefund(passing.id, 'succeeded');
    expect(await stripe.refunds.retrieve(failing.id)).toMatchObject({ status: 'failed', failure_reason: 'declined' });
    expect(await typesAbout(passing.id)).toEqual(['refund.updated']);
    const charge = await stripe.charges.retrieve(idOf(pi.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 4000, refunded: false });
    expect(
      (await verifiedEvents(fake, receiver)).filter((e) => e.type === 'charge.refunded').at(-1)?.data.object,
    ).toMatchObject({
      id: charge.id,
      amount_refunded: 4000,
    });
    // The failed refund's money can be refunded again.
    expect((await stripe.refunds.create({ payment_intent: pi.id })).amount).toBe(1000);
  });

  it('opens a dispute for the …0259 card, moves it on, and blocks refunds', async () => {
    const pi = await paidIntent({}, TEST_CARDS.disputed.number);
    const created = (await verifiedEvents(fake, receiver)).find(
      (e) => e.type === 'charge.dispute.created' && e.data.object.payment_intent === pi.id,
    );
    const dispute = created?.data.object as Stripe.Dispute;
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amount: 5000 });
    expect(dispute.id).toMatch(/^dp_/);
    const refused = await rejection(() => stripe.refunds.create({ payment_intent: pi.id }));
    expect(refused).toMatchObject({ code: 'charge_disputed' });
    fake.updateDispute(dispute.id, 'under_review');
    fake.updateDispute(dispute.id, 'lost');
    expect(await typesAbout(dispute.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.updated',
      'charge.dispute.closed',
    ]);
  });
});

describe('off-session payments with a saved card', () => {
  async function savedCard(card: string) {
    const session = await paymentSession(stripe, { payment_intent_data: { setup_future_usage: 'off_session' } });
    await fake.pay(session.id, { card });
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const pm = await stripe.paymentMethods.retrieve(idOf((paid.payment_intent as Stripe.PaymentIntent).payment_method));
    expect(pm.customer).toBe(paid.customer);
    return { customer: idOf(paid.customer), paymentMethod: pm.id };
  }

  it('charges a saved card off-session', async () => {
    const saved = await savedCard(TEST_CARDS.visa.number);
    const pi = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: saved.customer,
      payment_method: saved.paymentMethod,
      off_session: true,
      confirm: true,
      metadata: { renewal: '2' },
    });
    expect(pi).toMatchObject({ status: 'succeeded', amount_received: 1500, metadata: { renewal: '2' } });
  });

  it('answers authentication_required for the …3155 card', async () => {
    const saved = await savedCard(TEST_CARDS.authenticationRequired.number);
    const err = await rejection(() =>
      stripe.paymentIntents.create({
        amount: 1500,
        currency: 'usd',
        customer: saved.customer,
        payment_method: saved.paymentMethod,
        off_session: true,
        confirm: true,
      }),
    );
    expect(err).toBeInstanceOf(stripe.errors.StripeCardError);
    const cardError = err as Stripe.errors.StripeCardError;
    expect(cardError.code).toBe('authentication_required');
    expect(cardError.payment_intent?.status).toBe('requires_payment_method');
    expect(await typesAbout(idOf(cardError.payment_intent))).toEqual(['payment_intent.payment_failed']);
  });

  it('answers card_declined for a saved card the issuer declines', async () => {
    const customer = await stripe.customers.create({ email: 'saver@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      customer: customer.id,
      success_url: 'https://shop.example/saved',
    });
    await fake.pay(session.id, { card: TEST_CARDS.declinesAfterSaving.number });
    const si = await stripe.setupIntents.retrieve(idOf(session.setup_intent));
    const err = await rejection(() =>
      stripe.paymentIntents.create({
        amount: 900,
        currency: 'usd',
        customer: customer.id,
        payment_method: idOf(si.payment_method),
        off_session: true,
        confirm: true,
      }),
    );
    expect(err).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
    const pi = (err as Stripe.errors.StripeCardError).payment_intent;
    expect(pi?.last_payment_error).toMatchObject({ code: 'card_declined' });
    expect((await stripe.charges.retrieve(idOf(pi?.latest_charge))).status).toBe('failed');
  });

  it('refuses a card that was used without being saved', async () => {
    const pi = await paidIntent();
    const err = await rejection(() =>
      stripe.paymentIntents.create({
        amount: 100,
        currency: 'usd',
        payment_method: idOf(pi.payment_method),
        off_session: true,
        confirm: true,
      }),
    );
    expect(err).toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_method' });
  });
});
