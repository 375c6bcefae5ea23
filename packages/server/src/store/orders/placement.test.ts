import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { addToCart } from '../cart/testing.js';
import { checkoutCall, ref } from '../checkout/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { orderPayments, orders } from './tables.js';
import {
  cardToken,
  checkoutFor,
  DECLINED_CARD,
  ensureTestShipping,
  PENDING_CARD,
  place,
  placeAndCharge,
  POOR_CARD,
  SHIP_TO,
  stockOf,
} from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let tee: Product;

beforeAll(async () => {
  tee = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    inventory: { trackQuantity: true, quantity: 100 },
  });
}, 120_000);

describe('placing an order', () => {
  it('a visitor pays with the test card: PAID, numbered, stock taken, checkout done, readable with its token', async () => {
    const before = await stockOf(srv, tee.id);
    const co = await checkoutFor(srv, c.visitor, tee, 2);
    const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, thankYouToken, paymentResult } = res.body;
    expect(paymentResult).toEqual({ status: 'APPROVED' });
    expect(order).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      checkoutId: co.id,
      buyerInfo: { email: 'buyer@example.com' },
      priceSummary: { total: { amount: '40.00' } },
      balanceSummary: { paid: { amount: '40.00' }, balance: { amount: '0.00' } },
    });
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    expect(order.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    expect(await stockOf(srv, tee.id)).toBe(before - 2);
    expect((await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout.completed).toBe(true);
    expect(await eventsOf(srv, order.id)).toEqual(['ecom.order.created']);
    const [mail] = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.template, 'ORDER_PLACED'), like(mailMessages.text, `%order ${order.number}%`)));
    expect(mail?.to).toBe('buyer@example.com');
    expect(mail?.text).toContain(`/orders/${order.id}?token=${thankYouToken}`);
    expect(mail?.text).toContain('Total: $40.00 (paid)');

    const stranger = `Bearer ${await srv.visitorToken()}`;
    expect((await call(srv.url, 'GET', `/ecom/v1/orders/${order.id}`, { auth: stranger })).status).toBe(404);
    const withToken = await call(srv.url, 'GET', `/ecom/v1/orders/${order.id}?token=${thankYouToken}`, {
      auth: stranger,
    });
    expect(withToken.status).toBe(200);
    expect((await call(srv.url, 'GET', `/ecom/v1/orders/${order.id}`, { auth: c.visitor })).status).toBe(200);
  });

  it('empties the shopper’s cart the order was bought from', async () => {
    const shopper = `Bearer ${await srv.visitorToken()}`;
    await ensureTestShipping(srv);
    await addToCart(srv, shopper, [{ catalogReference: ref(tee.id), quantity: 1 }]);
    const made = await call<{ checkout: { id: string } }>(srv.url, 'POST', '/ecom/v1/carts/current/create-checkout', {
      auth: shopper,
      body: { channelType: 'WEB', email: 'cart@example.com', shippingAddress: SHIP_TO },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await placeAndCharge(srv, shopper, made.body.checkout.id, await cardToken(srv, shopper));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cart = await call(srv.url, 'GET', '/ecom/v1/carts/current', { auth: shopper });
    expect(cart.status).toBe(404);
    // The next add starts a new cart.
    expect((await addToCart(srv, shopper, [{ catalogReference: ref(tee.id), quantity: 1 }])).lineItems).toHaveLength(1);
  });

  it('order.once-per-checkout: the same checkout placed 20 times at once gives one order and one charge', async () => {
    const co = await checkoutFor(srv, c.memberA.auth, tee, 1);
    const token = await cardToken(srv, c.memberA.auth);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => placeAndCharge(srv, c.memberA.auth, co.id, token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    const made = await srv.ctx().db.select().from(orders).where(eq(orders.checkoutId, co.id));
    expect(made).toHaveLength(1);
    const charges = await srv.ctx().db.select().from(orderPayments).where(eq(orderPayments.orderId, made[0]!.id));
    expect(charges).toHaveLength(1);
  });

  it('stock.no-oversell: 50 checkouts at once for 10 units: exactly 10 orders, 40 out-of-stock, none charged', async () => {
    const scarce = await createProduct(srv, c.owner, {
      price: { amount: '5.00' },
      inventory: { trackQuantity: true, quantity: 10 },
    });
    const token = await cardToken(srv, c.visitor);
    const checkouts = await Promise.all(Array.from({ length: 50 }, () => checkoutFor(srv, c.visitor, scarce, 1)));
    const answers = await Promise.all(checkouts.map((co) => placeAndCharge(srv, c.visitor, co.id, token)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(appCode(r.body)).toBe('OUT_OF_STOCK');
      expect((r.body as unknown as { message: string }).message).toContain('out of stock');
    }
    expect(await stockOf(srv, scarce.id)).toBe(0);
    const placed = await srv.ctx().db.select().from(orders).where(eq(orders.searchText, orders.searchText));
    const forScarce = placed.filter((o) =>
      o.snapshot.lineItems.some((l) => l.catalogReference?.catalogItemId === scarce.id),
    );
    expect(forScarce).toHaveLength(10);
    const charges = await Promise.all(
      forScarce.map((o) => srv.ctx().db.select().from(orderPayments).where(eq(orderPayments.orderId, o.id))),
    );
    expect(charges.flat()).toHaveLength(10);
  });

  it('a declined card places nothing and says why; the buyer then pays with a good card', async () => {
    const before = await stockOf(srv, tee.id);
    const co = await checkoutFor(srv, c.visitor, tee, 1);
    for (const [card, words] of [
      [DECLINED_CARD, 'declined'],
      [POOR_CARD, 'insufficient funds'],
    ] as const) {
      const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor, card));
      expect(res.status).toBe(409);
      expect(appCode(res.body)).toBe('PAYMENT_DECLINED');
      expect((res.body as unknown as { message: string }).message).toContain(words);
    }
    expect(await stockOf(srv, tee.id)).toBe(before);
    expect((await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout.completed).toBe(false);
    const ok = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(ok.status).toBe(200);
  });

  it('a card waiting for the bank leaves the order INITIALIZED and PENDING', async () => {
    const co = await checkoutFor(srv, c.visitor, tee, 1);
    const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor, PENDING_CARD));
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'PENDING' });
    expect(res.body.order.activities.map((a) => a.type)).toContain('PAYMENT_PENDING');
  });

  it('an offline order is placed unpaid and approved', async () => {
    const co = await checkoutFor(srv, c.visitor, tee, 1, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
    const res = await place(srv, c.visitor, co.id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    const card = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    // Already placed: the same order again.
    expect(card.body.orderId).toBe(res.body.orderId);
  });

  it('marks a checkout completed without an order: it can no longer be placed; only managers may', async () => {
    const co = await checkoutFor(srv, c.visitor, tee, 1);
    const mark = (auth: string) =>
      call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/mark-as-completed`, { auth, body: {} });
    expect((await mark(c.visitor)).status).toBe(403);
    expect((await mark(c.owner)).status).toBe(200);
    expect((await mark(c.owner)).status).toBe(200);
    expect((await checkoutCall(srv, c.visitor, 'GET', co.id)).body.checkout.completed).toBe(true);
    const late = await place(srv, c.visitor, co.id);
    expect(late.status).toBe(409);
    expect(appCode(late.body)).toBe('CHECKOUT_ALREADY_COMPLETED');
  });

  it('refuses bad input and other people’s checkouts, with nothing written', async () => {
    const co = await checkoutFor(srv, c.visitor, tee, 1);
    const forged = await placeAndCharge(srv, c.visitor, co.id, 'tc_e30.forged-signature-xx');
    expect(forged.status).toBe(400);
    expect(violations(forged.body)).toContain('paymentToken:FORMAT');
    const missing = await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/create-order-and-charge`, {
      auth: c.visitor,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(violations(missing.body)).toContain('paymentToken:REQUIRED_FIELD');
    const realCard = await call(srv.url, 'POST', '/ecom/v1/payments/test-card/tokens', {
      auth: c.visitor,
      body: { cardNumber: '4111111111111111', expiryMonth: 1, expiryYear: 2099, cvc: '123' },
    });
    expect(realCard.status).toBe(400);
    expect(violations(realCard.body)).toContain('cardNumber:VALIDATION');
    const expired = await call(srv.url, 'POST', '/ecom/v1/payments/test-card/tokens', {
      auth: c.visitor,
      body: { cardNumber: '4242424242424242', expiryMonth: 1, expiryYear: 2020, cvc: '123' },
    });
    expect(expired.status).toBe(400);

    const other = `Bearer ${await srv.visitorToken()}`;
    const theirs = await placeAndCharge(srv, other, co.id, await cardToken(srv, other));
    expect(theirs.status).toBe(404);
    expect((await call(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/create-order`, { body: {} })).status).toBe(401);
    const none = await srv.ctx().db.select().from(orders).where(eq(orders.checkoutId, co.id));
    expect(none).toHaveLength(0);
  });
});
