import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderTransactions, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { newCheckout, ref } from '../checkout/testing.js';
import {
  SHIPPING,
  cardToken,
  collector,
  ensureTestShipping,
  orderOf,
  placeAndCharge,
  stockOf,
} from '../orders/testing.js';

// Per-line restock on refunds (restockInfo SOME_ITEMS): the owner returns some of some lines; never more of a line
// than was bought and not yet returned, even when refunds race; a later ALL_ITEMS or a cancel returns only the rest.

const { srv, c } = serverSuite({ cast: true });
let kettle: Product;
let mug: Product;

beforeAll(async () => {
  const counted = { inventory: { trackQuantity: true, quantity: 100 } };
  kettle = await createProduct(srv, c.owner, { name: 'Kettle', price: { amount: '50.00' }, ...counted });
  mug = await createProduct(srv, c.owner, { name: 'Mug', price: { amount: '10.00' }, ...counted });
  await ensureTestShipping(srv);
}, 120_000);

type Tx = { orderTransactions: OrderTransactions };

/** A paid card order of 3 kettles and 2 mugs (170.00), its payment and its two lines. */
async function paidOrder() {
  const co = await newCheckout(srv, c.visitor, {
    lineItems: [
      { catalogReference: ref(kettle.id), quantity: 3 },
      { catalogReference: ref(mug.id), quantity: 2 },
    ],
    checkoutInfo: { buyerInfo: { email: 'restock@example.com' }, shippingInfo: SHIPPING },
    channelType: 'WEB',
  });
  const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = res.body.order;
  const tx = await call<Tx>(srv.url, 'GET', `/ecom/v1/orders/${order.id}/transactions`, { auth: c.owner });
  const line = (name: string) => order.lineItems.find((l) => l.productName === name)!.id;
  return {
    order,
    paymentId: tx.body.orderTransactions.payments[0]!.id,
    kettleLine: line('Kettle'),
    mugLine: line('Mug'),
  };
}

const refund = (orderId: string, body: unknown) => collector(srv, c.owner, orderId, 'trigger-refund', body);
const some = (paymentId: string, items: unknown[], amount = '10.00') => ({
  payments: [{ paymentId, amount: { amount } }],
  sideEffects: { restockInfo: { type: 'SOME_ITEMS', items } },
});
const stocks = async () => [await stockOf(srv, kettle.id), await stockOf(srv, mug.id)];

describe('refund restock, line by line', () => {
  it('returns the chosen quantities of the chosen lines, and says so on the refund', async () => {
    const { order, paymentId, kettleLine } = await paidOrder();
    const [k, m] = await stocks();
    const res = await refund(order.id, some(paymentId, [{ lineItemId: kettleLine, quantity: 2 }]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stocks()).toEqual([k! + 2, m]);
    const [r] = (res.body as Tx).orderTransactions.refunds;
    expect(r?.restockedItems).toBe(true);
    expect(r?.restockedLineItems).toEqual([{ lineItemId: kettleLine, quantity: 2 }]);
    const logged = (await orderOf(srv, c.owner, order.id)).activities.find((a) => a.type === 'ORDER_REFUNDED');
    expect(logged?.orderRefunded?.restockedItems).toBe(true);
  });

  it('refuses more than was bought and not yet returned, naming the line, and moves no money', async () => {
    const { order, paymentId, kettleLine, mugLine } = await paidOrder();
    const before = await stocks();
    const over = await refund(order.id, some(paymentId, [{ lineItemId: mugLine, quantity: 3 }]));
    expect(over.status).toBe(400);
    expect(violations(over.body)).toEqual(['sideEffects.restockInfo.items[0].quantity:VALIDATION']);
    expect(JSON.stringify(over.body)).toContain('At most 2 of “Mug” can go back to stock');
    expect(await stocks()).toEqual(before);
    expect((await orderOf(srv, c.owner, order.id)).balanceSummary.refunded.amount).toBe('0.00');

    const first = await refund(order.id, some(paymentId, [{ lineItemId: kettleLine, quantity: 2 }]));
    expect(first.status).toBe(200);
    const again = await refund(order.id, some(paymentId, [{ lineItemId: kettleLine, quantity: 2 }]));
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('At most 1 of “Kettle”');

    const unknown = await refund(order.id, some(paymentId, [{ lineItemId: 'not-a-line', quantity: 1 }]));
    expect(violations(unknown.body)).toEqual(['sideEffects.restockInfo.items[0].lineItemId:VALIDATION']);
    const twice = await refund(
      order.id,
      some(paymentId, [
        { lineItemId: mugLine, quantity: 1 },
        { lineItemId: mugLine, quantity: 1 },
      ]),
    );
    expect(violations(twice.body)).toEqual(['sideEffects.restockInfo.items[1].lineItemId:VALIDATION']);
    const none = await refund(order.id, some(paymentId, []));
    expect(violations(none.body)).toEqual(['sideEffects.restockInfo.items:REQUIRED_FIELD']);
    const zero = await refund(order.id, some(paymentId, [{ lineItemId: mugLine, quantity: 0 }]));
    expect(zero.status).toBe(400);
    const [k, m] = before;
    expect(await stocks()).toEqual([k! + 2, m]);
  });

  it('ALL_ITEMS after SOME_ITEMS returns only the rest; then nothing is left to return', async () => {
    const { order, paymentId, kettleLine, mugLine } = await paidOrder();
    const [k, m] = await stocks();
    expect((await refund(order.id, some(paymentId, [{ lineItemId: kettleLine, quantity: 1 }]))).status).toBe(200);
    const all = await refund(order.id, {
      payments: [{ paymentId, amount: { amount: '10.00' } }],
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(all.status).toBe(200);
    expect(await stocks()).toEqual([k! + 3, m! + 2]);
    const rest = (all.body as Tx).orderTransactions.refunds[1]?.restockedLineItems;
    expect(rest).toEqual(
      expect.arrayContaining([
        { lineItemId: kettleLine, quantity: 2 },
        { lineItemId: mugLine, quantity: 2 },
      ]),
    );
    const more = await refund(order.id, some(paymentId, [{ lineItemId: mugLine, quantity: 1 }]));
    expect(more.status).toBe(400);
    expect(JSON.stringify(more.body)).toContain('No “Mug” is left to go back to stock');
  });

  it('a cancel with restock after a partial restock returns only what is still out', async () => {
    const { order, paymentId, mugLine } = await paidOrder();
    const [k, m] = await stocks();
    expect((await refund(order.id, some(paymentId, [{ lineItemId: mugLine, quantity: 1 }]))).status).toBe(200);
    const cancel = await call(srv.url, 'POST', `/ecom/v1/orders/${order.id}/cancel`, {
      auth: c.owner,
      body: { restockAllItems: true },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await stocks()).toEqual([k! + 3, m! + 2]);
  });

  it('refunds racing for the same line never return more than was bought', async () => {
    const { order, paymentId, kettleLine } = await paidOrder();
    const [k] = await stocks();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refund(order.id, some(paymentId, [{ lineItemId: kettleLine, quantity: 1 }]))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(2);
    expect(await stockOf(srv, kettle.id)).toBe(k! + 3);
    expect((await orderOf(srv, c.owner, order.id)).balanceSummary.refunded.amount).toBe('30.00');
  });
});
