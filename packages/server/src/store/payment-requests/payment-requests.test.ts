import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRequest, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { cardToken, checkoutFor, DECLINED_CARD, orderOf, placeAndCharge } from '../orders/testing.js';
import { orderPayments } from '../orders/tables.js';

let now = Date.now();
const { srv, c, keys } = serverSuite({ clock: () => new Date(now), cast: true, keys: { ecom: ['ecom'] } });
let sofa: Product;
let lamp: Product;

beforeAll(async () => {
  sofa = await createProduct(srv, c.owner, { name: 'Sofa', price: { amount: '100.00' }, deposit: { amount: '20.00' } });
  lamp = await createProduct(srv, c.owner, { name: 'Lamp', price: { amount: '30.00' } });
}, 120_000);

type R = { paymentRequest: PaymentRequest };
const tokenOf = (r: PaymentRequest) => new URL(r.url).searchParams.get('token')!;
const read = (auth: string | undefined, id: string, token?: string) =>
  call<R>(srv.url, 'GET', `/ecom/v1/payment-requests/${id}${token ? `?token=${token}` : ''}`, auth ? { auth } : {});
const pay = (auth: string, id: string, body: unknown) =>
  call<R>(srv.url, 'POST', `/ecom/v1/payment-requests/${id}/pay`, { auth, body });
const list = (orderId: string) =>
  call<{ paymentRequests: PaymentRequest[] }>(srv.url, 'GET', `/ecom/v1/payment-requests?orderId=${orderId}`, {
    auth: keys.ecom,
  });

describe('payment requests', () => {
  it('a deposit order gets a request for the balance; paying it on the hosted page makes the order paid, once', async () => {
    const co = await checkoutFor(srv, c.visitor, sofa, 1, { paymentOption: 'DEPOSIT_ONLINE' });
    const placed = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    const [request] = (await list(placed.body.orderId)).body.paymentRequests;
    expect(request).toMatchObject({
      status: 'UNPAID',
      amount: { amount: '80.00' },
      title: expect.stringMatching(/^Balance/),
    });
    const [mail] = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.template, 'PAYMENT_REQUEST'), eq(mailMessages.to, 'buyer@example.com')));
    expect(mail?.text).toContain(request!.url);

    // The page, opened by someone who is not the buyer's session (another browser): the token is enough.
    const stranger = `Bearer ${await srv.visitorToken()}`;
    const seen = await read(stranger, request!.id, tokenOf(request!));
    expect(seen.status).toBe(200);
    expect(seen.body.paymentRequest.orderNumber).toBe(placed.body.order.number);
    expect((await read(stranger, request!.id, 'x'.repeat(24))).status).toBe(404);
    expect((await read(stranger, request!.id)).status).toBe(404);

    const declined = await pay(stranger, request!.id, {
      token: tokenOf(request!),
      paymentToken: await cardToken(srv, stranger, DECLINED_CARD),
    });
    expect(declined.status).toBe(409);
    expect(appCode(declined.body)).toBe('PAYMENT_DECLINED');

    // Twenty clicks at once: one charge.
    const good = await cardToken(srv, stranger);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(stranger, request!.id, { token: tokenOf(request!), paymentToken: good })),
    );
    expect(results.every((r) => r.status === 200 && r.body.paymentRequest.status === 'PAID')).toBe(true);
    const payments = await srv
      .ctx()
      .db.select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.body.orderId));
    expect(payments.map((p) => p.amountMinor).sort()).toEqual([2000n, 8000n]);
    const order = await orderOf(srv, c.owner, placed.body.orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.balanceSummary.balance.amount).toBe('0.00');
  });

  it('the owner asks for part of what is due; it expires; bad input and strangers are refused', async () => {
    const co = await checkoutFor(srv, c.visitor, lamp, 1, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
    const placed = await call<{ orderId: string }>(srv.url, 'POST', `/ecom/v1/checkouts/${co.id}/create-order`, {
      auth: c.visitor,
      body: {},
    });
    const orderId = placed.body.orderId;
    const create = (auth: string, body: unknown) =>
      call<R>(srv.url, 'POST', '/ecom/v1/payment-requests', { auth, body });
    const tooMuch = await create(c.owner, { orderId, amount: { amount: '31.00' } });
    expect(tooMuch.status).toBe(400);
    expect(violations(tooMuch.body)).toEqual(['amount.amount:VALIDATION']);
    expect((await create(c.visitor, { orderId })).status).toBe(403);
    expect((await create(c.owner, { orderId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const part = await create(c.owner, { orderId, amount: { amount: '10.00' }, expiresInDays: 2, sendEmail: false });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.paymentRequest).toMatchObject({ status: 'UNPAID', amount: { amount: '10.00' } });

    now += 3 * 86_400_000;
    const visitor = `Bearer ${await srv.visitorToken()}`;
    const expired = await read(visitor, part.body.paymentRequest.id, tokenOf(part.body.paymentRequest));
    expect(expired.body.paymentRequest.status).toBe('EXPIRED');
    const late = await pay(visitor, part.body.paymentRequest.id, {
      token: tokenOf(part.body.paymentRequest),
      paymentToken: await cardToken(srv, visitor),
    });
    expect(late.status).toBe(409);
    expect(appCode(late.body)).toBe('PAYMENT_REQUEST_EXPIRED');
    expect((await orderOf(srv, c.owner, orderId)).paymentStatus).toBe('NOT_PAID');
  });
});
