import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderTransactions, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { cardToken, checkoutFor, collector, orderOf, placeAndCharge } from '../orders/testing.js';

// The job worker reads the same clock as the server: moving it runs the scheduled captures and releases on time.
let now = Date.now();
const { srv, c } = serverSuite({ clock: () => new Date(now), cast: true });
let kettle: Product;

beforeAll(async () => {
  kettle = await createProduct(srv, c.owner, { price: { amount: '35.00' } });
}, 120_000);

async function scheduled(action: 'CAPTURE' | 'VOID', minutes: number) {
  const co = await checkoutFor(srv, c.visitor, kettle, 1);
  const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor), {
    delayCapture: true,
    delayedCaptureSettings: { scheduledAction: action, delayDuration: { value: minutes, unit: 'MINUTES' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}
const transactions = async (orderId: string) =>
  (
    await call<{ orderTransactions: OrderTransactions }>(srv.url, 'GET', `/ecom/v1/orders/${orderId}/transactions`, {
      auth: c.owner,
    })
  ).body.orderTransactions;
async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('delayed capture', () => {
  it('captures by itself when its time comes, not before', async () => {
    const order = await scheduled('CAPTURE', 30);
    const planned = (await transactions(order.id)).payments[0]!.regularPaymentDetails!.authorizationDetails!
      .scheduledAction!;
    expect(planned).toMatchObject({ actionType: 'CAPTURE', status: 'SCHEDULED' });
    expect(new Date(planned.executionDate).getTime()).toBe(now + 30 * 60_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await orderOf(srv, c.owner, order.id)).paymentStatus).toBe('PENDING_MERCHANT');

    now += 31 * 60_000;
    await until(async () => (await orderOf(srv, c.owner, order.id)).paymentStatus === 'PAID');
    const done = (await transactions(order.id)).payments[0]!.regularPaymentDetails!.authorizationDetails!;
    expect(done.scheduledAction?.status).toBe('SUCCEEDED');
    expect(done.captures.map((x) => x.amount.amount)).toEqual(['35.00']);
  });

  it('releases by itself; an authorization the owner captured first is left alone', async () => {
    const released = await scheduled('VOID', 10);
    const captured = await scheduled('VOID', 10);
    const paymentId = (await transactions(captured.id)).payments[0]!.id;
    expect(
      (await collector(srv, c.owner, captured.id, 'capture-authorized-payments', { payments: [{ paymentId }] })).status,
    ).toBe(200);

    now += 11 * 60_000;
    await until(async () => (await orderOf(srv, c.owner, released.id)).paymentStatus === 'NOT_PAID');
    expect((await transactions(released.id)).payments[0]!.regularPaymentDetails?.status).toBe('VOIDED');
    await until(
      async () =>
        (await transactions(captured.id)).payments[0]!.regularPaymentDetails!.authorizationDetails!.scheduledAction!
          .status === 'FAILED',
    );
    expect((await orderOf(srv, c.owner, captured.id)).paymentStatus).toBe('PAID');
  });

  it('refuses a bad schedule with the field and rule', async () => {
    const co = await checkoutFor(srv, c.visitor, kettle, 1);
    const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor), {
      delayCapture: true,
      delayedCaptureSettings: { scheduledAction: 'LATER', delayDuration: { value: 0, unit: 'WEEKS' } },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body).join()).toContain('delayedCaptureSettings');
  });
});
