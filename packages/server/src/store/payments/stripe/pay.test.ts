import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderTransactionsResponse, Product } from '@plaza/contracts';
import { appCode, call } from '../../../../test/http.js';
import { createProduct } from '../../catalog/testing.js';
import { newCheckout, ref } from '../../checkout/testing.js';
import { orderPayments } from '../../orders/tables.js';
import { cardToken, checkoutFor, placeAndCharge } from '../../orders/testing.js';
import { stripeEvents, stripeSessions } from './tables.js';
import { complete, connect, eventually, ordersOf, stripeCheckout, stripeSuite } from './testing.js';

const { srv, c, stripe } = stripeSuite();
let mug: Product;

beforeAll(async () => {
  await connect(srv, c.owner, stripe.fake);
  mug = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    inventory: { trackQuantity: true, quantity: 1000 },
  });
});

const sessionRow = async (id: string) =>
  (await srv.database.db.select().from(stripeSessions).where(eq(stripeSessions.id, id)))[0]!;

describe('paying on Stripe’s page', () => {
  it('makes a session for what is due now, keyed by our transaction id', async () => {
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug, 2);
    expect(session.url).toBe(`${stripe.fake.url}/pay/${session.sessionId}`);
    const made = stripe.fake.store.sessions.get(session.sessionId)!;
    const row = await sessionRow(session.sessionId);
    expect(made.amount_total).toBe(4000);
    expect(made.currency).toBe(checkout.currency.toLowerCase());
    expect(made.customer_email).toBe('buyer@example.com');
    expect(made.client_reference_id).toBe(checkout.id);
    expect(made.metadata).toMatchObject({ plaza_checkout_id: checkout.id, plaza_payment_id: row.paymentId });
    expect(made.success_url).toBe(`${srv.url}/checkout/${checkout.id}/paid?session_id={CHECKOUT_SESSION_ID}`);
    expect(made.cancel_url).toBe(`${srv.url}/checkout/${checkout.id}`);
    const creation = stripe.fake.calls.find(
      (k) =>
        k.path === '/v1/checkout/sessions' &&
        k.method === 'POST' &&
        !k.replayed &&
        k.status === 200 &&
        (k.params as { metadata?: { plaza_payment_id?: string } }).metadata?.plaza_payment_id === row.paymentId,
    )!;
    expect(creation.idempotencyKey).toBe(`plaza-session-${row.paymentId}`);
    expect(row).toMatchObject({ status: 'OPEN', amountMinor: 4000n, checkoutId: checkout.id });
  });

  it('pay → one order, placed by the webhook; the return answers the same order', async () => {
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug);
    const row = await sessionRow(session.sessionId);
    await stripe.fake.pay(session.sessionId);
    const placed = await eventually(
      () => ordersOf(srv, checkout.id),
      (o) => o.length === 1,
    );
    expect(placed).toHaveLength(1);
    const back = await complete(srv, c.visitor, checkout.id, session.sessionId);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.orderId).toBe(placed[0]!.id);
    const order = back.body.order;
    expect(order.number).toBe(String(row.orderNumber));
    expect(order.paymentStatus).toBe('PAID');
    const [payment] = await srv.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(payment).toMatchObject({ id: row.paymentId, provider: 'STRIPE', status: 'APPROVED', liveMode: false });
    expect(payment!.providerTransactionId).toMatch(/^pi_/);
    expect(payment!.card).toEqual({ brand: 'Visa', lastFourDigits: '4242' });
    expect((await sessionRow(session.sessionId)).status).toBe('PLACED');
    const wire = await call<OrderTransactionsResponse>(srv.url, 'GET', `/ecom/v1/orders/${order.id}/transactions`, {
      auth: c.owner,
    });
    expect(wire.body.orderTransactions.payments[0]!.regularPaymentDetails?.paymentProvider).toEqual({
      id: 'STRIPE',
      liveMode: false,
    });
  });

  it('the buyer’s return and Stripe’s webhooks racing (20 at once) make one order', async () => {
    stripe.fake.webhooks.deliver = false;
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug);
    await stripe.fake.pay(session.sessionId);
    stripe.fake.webhooks.deliver = true;
    const paidEvents = stripe.fake.events.filter(
      (e) => JSON.stringify(e.data.object).includes(session.sessionId) || e.type.startsWith('payment_intent'),
    );
    const results = await Promise.all([
      ...Array.from({ length: 16 }, () => complete(srv, c.visitor, checkout.id, session.sessionId)),
      ...paidEvents.slice(-4).map((e) => stripe.fake.resend(e.id)),
    ]);
    const answers = results.filter((r): r is Awaited<ReturnType<typeof complete>> => typeof r === 'object');
    const ids = new Set(answers.map((a) => (a.status === 200 ? a.body.orderId : `status ${a.status}`)));
    expect([...ids]).toHaveLength(1);
    expect(await ordersOf(srv, checkout.id)).toHaveLength(1);
    const payments = await srv.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, [...ids][0]!));
    expect(payments).toHaveLength(1);
    // Stripe was never asked to give anything back.
    expect(stripe.fake.calls.filter((k) => k.path === '/v1/refunds' || k.path.endsWith('/cancel'))).toEqual([]);
  });

  it('a buyer who cancels comes back to their checkout, unchanged, with no order', async () => {
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug);
    const back = await complete(srv, c.visitor, checkout.id, session.sessionId);
    expect(back.status).toBe(409);
    expect(appCode(back.body)).toBe('STRIPE_PAYMENT_NOT_FINISHED');
    const again = await call<{ checkout: { completed: boolean; lineItems: unknown[] } }>(
      srv.url,
      'GET',
      `/ecom/v1/checkouts/${checkout.id}`,
      { auth: c.visitor },
    );
    expect(again.body.checkout.completed).toBe(false);
    expect(again.body.checkout.lineItems).toHaveLength(1);
    expect(await ordersOf(srv, checkout.id)).toEqual([]);
    expect((await sessionRow(session.sessionId)).status).toBe('OPEN');
  });

  it('a declined card leaves the session open and makes no order', async () => {
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug);
    await stripe.fake.pay(session.sessionId, { card: '4000000000000002' }).catch(() => undefined);
    await stripe.fake.settled();
    expect(await ordersOf(srv, checkout.id)).toEqual([]);
    expect(appCode((await complete(srv, c.visitor, checkout.id, session.sessionId)).body)).toBe(
      'STRIPE_PAYMENT_NOT_FINISHED',
    );
    // The buyer tries another card on the same page: the order comes.
    await stripe.fake.pay(session.sessionId);
    expect(
      await eventually(
        () => ordersOf(srv, checkout.id),
        (o) => o.length === 1,
      ),
    ).toHaveLength(1);
  });

  it('someone else’s session, or another checkout’s, is unknown', async () => {
    const mine = await stripeCheckout(srv, c.visitor, mug);
    const theirs = await checkoutFor(srv, c.memberA.auth, mug);
    const other = await complete(srv, c.memberA.auth, theirs.id, mine.session.sessionId);
    expect(other.status).toBe(404);
    const stranger = await complete(srv, c.memberB.auth, mine.checkout.id, mine.session.sessionId);
    expect(stranger.status).toBe(404);
    const made = await call(srv.url, 'POST', `/ecom/v1/checkouts/${mine.checkout.id}/stripe-session`, {
      auth: c.memberB.auth,
    });
    expect(made.status).toBe(404);
    const bad = await call(srv.url, 'POST', `/ecom/v1/checkouts/${mine.checkout.id}/stripe-session/complete`, {
      auth: c.visitor,
      body: { sessionId: 'nope' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a checkout that cannot be placed before anyone pays', async () => {
    const calls = stripe.fake.calls.length;
    // No address to ship to: the placement's own rule (ship.address-required) answers before Stripe is asked.
    const checkout = await newCheckout(srv, c.visitor, {
      lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'buyer@example.com' } },
    });
    const res = await call(srv.url, 'POST', `/ecom/v1/checkouts/${checkout.id}/stripe-session`, { auth: c.visitor });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('CHECKOUT_HAS_ERRORS');
    expect(stripe.fake.calls.length).toBe(calls);
  });

  it('refuses more than is in stock before anyone pays', async () => {
    const few = await createProduct(srv, c.owner, {
      price: { amount: '5.00' },
      inventory: { trackQuantity: true, quantity: 1 },
    });
    const checkout = await checkoutFor(srv, c.visitor, few, 2);
    const res = await call(srv.url, 'POST', `/ecom/v1/checkouts/${checkout.id}/stripe-session`, { auth: c.visitor });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('OUT_OF_STOCK');
    expect(JSON.stringify(res.body)).toContain(`Only 1 of ${few.name} left`);
  });
});

describe('a quote that no longer holds when the money comes', () => {
  it('a price raised while the buyer paid: the money goes back, the buyer is told, no order', async () => {
    const lamp = await createProduct(srv, c.owner, { price: { amount: '30.00' } });
    const { checkout, session } = await stripeCheckout(srv, c.visitor, lamp);
    const raised = await call(srv.url, 'PATCH', `/catalog/v1/products/${lamp.id}`, {
      auth: c.owner,
      body: { product: { price: { amount: '35.00' } }, fieldMask: { paths: ['price'] } },
    });
    expect(raised.status).toBe(200);
    await stripe.fake.pay(session.sessionId);
    const refused = await eventually(
      () => sessionRow(session.sessionId),
      (r) => r.status !== 'OPEN',
    );
    expect(refused.status).toBe('REFUSED');
    const back = await complete(srv, c.visitor, checkout.id, session.sessionId);
    expect(back.status).toBe(409);
    expect(appCode(back.body)).toBe('PAYMENT_RETURNED');
    expect(JSON.stringify(back.body)).toContain('Your payment was given back');
    expect(await ordersOf(srv, checkout.id)).toEqual([]);
    const intent = [...stripe.fake.store.paymentIntents.values()].find(
      (p) => p.metadata.plaza_payment_id === refused.paymentId,
    )!;
    const refunds = [...stripe.fake.store.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[3000, 'succeeded']]);
  });

  it('the last unit sold to someone else meanwhile: refunded, told in words', async () => {
    const last = await createProduct(srv, c.owner, {
      price: { amount: '12.00' },
      inventory: { trackQuantity: true, quantity: 1 },
    });
    const { checkout, session } = await stripeCheckout(srv, c.visitor, last);
    const rival = await checkoutFor(srv, c.memberA.auth, last);
    const bought = await placeAndCharge(srv, c.memberA.auth, rival.id, await cardToken(srv, c.memberA.auth));
    expect(bought.status).toBe(200);
    stripe.fake.webhooks.deliver = false;
    await stripe.fake.pay(session.sessionId);
    stripe.fake.webhooks.deliver = true;
    const back = await complete(srv, c.visitor, checkout.id, session.sessionId);
    expect(back.status).toBe(409);
    expect(appCode(back.body)).toBe('PAYMENT_RETURNED');
    expect(JSON.stringify(back.body)).toMatch(/out of stock|sold out|no longer/i);
    const row = await sessionRow(session.sessionId);
    const intent = [...stripe.fake.store.paymentIntents.values()].find(
      (p) => p.metadata.plaza_payment_id === row.paymentId,
    )!;
    expect([...stripe.fake.store.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    // Asked again (Stripe's webhook comes late): the same words, and no second refund.
    const late = await complete(srv, c.visitor, checkout.id, session.sessionId);
    expect(late.body).toEqual(back.body);
    expect([...stripe.fake.store.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});

describe('Stripe’s webhook endpoint', () => {
  const hook = (body: string, signature?: string) =>
    call(srv.url, 'POST', '/payments/v1/stripe/webhook', {
      rawBody: body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

  it('refuses a bad signature, an old timestamp and a missing header with 400, changing nothing', async () => {
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug);
    stripe.fake.webhooks.deliver = false;
    await stripe.fake.pay(session.sessionId);
    stripe.fake.webhooks.deliver = true;
    const event = stripe.fake.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === session.sessionId,
    )!;
    const stored = async () =>
      (await srv.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).length;
    const forged = stripe.fake.signedDelivery(event, { secret: 'whsec_notTheShops' });
    const old = stripe.fake.signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const [body, signature] of [
      [forged.body, forged.signature],
      [old.body, old.signature],
      [old.body, undefined],
    ] as const) {
      const res = await hook(body, signature);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Stripe-Signature');
    }
    // A good signature over changed bytes fails too.
    const good = stripe.fake.signedDelivery(event);
    expect((await hook(good.body.replace(session.sessionId, 'cs_test_other'), good.signature)).status).toBe(400);
    expect(await stored()).toBe(0);
    expect(await ordersOf(srv, checkout.id)).toEqual([]);
    // The genuine delivery is handled once; the same event again is answered and not acted on.
    const first = await hook(good.body, good.signature);
    expect(first.body).toEqual({ received: true });
    const again = await hook(good.body, good.signature);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await ordersOf(srv, checkout.id)).toHaveLength(1);
  });

  it('an event whose handler died (a crash) is handled by a later delivery, once its claim is a minute old', async () => {
    const { checkout, session } = await stripeCheckout(srv, c.visitor, mug);
    stripe.fake.webhooks.deliver = false;
    await stripe.fake.pay(session.sessionId);
    stripe.fake.webhooks.deliver = true;
    const event = stripe.fake.events.find(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === session.sessionId,
    )!;
    const claim = { id: event.id, type: event.type, created: event.created };
    // Claimed a moment ago and not handled: another node may still be at it.
    await srv.database.db.insert(stripeEvents).values({ ...claim, receivedDate: new Date() });
    const delivery = stripe.fake.signedDelivery(event);
    const post = () => hook(delivery.body, delivery.signature);
    expect((await post()).body).toEqual({ received: true, duplicate: true });
    expect(await ordersOf(srv, checkout.id)).toEqual([]);
    // Claimed two minutes ago and never handled: that node died.
    await srv.database.db
      .update(stripeEvents)
      .set({ receivedDate: new Date(Date.now() - 120_000) })
      .where(eq(stripeEvents.id, event.id));
    expect((await post()).body).toEqual({ received: true });
    expect(await ordersOf(srv, checkout.id)).toHaveLength(1);
    const [row] = await srv.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(row!.handledDate).toBeInstanceOf(Date);
  });
});
