import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Order, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { cardToken, checkoutFor, collector, place, placeAndCharge } from '../orders/testing.js';
import { paymentGatewayOrders } from './tables.js';

// Gateway orders hold their part of the balance for 24 hours: moving the server's clock lets one expire.
let now = Date.now();
const { srv, c, keys } = serverSuite({ clock: () => new Date(now), cast: true, keys: { ecom: ['ecom'] } });
let lamp: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { price: { amount: '50.00' } });
}, 120_000);

async function offlineOrder(quantity = 1): Promise<Order> {
  const co = await checkoutFor(srv, c.visitor, lamp, quantity, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
  const res = await place(srv, c.visitor, co.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}
const prepare = (orderId: string, body: unknown, auth = c.owner) =>
  collector(srv, auth, orderId, 'prepare-payment-collection', body);
const gatewayOrders = (orderId: string) =>
  srv.ctx().db.select().from(paymentGatewayOrders).where(eq(paymentGatewayOrders.orderId, orderId));

describe('prepare-payment-collection', () => {
  it('holds part of the balance, at most what is still free, in the order’s currency', async () => {
    const order = await offlineOrder(2); // 100.00
    const first = await prepare(order.id, { amount: { amount: '60.00' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.paymentGatewayOrderId as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const over = await prepare(order.id, { amount: { amount: '40.01' } });
    expect(over.status).toBe(400);
    expect(violations(over.body)).toEqual(['amount.amount:VALIDATION']);
    expect((over.body as { message: string }).message).toContain('At most 40.00');
    for (const amount of ['0', '1.234', 'ten']) {
      expect((await prepare(order.id, { amount: { amount } })).status).toBe(400);
    }

    const rest = await prepare(order.id, { amount: { amount: '40.00' } }, keys.ecom);
    expect(rest.status).toBe(200);
    const full = await prepare(order.id, { amount: { amount: '1.00' } });
    expect(full.status).toBe(409);
    expect(appCode(full.body)).toBe('PAYMENT_COLLECTION_IN_PROGRESS');

    const rows = await gatewayOrders(order.id);
    expect(rows.map((r) => [r.amountMinor, r.currency]).sort()).toEqual([
      [4000n, order.currency],
      [6000n, order.currency],
    ]);
  });

  it('prepares a given gateway order again instead of holding twice; another order’s id is refused', async () => {
    const order = await offlineOrder(1); // 50.00
    const created = await collector(srv, c.owner, order.id, 'create-payment-gateway-order', {
      chargedBy: { id: 'cashier-7', fullName: 'Anna Jónsdóttir' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.paymentGatewayOrderId as string;
    const [row] = await gatewayOrders(order.id);
    expect(row).toMatchObject({ id, amountMinor: 5000n, chargedBy: { id: 'cashier-7', fullName: 'Anna Jónsdóttir' } });

    // The whole balance is held by the gateway order; preparing that same one for less replaces its hold.
    expect((await prepare(order.id, { amount: { amount: '10.00' } })).status).toBe(409);
    const again = await prepare(order.id, {
      amount: { amount: '30.00' },
      paymentGatewayOrderId: id,
      delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { value: 2, unit: 'DAYS' } },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.paymentGatewayOrderId).toBe(id);
    const [prepared] = await gatewayOrders(order.id);
    expect(prepared).toMatchObject({ amountMinor: 3000n, delayedCapture: true });
    expect(prepared!.delayedCaptureSettings?.scheduledAction).toBe('VOID');
    expect((await prepare(order.id, { amount: { amount: '20.00' } })).status).toBe(200);

    const other = await offlineOrder(1);
    const foreign = await prepare(other.id, { amount: { amount: '5.00' }, paymentGatewayOrderId: id });
    expect(foreign.status).toBe(400);
    expect(violations(foreign.body)).toEqual(['paymentGatewayOrderId:VALIDATION']);
    const contradiction = await prepare(other.id, {
      amount: { amount: '5.00' },
      delayedCapture: false,
      delayedCaptureSettings: { scheduledAction: 'CAPTURE', delayDuration: { value: 1, unit: 'HOURS' } },
    });
    expect(violations(contradiction.body)).toEqual(['delayedCaptureSettings:VALIDATION']);
    expect(await gatewayOrders(other.id)).toHaveLength(0);
  });

  it('counts captured and authorized money; refuses paid and canceled orders', async () => {
    const co = await checkoutFor(srv, c.visitor, lamp, 1);
    const charged = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor), {
      delayCapture: true,
    });
    expect(charged.status).toBe(200);
    const authorized = await prepare(charged.body.orderId, { amount: { amount: '1.00' } });
    expect(appCode(authorized.body)).toBe('PAYMENT_COLLECTION_IN_PROGRESS');

    const paid = await offlineOrder(1);
    await collector(srv, c.owner, paid.id, 'mark-as-paid');
    const paidAnswer = await prepare(paid.id, { amount: { amount: '1.00' } });
    expect(paidAnswer.status).toBe(409);
    expect(appCode(paidAnswer.body)).toBe('ORDER_ALREADY_PAID');

    const partly = await offlineOrder(1);
    await collector(srv, c.owner, partly.id, 'manual-payment', { amount: { amount: '20.00' } });
    expect(violations((await prepare(partly.id, { amount: { amount: '30.01' } })).body)).toEqual([
      'amount.amount:VALIDATION',
    ]);

    const canceled = await offlineOrder(1);
    const cancel = await call(srv.url, 'POST', `/ecom/v1/orders/${canceled.id}/cancel`, { auth: c.owner, body: {} });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const prepared = await prepare(canceled.id, { amount: { amount: '1.00' } });
    expect(prepared.status).toBe(409);
    expect(appCode(prepared.body)).toBe('ORDER_CANCELED');
    const created = await collector(srv, c.owner, canceled.id, 'create-payment-gateway-order', {});
    expect(created.status).toBe(409);
    expect(appCode(created.body)).toBe('ORDER_CANCELED');
    expect(await gatewayOrders(canceled.id)).toHaveLength(0);
  });

  it('lets a hold go after 24 hours', async () => {
    const order = await offlineOrder(1);
    const held = await prepare(order.id, { amount: { amount: '50.00' } });
    expect(held.status).toBe(200);
    expect((await prepare(order.id, { amount: { amount: '50.00' } })).status).toBe(409);
    now += 24 * 3_600_000 + 1000;
    const lapsed = await prepare(order.id, {
      amount: { amount: '50.00' },
      paymentGatewayOrderId: held.body.paymentGatewayOrderId,
    });
    expect(violations(lapsed.body)).toEqual(['paymentGatewayOrderId:VALIDATION']);
    expect((await prepare(order.id, { amount: { amount: '50.00' } })).status).toBe(200);
  });

  it('ten prepares racing for the last 30.00 hold it once', async () => {
    const order = await offlineOrder(1); // 50.00
    expect((await prepare(order.id, { amount: { amount: '20.00' } })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => prepare(order.id, { amount: { amount: '30.00' } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const rows = await gatewayOrders(order.id);
    expect(rows.reduce((s, r) => s + r.amountMinor, 0n)).toBe(5000n);
  });

  it('is for the owner and ecom API keys only', async () => {
    const order = await offlineOrder(1);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, c.apiKey]) {
      expect((await prepare(order.id, { amount: { amount: '1.00' } }, auth)).status).toBe(403);
      expect((await collector(srv, auth, order.id, 'create-payment-gateway-order', {})).status).toBe(403);
    }
    expect((await prepare(order.id, { amount: { amount: '1.00' } }, '')).status).toBe(401);
    const unknown = await prepare('0190a1b2-0000-7000-8000-000000000000', { amount: { amount: '1.00' } });
    expect(unknown.status).toBe(404);
    expect(await gatewayOrders(order.id)).toHaveLength(0);
  });
});
