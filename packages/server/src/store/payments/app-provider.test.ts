import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderTransactions, Product } from '@plaza/contracts';
import { cast } from '../../test/community.js';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { orders } from '../orders/tables.js';
import { cardToken, checkoutFor, collector, placeAndCharge } from '../orders/testing.js';
import { json, startPaymentApp, type PluginCall } from '../../platform/service-plugins/test-app.js';
import { authorizationSweepJobHandlers } from './authorization-guard.js';
import { stockedMug } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let app: Awaited<ReturnType<typeof startPaymentApp>>;
let mug: Product;

/** The payment app's own books: what it authorized, captured, released and refunded, by Plaza's transaction id. */
const books = new Map<string, { amount: string; status: string }>();
const calls = (method: string) => app.received.filter((r) => r.method === method);

/** A payment app: tokens "ok-…" pay, "hold-…" are only authorized, "no-…" are declined. Idempotent by transactionId. */
function bank(call: PluginCall, res: Parameters<Parameters<typeof app.answer>[0]>[1]) {
  const r = call.request as Record<string, string | boolean>;
  const id = String(r.transactionId);
  if (call.method === 'authorizePayment') {
    const token = String(r.paymentToken);
    if (token.startsWith('no-')) {
      return json(res, 200, { status: 'DECLINED', providerTransactionId: `pay_${id}`, declineReason: 'Do not honour' });
    }
    books.set(id, books.get(id) ?? { amount: String(r.amount), status: r.capture ? 'CAPTURED' : 'AUTHORIZED' });
    return json(res, 200, {
      status: r.capture ? 'APPROVED' : 'AUTHORIZED',
      providerTransactionId: `pay_${id}`,
      card: { brand: 'Acme Card', lastFourDigits: '4444' },
    });
  }
  if (call.method === 'voidPayment') {
    const held = books.get(id);
    if (held) held.status = 'VOIDED';
    return json(res, 200, { status: 'SUCCEEDED' });
  }
  books.set(id, { amount: String(r.amount), status: call.method === 'capturePayment' ? 'CAPTURE' : 'REFUND' });
  return json(res, 200, { status: 'SUCCEEDED' });
}

beforeAll(async () => {
  mug = await stockedMug(srv, c.owner);
  app = await startPaymentApp(srv, 'Acme Payments', 10_000);
  // No warm-up: the app fetches Plaza's public keys during the first charge, inside the placement's transaction
  // (on the embedded database that once waited for the transaction's own connection; the keys now come from memory).
}, 120_000);
afterAll(async () => {
  await app?.close();
});
beforeEach(() => app.answer(bank));

const buy = async (token: string, extra = {}) => {
  const checkout = await checkoutFor(srv, c.visitor, mug);
  return placeAndCharge(srv, c.visitor, checkout.id, token, extra);
};
const transactions = async (orderId: string) =>
  (
    await call<{ orderTransactions: OrderTransactions }>(srv.url, 'GET', `/ecom/v1/orders/${orderId}/transactions`, {
      auth: c.owner,
    })
  ).body.orderTransactions;

describe('a payment app (PAYMENT_PROVIDER service plugin)', () => {
  it('charges the app’s own tokens through the app, keyed by Plaza’s payment id', async () => {
    const res = await buy('ok-token-visa');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [payment] = (await transactions(res.body.orderId)).payments;
    expect(payment?.regularPaymentDetails).toMatchObject({
      status: 'APPROVED',
      providerTransactionId: `pay_${payment!.id}`,
      creditCardDetails: { brand: 'Acme Card', lastFourDigits: '4444' },
    });
    const asked = calls('authorizePayment').at(-1)!.request;
    expect(asked).toMatchObject({ transactionId: payment!.id, amount: '20.00', currency: 'USD', capture: true });
    expect(books.get(payment!.id)).toEqual({ amount: '20.00', status: 'CAPTURED' });
  });

  it('captures, releases and refunds through the app', async () => {
    const held = await buy('hold-token-visa', { delayCapture: true });
    expect(held.status).toBe(200);
    const [payment] = (await transactions(held.body.orderId)).payments;
    const capture = await collector(srv, c.owner, held.body.orderId, 'capture-authorized-payments', {
      payments: [{ paymentId: payment!.id, amount: { amount: '5.00' } }],
    });
    expect(capture.status, JSON.stringify(capture.body)).toBe(200);
    expect(calls('capturePayment').at(-1)!.request).toMatchObject({
      providerTransactionId: `pay_${payment!.id}`,
      amount: '5.00',
      currency: 'USD',
    });
    const refund = await collector(srv, c.owner, held.body.orderId, 'trigger-refund', {
      payments: [{ paymentId: payment!.id, amount: { amount: '2.00' } }],
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(calls('refundPayment').at(-1)!.request).toMatchObject({ amount: '2.00' });

    const other = await buy('hold-token-mc', { delayCapture: true });
    const [second] = (await transactions(other.body.orderId)).payments;
    const release = await collector(srv, c.owner, other.body.orderId, 'void-authorized-payments', {
      paymentIds: [second!.id],
    });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
    expect(books.get(second!.id)?.status).toBe('VOIDED');
  });

  it('refuses what the app refuses or cannot answer, writing nothing', async () => {
    const before = (await srv.ctx().db.select({ id: orders.id }).from(orders)).length;
    const declined = await buy('no-token-funds');
    expect(declined.status).toBe(409);
    expect(appCode(declined.body)).toBe('PAYMENT_DECLINED');

    app.answer((_call, res) => res.writeHead(500).end());
    const down = await buy('ok-token-visa');
    expect(down.status).toBe(409);
    expect(appCode(down.body)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await srv.ctx().db.select({ id: orders.id }).from(orders)).length).toBe(before);

    app.answer(bank);
    const held = await buy('hold-token-x', { delayCapture: true });
    const [payment] = (await transactions(held.body.orderId)).payments;
    app.answer((_call, res) => json(res, 200, { status: 'FAILED', reason: 'Authorization expired' }));
    const capture = await collector(srv, c.owner, held.body.orderId, 'capture-authorized-payments', {
      payments: [{ paymentId: payment!.id }],
    });
    expect(capture.status).toBe(409);
    expect((capture.body as { message: string }).message).toContain('Authorization expired');
    expect((await transactions(held.body.orderId)).payments[0]?.regularPaymentDetails?.status).toBe('AUTHORIZED');
  });

  it('releases an authorization whose order failed, at once and again by the sweep', async () => {
    const last = await createProduct(srv, c.owner, {
      name: 'Last mug',
      price: { amount: '30.00' },
      inventory: { trackQuantity: true, quantity: 1 },
    });
    // Five buyers for one mug, at once: each is authorized before the stock decides; four must be released.
    const checkouts = await Promise.all(Array.from({ length: 5 }, () => checkoutFor(srv, c.visitor, last)));
    const all = await Promise.all(checkouts.map((co, i) => placeAndCharge(srv, c.visitor, co.id, `ok-token-${i}`)));
    const won = all.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const lost = all.filter((r) => r.status === 409);
    expect(lost).toHaveLength(4);
    const authorized = calls('authorizePayment')
      .map((r) => String(r.request.transactionId))
      .filter((id) => books.has(id) && books.get(id)!.amount === '30.00');
    const [kept] = (await transactions(won[0]!.body.orderId)).payments;
    for (const id of authorized) expect(books.get(id)!.status).toBe(id === kept!.id ? 'CAPTURED' : 'VOIDED');

    // A placement that died between the app's yes and our commit: only the sweep knows, and releases it.
    const crashed = randomUUID();
    books.set(crashed, { amount: '30.00', status: 'CAPTURED' });
    await authorizationSweepJobHandlers.PAYMENT_AUTHORIZATION_SWEEP!({
      ctx: srv.ctx(),
      payload: { transactionId: crashed },
    } as never);
    expect(books.get(crashed)?.status).toBe('VOIDED');
    // A recorded payment is left alone.
    await authorizationSweepJobHandlers.PAYMENT_AUTHORIZATION_SWEEP!({
      ctx: srv.ctx(),
      payload: { transactionId: kept!.id },
    } as never);
    expect(books.get(kept!.id)?.status).toBe('CAPTURED');
  });

  it('still takes test cards, and refuses tokens no one issued when no app is plugged in', async () => {
    const res = await buy(await cardToken(srv, c.visitor));
    expect(res.status).toBe(200);
    const [payment] = (await transactions(res.body.orderId)).payments;
    expect(payment?.regularPaymentDetails?.providerTransactionId).toBe(`test_${payment!.id}`);
    const [row] = await srv.ctx().db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(row?.paymentStatus).toBe('PAID');
  });
});

describe('without a payment app', () => {
  it('refuses a token that is not a test card with 400', async () => {
    const other = await startTestServer();
    try {
      const people = await cast(other);
      const product = await createProduct(other, people.owner, { name: 'Cup', price: { amount: '3.00' } });
      const checkout = await checkoutFor(other, people.visitor, product);
      const res = await placeAndCharge(other, people.visitor, checkout.id, 'ok-token-visa');
      expect(res.status).toBe(400);
      expect(violations(res.body)).toContain('paymentToken:FORMAT');
    } finally {
      await other.close();
    }
  }, 120_000);
});
