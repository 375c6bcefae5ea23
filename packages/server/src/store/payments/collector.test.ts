import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderTransactions, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { cardToken, checkoutFor, collector, orderOf, place, placeAndCharge, stockOf } from '../orders/testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let lamp: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, {
    price: { amount: '50.00' },
    inventory: { trackQuantity: true, quantity: 40 },
  });
}, 120_000);

const stock = () => stockOf(srv, lamp.id);
type Tx = { orderTransactions: OrderTransactions };

async function authorized(quantity = 2) {
  const co = await checkoutFor(srv, c.visitor, lamp, quantity);
  const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor), { delayCapture: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const paymentId = (
    await call<Tx>(srv.url, 'GET', `/ecom/v1/orders/${res.body.orderId}/transactions`, { auth: c.owner })
  ).body.orderTransactions.payments[0]!.id;
  return { order: res.body.order, paymentId };
}

describe('capture, refund and void', () => {
  it('captures in parts, never more than authorized, and refunds never more than captured', async () => {
    const { order, paymentId } = await authorized(2); // 100.00
    expect(order).toMatchObject({
      paymentStatus: 'PENDING_MERCHANT',
      balanceSummary: { authorized: { amount: '100.00' } },
    });

    const tooMuch = await collector(srv, c.owner, order.id, 'capture-authorized-payments', {
      payments: [{ paymentId, amount: { amount: '100.01' } }],
    });
    expect(tooMuch.status).toBe(400);
    expect(violations(tooMuch.body)).toContain('payments[0].amount.amount:VALIDATION');

    const part = await collector(srv, c.owner, order.id, 'capture-authorized-payments', {
      payments: [{ paymentId, amount: { amount: '30.00' } }],
    });
    expect(part.status).toBe(200);
    expect((await orderOf(srv, c.owner, order.id)).paymentStatus).toBe('PARTIALLY_PAID');
    const rest = await collector(srv, keys.ecom, order.id, 'capture-authorized-payments', {
      payments: [{ paymentId }],
    });
    expect(rest.status).toBe(200);
    const payment = (rest.body as Tx).orderTransactions.payments[0]!;
    expect(payment.regularPaymentDetails?.authorizationDetails?.captures.map((x) => x.amount.amount)).toEqual([
      '30.00',
      '70.00',
    ]);
    const paid = await orderOf(srv, c.owner, order.id);
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_PARTIALLY_PAID', 'ORDER_PAID']);

    const again = await collector(srv, c.owner, order.id, 'capture-authorized-payments', { payments: [{ paymentId }] });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('PAYMENT_NOT_AUTHORIZED');

    const overRefund = await collector(srv, c.owner, order.id, 'trigger-refund', {
      payments: [{ paymentId, amount: { amount: '100.01' } }],
    });
    expect(overRefund.status).toBe(400);
    expect(violations(overRefund.body)).toContain('payments[0].amount.amount:VALIDATION');

    const stockBefore = await stock();
    const refund = await collector(srv, c.owner, order.id, 'trigger-refund', {
      payments: [{ paymentId, amount: { amount: '25.00' } }],
      details: { reason: 'Scratched' },
    });
    expect(refund.status).toBe(200);
    expect((await orderOf(srv, c.owner, order.id)).paymentStatus).toBe('PARTIALLY_REFUNDED');
    const last = await collector(srv, c.owner, order.id, 'trigger-refund', {
      payments: [{ paymentId, amount: { amount: '75.00' } }],
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(last.status).toBe(200);
    const refunds = (last.body as Tx).orderTransactions.refunds;
    expect(refunds.map((r) => [r.amount.amount, r.status, r.restockedItems])).toEqual([
      ['25.00', 'SUCCEEDED', false],
      ['75.00', 'SUCCEEDED', true],
    ]);
    expect(await stock()).toBe(stockBefore + 2);
    const refunded = await orderOf(srv, c.owner, order.id);
    expect(refunded.paymentStatus).toBe('FULLY_REFUNDED');
    expect(refunded.balanceSummary.refunded.amount).toBe('100.00');
    expect(refunded.activities.filter((a) => a.type === 'ORDER_REFUNDED')).toHaveLength(2);
    const nothingLeft = await collector(srv, c.owner, order.id, 'trigger-refund', {
      payments: [{ paymentId, amount: { amount: '1.00' } }],
    });
    expect(nothingLeft.status).toBe(400);
  });

  it('voids an authorization nothing was captured from, once', async () => {
    const { order, paymentId } = await authorized(1);
    const voided = await collector(srv, c.owner, order.id, 'void-authorized-payments', { paymentIds: [paymentId] });
    expect(voided.status).toBe(200);
    const p = (voided.body as Tx).orderTransactions.payments[0]!;
    expect(p.regularPaymentDetails?.status).toBe('VOIDED');
    expect(p.regularPaymentDetails?.authorizationDetails?.void?.voidedDate).toBeTruthy();
    expect((await orderOf(srv, c.owner, order.id)).paymentStatus).toBe('NOT_PAID');
    const twice = await collector(srv, c.owner, order.id, 'void-authorized-payments', { paymentIds: [paymentId] });
    expect(twice.status).toBe(409);
    expect(appCode(twice.body)).toBe('PAYMENT_NOT_VOIDABLE');
  });

  it('20 captures of the same authorization at once capture it once', async () => {
    const { order, paymentId } = await authorized(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        collector(srv, c.owner, order.id, 'capture-authorized-payments', { payments: [{ paymentId }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const o = await orderOf(srv, c.owner, order.id);
    expect(o.balanceSummary.paid.amount).toBe('50.00');
  });
});

describe('offline money', () => {
  async function offlineOrder(): Promise<Order> {
    const co = await checkoutFor(srv, c.visitor, lamp, 1, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
    const res = await place(srv, c.visitor, co.id);
    expect(res.status).toBe(200);
    return res.body.order;
  }

  it('records part payments and marks the rest paid; a paid order says so', async () => {
    const order = await offlineOrder();
    const status = await call(
      srv.url,
      'GET',
      `/ecom/v1/payments-collector/orders/${order.id}/payment-collectability-status`,
      {
        auth: c.owner,
      },
    );
    expect(status.body).toMatchObject({ status: 'COLLECTABLE', amount: { amount: '50.00' } });
    const part = await collector(srv, c.owner, order.id, 'manual-payment', { amount: { amount: '20.00' } });
    expect(part.status).toBe(200);
    expect((part.body as { order: Order }).order.paymentStatus).toBe('PARTIALLY_PAID');
    const over = await collector(srv, c.owner, order.id, 'manual-payment', { amount: { amount: '30.01' } });
    expect(over.status).toBe(400);
    const rest = await collector(srv, c.owner, order.id, 'mark-as-paid');
    expect((rest.body as { order: Order }).order.paymentStatus).toBe('PAID');
    const again = await collector(srv, c.owner, order.id, 'mark-as-paid');
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('ORDER_ALREADY_PAID');
    const after = await call(
      srv.url,
      'GET',
      `/ecom/v1/payments-collector/orders/${order.id}/payment-collectability-status`,
      {
        auth: c.owner,
      },
    );
    expect(after.body).toMatchObject({ status: 'NONCOLLECTABLE_ORDER_IS_PAID' });
    const refundable = await call<{ refundablePerItem: Array<{ refundability: string }> }>(
      srv.url,
      'GET',
      `/ecom/v1/payments-collector/orders/${order.id}/refundability`,
      { auth: c.owner },
    );
    expect(refundable.body.refundablePerItem.map((r) => r.refundability)).toEqual(['MANUAL', 'MANUAL']);
  });

  it('marks many orders paid, each on its own', async () => {
    const [a, b] = [await offlineOrder(), await offlineOrder()];
    await collector(srv, c.owner, b.id, 'mark-as-paid');
    const res = await call<{
      results: Array<{ itemMetadata: { id: string; success: boolean; error?: { code: string } }; item?: Order }>;
      bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
    }>(srv.url, 'POST', '/ecom/v1/bulk/payments-collector/mark-as-paid', {
      auth: c.owner,
      body: { ecomOrderIds: [a.id, b.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });
    expect(res.body.results[0]!.item?.paymentStatus).toBe('PAID');
    expect(res.body.results[1]!.itemMetadata.error?.code).toBe('ORDER_ALREADY_PAID');
  });

  it('keeps buyers, contributors and other keys out; charge-membership checks its body', async () => {
    const order = await offlineOrder();
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, c.apiKey]) {
      expect((await collector(srv, auth, order.id, 'mark-as-paid')).status).toBe(403);
    }
    expect((await collector(srv, '', order.id, 'mark-as-paid')).status).toBe(401);
    const membership = await collector(srv, c.owner, order.id, 'charge-membership', {});
    expect(membership.status).toBe(400);
    expect(JSON.stringify(membership.body)).toContain('memberId');
    const unknown = await collector(srv, c.owner, '0190a1b2-0000-7000-8000-000000000000', 'mark-as-paid');
    expect(unknown.status).toBe(404);
  });
});
