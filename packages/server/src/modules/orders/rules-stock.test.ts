import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@plaza/contracts';
import { cast, type Cast } from '../../test/community.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { appCode, call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { ref, setCheckoutSettings } from '../checkout/testing.js';
import { checkoutOf, expectCode, madeFrom, newVisitor, newVisitors, payByCard } from './rules-testing.js';
import { collector, orderOf, place, stockOf } from './testing.js';

/**
 * The stock policies of docs/store/rules.md: when an order takes its items out of stock (the checkout settings'
 * inventoryUpdateTrigger, a merchant's updateInventory), what items whose stock is not counted do, and that no path
 * (placing, marking paid) ever takes more than is left. Through the routes a buyer and the owner call.
 */

let srv: TestServer;
let c: Cast;
let ecomKey: string;

beforeAll(async () => {
  srv = await startTestServer();
  c = await cast(srv);
  ecomKey = await srv.createApiKey(['ecom']);
}, 120_000);
afterAll(() => srv?.close());

const counted = (quantity: number) =>
  createProduct(srv, c.owner, { price: { amount: '5.00' }, inventory: { trackQuantity: true, quantity } });

/** An offline (pay later) order of `quantity` × product by a new visitor, placed with create-order. */
async function offlineOrder(product: Product, quantity = 1) {
  const b = await newVisitor(srv);
  const co = await checkoutOf(srv, b, [[product, quantity]], { paymentOption: 'FULL_PAYMENT_OFFLINE' });
  return place(srv, b, co.id);
}

const markPaid = (orderId: string) => collector(srv, c.owner, orderId, 'mark-as-paid');
const trigger = (inventoryUpdateTrigger: 'ON_ORDER_PAID' | 'ON_ORDER_PLACED') =>
  setCheckoutSettings(srv, c.owner, { inventoryUpdateTrigger });

describe('when stock is taken', () => {
  it('stock.on-order-paid: by default an unpaid order leaves the stock alone; paying it takes the items', async () => {
    const vase = await counted(5);
    const unpaid = await offlineOrder(vase, 2);
    expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);
    expect(unpaid.body.order.paymentStatus).toBe('NOT_PAID');
    expect(await stockOf(srv, vase.id)).toBe(5);
    expect((await markPaid(unpaid.body.orderId)).status).toBe(200);
    expect(await stockOf(srv, vase.id)).toBe(3);
    // Paid at placement (a card): taken in the same transaction as the order.
    const b = await newVisitor(srv);
    const paid = await payByCard(srv, b, await checkoutOf(srv, b, [[vase, 1]]));
    expect(paid.body.order.paymentStatus).toBe('PAID');
    expect(await stockOf(srv, vase.id)).toBe(2);
  });

  it('stock.on-order-paid: six unpaid orders for 3 units marked paid at once: 3 paid, 3 refused OUT_OF_STOCK and still unpaid', async () => {
    const vase = await counted(3);
    const placed = await Promise.all(Array.from({ length: 6 }, () => offlineOrder(vase)));
    // Unpaid orders hold nothing: all six are placed while 3 units are left.
    expect(placed.map((p) => p.status)).toEqual(Array(6).fill(200));
    expect(await stockOf(srv, vase.id)).toBe(3);
    const answers = await Promise.all(placed.map((p) => markPaid(p.body.orderId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expectCode(a, 409, 'OUT_OF_STOCK');
    expect(await stockOf(srv, vase.id)).toBe(0);
    const states = await Promise.all(placed.map((p) => orderOf(srv, c.owner, p.body.orderId)));
    expect(states.filter((o) => o.paymentStatus === 'PAID')).toHaveLength(3);
    expect(states.filter((o) => o.paymentStatus === 'NOT_PAID')).toHaveLength(3);
  });

  it('stock.on-order-placed: every order takes its items when placed, paid or not; 6 at once for 3 units give 3 orders', async () => {
    await trigger('ON_ORDER_PLACED');
    try {
      const vase = await counted(3);
      const answers = await Promise.all(Array.from({ length: 6 }, () => offlineOrder(vase)));
      const ok = answers.filter((a) => a.status === 200);
      expect(ok).toHaveLength(3);
      for (const a of answers.filter((x) => x.status !== 200)) expectCode(a, 409, 'OUT_OF_STOCK');
      expect(ok.every((a) => a.body.order.paymentStatus === 'NOT_PAID')).toBe(true);
      expect(await stockOf(srv, vase.id)).toBe(0);
      // Paying later takes nothing more; canceling with restock puts the unit back.
      expect((await markPaid(ok[0]!.body.orderId)).status).toBe(200);
      expect(await stockOf(srv, vase.id)).toBe(0);
      const cancel = await call(srv.url, 'POST', `/ecom/v1/orders/${ok[1]!.body.orderId}/cancel`, {
        auth: c.owner,
        body: { restockAllItems: true },
      });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect(await stockOf(srv, vase.id)).toBe(1);
    } finally {
      await trigger('ON_ORDER_PAID');
    }
  });
});

describe('items whose stock is not counted, and merchant orders', () => {
  it('stock.untracked: an item not counted sells to everyone at once while in stock, and to nobody once marked out', async () => {
    const poster = await createProduct(srv, c.owner, {
      price: { amount: '5.00' },
      inventory: { trackQuantity: false, inStock: true },
    });
    const buyers = await newVisitors(srv, 12);
    const checkouts = await Promise.all(buyers.map((b) => checkoutOf(srv, b, [[poster, 3]])));
    const answers = await Promise.all(checkouts.map((co, i) => payByCard(srv, buyers[i]!, co)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const seen = await call<{ product: Product }>(srv.url, 'GET', `/catalog/v1/products/${poster.id}`, {
      auth: c.owner,
    });
    expect(seen.body.product.inventory).toMatchObject({ trackQuantity: false, inStock: true });

    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[poster, 1]]);
    const out = await call(srv.url, 'POST', `/catalog/v1/products/${poster.id}/adjust-inventory`, {
      auth: c.owner,
      body: { inStock: false },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expectCode(await payByCard(srv, b, co), 409, 'OUT_OF_STOCK');
    expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });
  });

  it('stock.merchant-orders: a merchant order takes its items at once, whatever the trigger, or never (updateInventory false)', async () => {
    const lamp = await counted(4);
    const order = (updateInventory: boolean) =>
      call<{ order: Order }>(srv.url, 'POST', '/ecom/v1/orders', {
        auth: ecomKey,
        body: {
          order: {
            lineItems: [{ catalogReference: ref(lamp.id), quantity: 1 }],
            buyerInfo: { email: 'p@example.com' },
          },
          settings: { updateInventory },
        },
      });
    // Kept elsewhere: placed and paid without touching the count.
    const kept = await order(false);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await markPaid(kept.body.order.id)).status).toBe(200);
    expect(await stockOf(srv, lamp.id)).toBe(4);
    // Eight phone orders at once for 4 units, unpaid (the shop takes stock when paid): exactly 4 are placed.
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(true)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    for (const a of answers.filter((x) => x.status !== 200)) expect(appCode(a.body)).toBe('OUT_OF_STOCK');
    expect(await stockOf(srv, lamp.id)).toBe(0);
  });
});
