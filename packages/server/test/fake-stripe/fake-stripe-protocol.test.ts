import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientFor,
  idOf,
  paymentSession,
  rejection,
  startHarness,
  startReceiver,
  verifiedEvents,
  type Receiver,
} from './harness.js';
import { startFakeStripe, type FakeStripe } from './index.js';

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
beforeEach(async () => {
  await fake.settled();
  Object.assign(fake.webhooks, { deliver: true, delayMs: 0, order: 'natural' });
  fake.setWebhookUrl(receiver.url);
  receiver.received.length = 0;
  receiver.status = 200;
});

describe('authentication', () => {
  it('answers the account for a known key', async () => {
    const account = await stripe.accounts.retrieveCurrent();
    expect(account).toMatchObject({ object: 'account', charges_enabled: true, country: 'US', default_currency: 'usd' });
    expect(account.id).toMatch(/^acct_/);
    expect(account.settings?.dashboard.display_name).toBe(account.business_profile?.name);
  });

  it('refuses an unknown key with a masked message, as StripeAuthenticationError', async () => {
    const err = await rejection(() => clientFor(fake, 'sk_test_wrongkey1234').accounts.retrieveCurrent());
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err.message).toBe('Invalid API Key provided: sk_test_****1234');
  });

  it('accepts every configured key', async () => {
    const rotating = await startFakeStripe({ secretKeys: ['sk_test_old_0001', 'sk_test_new_0002'] });
    try {
      for (const key of ['sk_test_old_0001', 'sk_test_new_0002']) {
        expect((await clientFor(rotating, key).accounts.retrieveCurrent()).object).toBe('account');
      }
      expect(rotating.secretKey).toBe('sk_test_old_0001');
    } finally {
      await rotating.close();
    }
  });
});

describe('idempotency', () => {
  it('replays the stored answer for a repeated key and acts once', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'cust-a' });
    const again = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'cust-a' });
    expect(again.id).toBe(first.id);
    expect(fake.store.customers.size).toBe(1);
    const calls = fake.calls.filter((c) => c.idempotencyKey === 'cust-a');
    expect(calls.map((c) => c.replayed)).toEqual([false, true]);
    expect(calls[0]?.params).toEqual({ email: 'a@example.com' });

    const changed = await rejection(() =>
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'cust-a' }),
    );
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('acts once when the same key arrives concurrently', async () => {
    const created = await Promise.all(
      Array.from({ length: 5 }, () =>
        stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: 'cust-race' }),
      ),
    );
    expect(new Set(created.map((c) => c.id)).size).toBe(1);
    expect([...fake.store.customers.values()].filter((c) => c.email === 'race@example.com')).toHaveLength(1);
  });

  it('replays a card error without charging again', async () => {
    const customer = await stripe.customers.create({});
    const session = await paymentSession(stripe, {
      customer: customer.id,
      payment_intent_data: { setup_future_usage: 'off_session' },
    });
    await fake.pay(session.id, { card: '4000002500003155' });
    const pm = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] }))
      .payment_intent as Stripe.PaymentIntent;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 700,
      currency: 'usd',
      customer: customer.id,
      payment_method: idOf(pm.payment_method),
      off_session: true,
      confirm: true,
    };
    const errors = [
      await rejection(() => stripe.paymentIntents.create(params, { idempotencyKey: 'renewal-7' })),
      await rejection(() => stripe.paymentIntents.create(params, { idempotencyKey: 'renewal-7' })),
    ] as Stripe.errors.StripeCardError[];
    expect(errors.map((e) => e.code)).toEqual(['authentication_required', 'authentication_required']);
    expect(errors[1]?.payment_intent?.id).toBe(errors[0]?.payment_intent?.id);
    const failures = fake.events.filter(
      (e) => e.type === 'payment_intent.payment_failed' && e.request?.idempotency_key === 'renewal-7',
    );
    expect(failures).toHaveLength(1);
  });

  it('sees a key on every mutating call the stripe package makes', () => {
    const posts = fake.calls.filter((c) => c.method === 'POST');
    expect(posts.length).toBeGreaterThan(3);
    expect(posts.every((c) => typeof c.idempotencyKey === 'string' && c.idempotencyKey.length > 0)).toBe(true);
  });
});

describe('webhooks', () => {
  it('delivers signed events that the stripe package verifies', async () => {
    const session = await paymentSession(stripe);
    await fake.pay(session.id);
    const events = await verifiedEvents(fake, receiver);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
    expect(events[0]).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect((events[0]?.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    expect(fake.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
  });

  it('can deliver one state change in reverse order, after a delay', async () => {
    Object.assign(fake.webhooks, { order: 'reversed', delayMs: 50 });
    const session = await paymentSession(stripe);
    await fake.pay(session.id);
    expect(receiver.received).toHaveLength(0);
    const types = (await verifiedEvents(fake, receiver)).map((e) => e.type);
    expect(types).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
  });

  it('records failed deliveries without retrying, and resends on request', async () => {
    receiver.status = 500;
    const session = await paymentSession(stripe);
    await fake.pay(session.id);
    await fake.settled();
    const failed = fake.deliveries.slice(-2);
    expect(failed.map((d) => d.status)).toEqual([500, 500]);
    expect(receiver.received).toHaveLength(2);
    receiver.status = 200;
    expect(await fake.resend(failed[0]!.eventId)).toBe(200);
    expect(receiver.received).toHaveLength(3);
  });

  it('records events but sends nothing while delivery is off', async () => {
    fake.webhooks.deliver = false;
    const session = await paymentSession(stripe);
    await fake.pay(session.id);
    expect(await verifiedEvents(fake, receiver)).toEqual([]);
    expect(fake.events.at(-2)?.type).toBe('checkout.session.completed');
  });

  it('gives signed bodies that fail verification when stale or signed with another secret', () => {
    const event = fake.events.at(-1)!;
    const fresh = fake.signedDelivery(event.id);
    expect(Stripe.webhooks.constructEvent(fresh.body, fresh.signature, fake.webhookSecret).id).toBe(event.id);
    const stale = fake.signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => Stripe.webhooks.constructEvent(stale.body, stale.signature, fake.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const forged = fake.signedDelivery(event, { secret: 'whsec_other' });
    expect(() => Stripe.webhooks.constructEvent(forged.body, forged.signature, fake.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('counts a refused connection as status 0', async () => {
    const gone = await startReceiver();
    await gone.close();
    fake.setWebhookUrl(gone.url);
    await fake.pay((await paymentSession(stripe)).id);
    await fake.settled();
    expect(fake.deliveries.slice(-2).map((d) => d.status)).toEqual([0, 0]);
  });
});

describe('events and errors', () => {
  it('lists events newest first and retrieves one', async () => {
    const listed = await stripe.events.list({ limit: 3 });
    expect(listed.data).toHaveLength(3);
    expect(listed.has_more).toBe(true);
    expect(listed.data.map((e) => e.id)).toEqual(
      fake.events
        .slice(-3)
        .reverse()
        .map((e) => e.id),
    );
    const one = await stripe.events.retrieve(listed.data[1]!.id);
    expect(one).toEqual(listed.data[1]);
    const next = await stripe.events.list({ limit: 1, starting_after: listed.data[2]!.id });
    expect(next.data[0]?.id).toBe(fake.events.at(-4)?.id);
  });

  it('answers an unknown URL with Stripe’s 404', async () => {
    const err = await rejection(() => stripe.rawRequest('GET', '/v1/nothing_here'));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/nothing_here\)/);
  });

  it('refuses to expand a field that is not expandable', async () => {
    const session = await paymentSession(stripe);
    const err = await rejection(() => stripe.checkout.sessions.retrieve(session.id, { expand: ['status'] }));
    expect(err.message).toBe('This property cannot be expanded (status).');
  });
});
