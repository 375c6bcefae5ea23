import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderTransactions, Product } from '@plaza/contracts';
import { call } from '../../../../test/http.js';
import { createProduct } from '../../catalog/testing.js';
import { collector } from '../../orders/testing.js';
import { complete, connect, eventually, SETTINGS, stripeCheckout, stripeSuite } from './testing.js';

const { srv, c, stripe } = stripeSuite();
let mug: Product;

beforeAll(async () => {
  await connect(srv, c.owner, stripe.fake);
  mug = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    inventory: { trackQuantity: true, quantity: 1000 },
  });
});

const setCapture = async (captureMethod: 'AUTOMATIC' | 'MANUAL') => {
  const res = await call(srv.url, 'PATCH', SETTINGS, { auth: c.owner, body: { captureMethod } });
  expect(res.status).toBe(200);
};

/** A visitor pays `quantity` mugs on Stripe's page with `card`; answers the placed order. */
async function paidOrder(quantity = 1, card?: string): Promise<Order> {
  const { checkout, session } = await stripeCheckout(srv, c.visitor, mug, quantity);
  await stripe.fake.pay(session.sessionId, card ? { card } : {});
  const res = await eventually(
    () => complete(srv, c.visitor, checkout.id, session.sessionId),
    (r) => r.status === 200,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

const transactions = async (orderId: string) =>
  (
    await call<{ orderTransactions: OrderTransactions }>(srv.url, 'GET', `/ecom/v1/orders/${orderId}/transactions`, {
      auth: c.owner,
    })
  ).body.orderTransactions;
const cardPayment = async (orderId: string) => (await transactions(orderId)).payments[0]!;
const intentOf = (id: string) => stripe.fake.store.paymentIntents.get(id)!;
const order = async (id: string) =>
  (await call<{ order: Order }>(srv.url, 'GET', `/ecom/v1/orders/${id}`, { auth: c.owner })).body.order;

describe('delayed capture through Stripe', () => {
  it('authorizes only; a partial capture takes part and releases the rest: no second capture, nothing to void', async () => {
    await setCapture('MANUAL');
    const placed = await paidOrder(2);
    await setCapture('AUTOMATIC');
    expect(placed.paymentStatus).toBe('PENDING_MERCHANT');
    const payment = await cardPayment(placed.id);
    const intentId = payment.regularPaymentDetails!.providerTransactionId!;
    expect(payment.regularPaymentDetails!.status).toBe('AUTHORIZED');
    expect(intentOf(intentId).status).toBe('requires_capture');

    const tooMuch = await collector(srv, c.owner, placed.id, 'capture-authorized-payments', {
      payments: [{ paymentId: payment.id, amount: { amount: '50.00' } }],
    });
    expect(tooMuch.status).toBe(400);
    const part = await collector(srv, c.owner, placed.id, 'capture-authorized-payments', {
      payments: [{ paymentId: payment.id, amount: { amount: '15.00' } }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(intentOf(intentId)).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    const captureCall = stripe.fake.calls.find((k) => k.path === `/v1/payment_intents/${intentId}/capture`)!;
    expect(captureCall.idempotencyKey).toMatch(/^plaza-capture-/);
    const after = await cardPayment(placed.id);
    expect(after.regularPaymentDetails!.status).toBe('APPROVED');
    expect((await order(placed.id)).paymentStatus).toBe('PARTIALLY_PAID');
    const again = await collector(srv, c.owner, placed.id, 'capture-authorized-payments', {
      payments: [{ paymentId: payment.id, amount: { amount: '5.00' } }],
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(stripe.fake.calls.filter((k) => k.path === `/v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
    // Stripe released the rest with the capture: there is nothing left to void.
    const release = await collector(srv, c.owner, placed.id, 'void-authorized-payments', { paymentIds: [payment.id] });
    expect(release.status).toBe(409);
    expect(stripe.fake.calls.filter((k) => k.path === `/v1/payment_intents/${intentId}/cancel`)).toEqual([]);
  });

  it('a void cancels the authorization at Stripe', async () => {
    await setCapture('MANUAL');
    const placed = await paidOrder();
    await setCapture('AUTOMATIC');
    const payment = await cardPayment(placed.id);
    const release = await collector(srv, c.owner, placed.id, 'void-authorized-payments', { paymentIds: [payment.id] });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    expect(intentOf(payment.regularPaymentDetails!.providerTransactionId!).status).toBe('canceled');
    expect((await cardPayment(placed.id)).regularPaymentDetails!.status).toBe('VOIDED');
  });
});

describe('refunds through Stripe', () => {
  it('partial then full, each keyed by its operation, recorded when Stripe confirms', async () => {
    const placed = await paidOrder(2);
    const payment = await cardPayment(placed.id);
    const intentId = payment.regularPaymentDetails!.providerTransactionId!;
    const part = await collector(srv, c.owner, placed.id, 'trigger-refund', {
      payments: [{ paymentId: payment.id, amount: { amount: '15.00' } }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect((await cardPayment(placed.id)).regularPaymentDetails!.status).toBe('PARTIALLY_REFUNDED');
    const rest = await collector(srv, c.owner, placed.id, 'trigger-refund', {
      payments: [{ paymentId: payment.id, amount: { amount: '25.00' } }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const refunds = [...stripe.fake.store.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => r.amount).sort()).toEqual([1500, 2500]);
    const keys = stripe.fake.calls.filter((k) => k.path === '/v1/refunds' && !k.replayed).map((k) => k.idempotencyKey);
    expect(keys.filter((k) => k?.startsWith('plaza-refund-'))).toHaveLength(2);
    expect((await cardPayment(placed.id)).regularPaymentDetails!.status).toBe('REFUNDED');
    expect((await order(placed.id)).paymentStatus).toBe('FULLY_REFUNDED');
  });

  it('a refund Stripe keeps pending is PENDING here until Stripe says it went through', async () => {
    const placed = await paidOrder();
    const payment = await cardPayment(placed.id);
    stripe.fake.refundsPending = true;
    try {
      const asked = await collector(srv, c.owner, placed.id, 'trigger-refund', {
        payments: [{ paymentId: payment.id, amount: { amount: '20.00' } }],
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect((await transactions(placed.id)).refunds[0]!.status).toBe('PENDING');
      const refund = [...stripe.fake.store.refunds.values()].find(
        (r) => r.payment_intent === payment.regularPaymentDetails!.providerTransactionId,
      )!;
      stripe.fake.settleRefund(refund.id, 'succeeded');
      const done = await eventually(
        () => transactions(placed.id),
        (t) => t.refunds[0]!.status === 'SUCCEEDED',
      );
      expect(done.refunds[0]!.status).toBe('SUCCEEDED');
      expect((await order(placed.id)).paymentStatus).toBe('FULLY_REFUNDED');
    } finally {
      stripe.fake.refundsPending = false;
    }
  });
});

describe('disputes', () => {
  it('show on the payment and in the order’s history, newest state kept whatever the delivery order', async () => {
    const placed = await paidOrder(1, '4000000000000259');
    const disputed = await eventually(
      () => cardPayment(placed.id),
      (p) => p.regularPaymentDetails?.dispute !== undefined,
    );
    expect(disputed.regularPaymentDetails!.dispute).toMatchObject({
      status: 'NEEDS_RESPONSE',
      reason: 'fraudulent',
      amount: { amount: '20.00' },
    });
    const history = (await order(placed.id)).activities;
    const entry = history.find((a) => a.customActivity?.type === 'PAYMENT_DISPUTE')!;
    expect(entry.customActivity!.additionalData).toMatchObject({ status: 'NEEDS_RESPONSE', amount: '$20.00' });
    expect(entry.customActivity!.additionalData!.says).toContain('respond in Stripe');

    const dispute = disputed.regularPaymentDetails!.dispute!;
    stripe.fake.updateDispute(dispute.id, 'won');
    await eventually(
      () => cardPayment(placed.id),
      (p) => p.regularPaymentDetails?.dispute?.status === 'WON',
    );
    // The opening event delivered again, late and as a new delivery: the dispute stays won.
    const opened = stripe.fake.events.find(
      (e) => e.type === 'charge.dispute.created' && (e.data.object as { id: string }).id === dispute.id,
    )!;
    const late = stripe.fake.signedDelivery({ ...opened, id: `${opened.id}_late` });
    const res = await call(srv.url, 'POST', '/payments/v1/stripe/webhook', {
      rawBody: late.body,
      headers: { 'content-type': 'application/json', 'stripe-signature': late.signature },
    });
    expect(res.status).toBe(200);
    expect((await cardPayment(placed.id)).regularPaymentDetails!.dispute!.status).toBe('WON');
  });
});
