import { describe, expect, it } from 'vitest';
import type { Order, OrderTransactions, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { ref, setCheckoutSettings } from '../checkout/testing.js';
import { checkoutOf, expectCode, madeFrom, newVisitor, payByCard, sameCheckouts } from './rules-testing.js';
import { cardToken, collector, orderOf, place, placeAndCharge, stockOf } from './testing.js';

/**
 * The stock policies of docs/store/rules.md: when an order takes its items out of stock (the checkout settings'
 * inventoryUpdateTrigger, a merchant's updateInventory), what items whose stock is not counted do, and that no path
 * (placing, marking paid) ever takes more than is left. Through the routes a buyer and the owner call.
 */

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });

const counted = (quantity: number) =>
  createProduct(srv, c.owner, { price: { amount: '5.00' }, inventory: { trackQuantity: true, quantity } });

/** An offline (pay later) order of `quantity` × product by a new visitor, placed with create-order. */
async function offlineOrder(product: Product, quantity = 1) {
  const b = await newVisitor(srv);
  const co = await checkoutOf(srv, b, [[product, quantity]], { paymentOption: 'FULL_PAYMENT_OFFLINE' });
  return place(srv, b, co.id);
}

const markPaid = (orderId: string) => collector(srv, c.owner, orderId, 'mark-as-paid');
const paymentsOf = async (orderId: string) =>
  (
    await call<{ orderTransactions: OrderTransactions }>(srv.url, 'GET', `/ecom/v1/orders/${orderId}/transactions`, {
      auth: c.owner,
    })
  ).body.orderTransactions.payments.map((p) => p.id);
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

describe('money in hand holds the stock, and canceling puts it back by the shop’s setting', () => {
  it('stock.held-when-money-in: two buyers with deposits for the last unit at once: one order holds it, the other is refused; its balance is paid', async () => {
    const sofa = await createProduct(srv, c.owner, {
      price: { amount: '100.00' },
      deposit: { amount: '20.00' },
      inventory: { trackQuantity: true, quantity: 1 },
    });
    const { buyers, checkouts } = await sameCheckouts(srv, 2, [[sofa, 1]], { paymentOption: 'DEPOSIT_ONLINE' });
    const answers = await Promise.all(checkouts.map((co, i) => payByCard(srv, buyers[i]!, co)));
    const won = answers.findIndex((a) => a.status === 200);
    expect(won, JSON.stringify(answers.map((a) => a.body))).toBeGreaterThanOrEqual(0);
    expect(answers[won]!.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    expectCode(answers[1 - won]!, 409, 'OUT_OF_STOCK');
    expect(await madeFrom(srv, [checkouts[1 - won]!.id])).toEqual({ orders: [], payments: [] });
    expect(await stockOf(srv, sofa.id)).toBe(0);
    // The balance is paid later: the unit was held, so nothing can run out, and nothing is taken twice.
    const orderId = answers[won]!.body.orderId;
    expect((await markPaid(orderId)).status).toBe(200);
    expect((await orderOf(srv, c.owner, orderId)).paymentStatus).toBe('PAID');
    expect(await stockOf(srv, sofa.id)).toBe(0);
  });

  it('stock.held-when-money-in: a delayed capture holds the unit it authorized; 4 buyers at once for 2 units, then captured', async () => {
    const lamp = await counted(2);
    const { buyers, checkouts } = await sameCheckouts(srv, 4, [[lamp, 1]]);
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const answers = await Promise.all(
      checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!, { delayCapture: true })),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(2);
    for (const a of ok) expect(a.body.order.paymentStatus).toBe('PENDING_MERCHANT');
    for (const a of answers.filter((x) => x.status !== 200)) expectCode(a, 409, 'OUT_OF_STOCK');
    expect(await stockOf(srv, lamp.id)).toBe(0);
    const capture = await collector(srv, c.owner, ok[0]!.body.orderId, 'capture-authorized-payments', {
      payments: [{ paymentId: (await paymentsOf(ok[0]!.body.orderId))[0]! }],
    });
    expect(capture.status, JSON.stringify(capture.body)).toBe(200);
    expect((await orderOf(srv, c.owner, ok[0]!.body.orderId)).paymentStatus).toBe('PAID');
    expect(await stockOf(srv, lamp.id)).toBe(0);
  });

  it('order.restock-default: a cancel that does not say follows restockAction (RESTOCK puts back, DECREASE keeps out); saying wins', async () => {
    const vase = await counted(5);
    const paidOrder = async () => {
      const b = await newVisitor(srv);
      const a = await payByCard(srv, b, await checkoutOf(srv, b, [[vase, 1]]));
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      return a.body.orderId;
    };
    const cancel = async (id: string, body: Record<string, unknown> = {}) => {
      const res = await call(srv.url, 'POST', `/ecom/v1/orders/${id}/cancel`, { auth: c.owner, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const orders = await Promise.all(Array.from({ length: 4 }, paidOrder));
    expect(await stockOf(srv, vase.id)).toBe(1);
    // The default setting, RESTOCK: two cancels at once that don't say put their units back.
    await Promise.all([cancel(orders[0]!), cancel(orders[1]!)]);
    expect(await stockOf(srv, vase.id)).toBe(3);
    await setCheckoutSettings(srv, c.owner, { restockAction: 'DECREASE' });
    try {
      await cancel(orders[2]!);
      expect(await stockOf(srv, vase.id)).toBe(3);
      await cancel(orders[3]!, { restockAllItems: true });
      expect(await stockOf(srv, vase.id)).toBe(4);
    } finally {
      await setCheckoutSettings(srv, c.owner, { restockAction: 'RESTOCK' });
    }
    // And RESTOCK with restockAllItems false keeps the unit out.
    const kept = await paidOrder();
    await cancel(kept, { restockAllItems: false });
    expect(await stockOf(srv, vase.id)).toBe(3);
  });
});

describe('items whose stock is not counted, and merchant orders', () => {
  it('stock.untracked: an item not counted sells to everyone at once while in stock, and to nobody once marked out', async () => {
    const poster = await createProduct(srv, c.owner, {
      price: { amount: '5.00' },
      inventory: { trackQuantity: false, inStock: true },
    });
    const { buyers, checkouts } = await sameCheckouts(srv, 12, [[poster, 3]]);
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
        auth: keys.ecom,
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
