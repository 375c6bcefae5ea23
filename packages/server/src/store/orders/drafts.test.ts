import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommitDeltasResponse, Order, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { ref } from '../checkout/testing.js';
import { cardToken, checkoutFor, collector, orderOf, placeAndCharge, stockOf } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let lamp: Product;
let bulb: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, {
    name: 'Desk lamp',
    price: { amount: '40.00' },
    inventory: { trackQuantity: true, quantity: 20 },
  });
  bulb = await createProduct(srv, c.owner, {
    name: 'Bulb',
    price: { amount: '5.00' },
    inventory: { trackQuantity: true, quantity: 20 },
  });
}, 120_000);

const commit = (auth: string | undefined, id: string, body: unknown) =>
  call<CommitDeltasResponse>(srv.url, 'POST', `/ecom/v1/orders/${id}/commit-deltas`, {
    ...(auth ? { auth } : {}),
    body,
  });
const reasonsOf = (body: unknown) =>
  (body as { details?: { applicationError?: { data?: { reasons?: string[] } } } }).details?.applicationError?.data
    ?.reasons;

/** An unpaid phone order (offline payment) of `quantity` lamps. */
async function phoneOrder(quantity = 1, extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await call<{ order: Order }>(srv.url, 'POST', '/ecom/v1/orders', {
    auth: keys.ecom,
    body: { order: { lineItems: [{ catalogReference: ref(lamp.id), quantity }], ...extra } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

/** A lamp bought and paid by card on the storefront. */
async function paidOrder(): Promise<Order> {
  const checkout = await checkoutFor(srv, c.visitor, lamp);
  const res = await placeAndCharge(srv, c.visitor, checkout.id, await cardToken(srv, c.visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

describe('commit-deltas: previewing a draft', () => {
  it('answers the new totals without writing anything', async () => {
    const order = await phoneOrder(1);
    const stock = await stockOf(srv, lamp.id);
    const res = await commit(c.owner, order.id, {
      changes: {
        lineItemsChanged: [{ lineItemId: order.lineItems[0]!.id, quantity: 3 }],
        customLineItemsAdded: [{ productName: 'Gift wrap', quantity: 1, price: { amount: '2.50' } }],
        shipping: { title: 'Courier', price: { amount: '7.00' } },
      },
      commitSettings: { previewOnly: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.commitStatus).toBe('DRAFT');
    expect(res.body.previousPriceSummary.total.amount).toBe('40.00');
    expect(res.body.order.priceSummary.subtotal.amount).toBe('122.50');
    expect(res.body.order.priceSummary.shipping.amount).toBe('7.00');
    expect(res.body.order.priceSummary.total.amount).toBe('129.50');
    expect(res.body.balanceDue.amount).toBe('129.50');
    expect(res.body.order.lineItems.map((l) => [l.productName, l.quantity])).toEqual([
      ['Desk lamp', 3],
      ['Gift wrap', 1],
    ]);
    const still = await orderOf(srv, c.owner, order.id);
    expect(still.priceSummary.total.amount).toBe('40.00');
    expect(still.lineItems).toHaveLength(1);
    expect(still.activities.map((a) => a.type)).not.toContain('DRAFT_ORDER_CHANGES_APPLIED');
    expect(await stockOf(srv, lamp.id)).toBe(stock);
  });
});

describe('commit-deltas: committing', () => {
  it('changes lines, moves the stock for the difference and logs the changes in words', async () => {
    const order = await phoneOrder(2);
    const [lamps, bulbs] = [await stockOf(srv, lamp.id), await stockOf(srv, bulb.id)];
    const res = await commit(keys.ecom, order.id, {
      changes: {
        lineItemsChanged: [{ lineItemId: order.lineItems[0]!.id, quantity: 1, price: { amount: '35.00' } }],
        lineItemsAdded: [{ catalogReference: ref(bulb.id), quantity: 4 }],
        discountsAdded: [{ percentage: 10, description: 'Sorry for the wait' }],
      },
      reason: 'Customer called',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.commitStatus).toBe('COMMITTED');
    const after = await orderOf(srv, c.owner, order.id);
    // 35 + 4 × 5 = 55, less 10 %.
    expect(after.priceSummary.subtotal.amount).toBe('55.00');
    expect(after.priceSummary.discount.amount).toBe('5.50');
    expect(after.priceSummary.total.amount).toBe('49.50');
    expect(after.appliedDiscounts[0]?.merchantDiscount?.description).toBe('Sorry for the wait');
    expect(await stockOf(srv, lamp.id)).toBe(lamps + 1);
    expect(await stockOf(srv, bulb.id)).toBe(bulbs - 4);
    const logged = after.activities.find((a) => a.type === 'DRAFT_ORDER_CHANGES_APPLIED');
    expect(logged?.draftOrderChanges?.reason).toBe('Customer called');
    expect(logged?.draftOrderChanges?.changes).toEqual([
      'Desk lamp: quantity 2 → 1',
      'Desk lamp: price $40.00 → $35.00',
      'Added 4 × Bulb at $5.00',
      'Discount added: 10% (Sorry for the wait)',
      'Total: $80.00 → $49.50',
    ]);
    expect(await eventsOf(srv, order.id)).toContain('ecom.order.updated');
    // Search finds it by the item it gained, with its new total.
    const found = await call<{ orders: Order[] }>(srv.url, 'POST', '/ecom/v1/orders/search', {
      auth: c.owner,
      body: { search: { filter: { number: after.number, text: 'bulb' } } },
    });
    expect(found.body.orders.map((o) => o.priceSummary.total.amount)).toEqual(['49.50']);
  });

  it('keeps the discounts the order was sold with, and takes one off when asked', async () => {
    const order = await phoneOrder(1, { merchantDiscounts: [{ amount: { amount: '10.00' }, description: 'Regular' }] });
    expect(order.priceSummary.total.amount).toBe('30.00');
    const more = await commit(c.owner, order.id, {
      changes: { lineItemsChanged: [{ lineItemId: order.lineItems[0]!.id, quantity: 2 }] },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.order.priceSummary.total.amount).toBe('70.00');
    expect(more.body.order.appliedDiscounts[0]?.merchantDiscount?.description).toBe('Regular');
    const off = await commit(c.owner, order.id, { changes: { discountsRemoved: [0] } });
    expect(off.body.order.priceSummary.total.amount).toBe('80.00');
    expect(off.body.order.appliedDiscounts).toEqual([]);
  });

  it('asks for the difference when a paid order grows', async () => {
    const order = await paidOrder();
    expect(order.paymentStatus).toBe('PAID');
    const res = await commit(c.owner, order.id, {
      changes: { additionalFeesAdded: [{ name: 'Express handling', price: { amount: '6.00' } }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('PARTIALLY_PAID');
    expect(res.body.balanceDue.amount).toBe('6.00');
    expect(res.body.order.priceSummary.additionalFees.amount).toBe('6.00');
    expect(res.body.order.activities.map((a) => a.type)).toContain('ORDER_PARTIALLY_PAID');
  });

  it('commits the same draft once, even sent 20 times at once', async () => {
    const order = await phoneOrder(1);
    const stock = await stockOf(srv, lamp.id);
    const draftOrderId = randomUUID();
    const body = {
      draftOrderId,
      changes: { lineItemsAdded: [{ catalogReference: ref(lamp.id), quantity: 1 }] },
    };
    const all = await Promise.all(Array.from({ length: 20 }, () => commit(c.owner, order.id, body)));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await orderOf(srv, c.owner, order.id);
    expect(after.lineItems).toHaveLength(2);
    expect(after.priceSummary.total.amount).toBe('80.00');
    expect(after.activities.filter((a) => a.type === 'DRAFT_ORDER_CHANGES_APPLIED')).toHaveLength(1);
    expect(await stockOf(srv, lamp.id)).toBe(stock - 1);
  });

  it('rolls back whole when an added item is out of stock', async () => {
    const scarce = await createProduct(srv, c.owner, {
      name: 'Last one',
      price: { amount: '9.00' },
      inventory: { trackQuantity: true, quantity: 1 },
    });
    const order = await phoneOrder(1);
    const stock = await stockOf(srv, lamp.id);
    const res = await commit(c.owner, order.id, {
      changes: {
        lineItemsChanged: [{ lineItemId: order.lineItems[0]!.id, quantity: 2 }],
        lineItemsAdded: [{ catalogReference: ref(scarce.id), quantity: 2 }],
      },
    });
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('OUT_OF_STOCK');
    expect(await stockOf(srv, lamp.id)).toBe(stock);
    expect((await orderOf(srv, c.owner, order.id)).lineItems).toHaveLength(1);
  });
});

describe('commit-deltas: refused', () => {
  it('names the reason when the order cannot change', async () => {
    const refunded = await paidOrder();
    const paymentId = (
      await call<{ orderTransactions: { payments: Array<{ id: string }> } }>(
        srv.url,
        'GET',
        `/ecom/v1/orders/${refunded.id}/transactions`,
        { auth: c.owner },
      )
    ).body.orderTransactions.payments[0]!.id;
    const refund = await collector(srv, c.owner, refunded.id, 'trigger-refund', {
      payments: [{ paymentId, amount: { amount: '1.00' } }],
    });
    expect(refund.status).toBe(200);
    const change = { changes: { shipping: { title: 'Free', price: { amount: '0' } } } };
    const r1 = await commit(c.owner, refunded.id, change);
    expect(r1.status).toBe(409);
    expect(appCode(r1.body)).toBe('DRAFT_ORDER_COMMIT_BLOCKED');
    expect(reasonsOf(r1.body)).toEqual(['PARTIALLY_OR_FULLY_REFUNDED']);

    const canceled = await phoneOrder(1);
    expect(
      (await call(srv.url, 'POST', `/ecom/v1/orders/${canceled.id}/cancel`, { auth: c.owner, body: {} })).status,
    ).toBe(200);
    expect(reasonsOf((await commit(c.owner, canceled.id, change)).body)).toEqual(['UNSUPPORTED_ORDER_STATUS']);

    const marketplace = await phoneOrder(1, { channelInfo: { type: 'EBAY' } });
    expect(reasonsOf((await commit(c.owner, marketplace.id, change)).body)).toEqual(['UNSUPPORTED_CHANNEL_TYPE']);

    const paid = await paidOrder();
    const cheaper = await commit(c.owner, paid.id, {
      changes: { lineItemsChanged: [{ lineItemId: paid.lineItems[0]!.id, price: { amount: '1.00' } }] },
    });
    expect(cheaper.status).toBe(409);
    expect(reasonsOf(cheaper.body)).toEqual(['AMOUNTS_NOT_ADDING_UP']);
    expect((await orderOf(srv, c.owner, paid.id)).priceSummary.total.amount).toBe(paid.priceSummary.total.amount);
  });

  it('answers bad changes with the field and the rule', async () => {
    const order = await phoneOrder(1);
    const line = order.lineItems[0]!.id;
    const cases: Array<[unknown, string]> = [
      [{ changes: { lineItemsRemoved: ['nope'] } }, 'changes.lineItemsRemoved[0]:VALIDATION'],
      [
        { changes: { lineItemsChanged: [{ lineItemId: 'nope', quantity: 2 }] } },
        'changes.lineItemsChanged[0].lineItemId:VALIDATION',
      ],
      [
        { changes: { lineItemsChanged: [{ lineItemId: line, quantity: 0 }] } },
        'changes.lineItemsChanged[0].quantity:MIN',
      ],
      [{ changes: { lineItemsRemoved: [line] } }, 'changes.lineItemsRemoved:VALIDATION'],
      [
        { changes: { discountsAdded: [{ amount: { amount: '1' }, percentage: 5 }] } },
        'changes.discountsAdded[0]:VALIDATION',
      ],
      [{ changes: { discountsRemoved: [3] } }, 'changes.discountsRemoved[0]:VALIDATION'],
      [{ changes: { shipping: { title: 'X', price: { amount: '-1' } } } }, 'changes.shipping.price.amount:FORMAT'],
      [{ changes: {}, draftOrderId: 'x' }, 'draftOrderId:FORMAT'],
    ];
    for (const [body, expected] of cases) {
      const res = await commit(c.owner, order.id, body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(violations(res.body)).toContain(expected);
    }
    expect((await orderOf(srv, c.owner, order.id)).activities.map((a) => a.type)).toEqual(['ORDER_PLACED']);
    expect((await commit(c.owner, 'not-a-uuid', { changes: {} })).status).toBe(400);
    expect((await commit(c.owner, randomUUID(), { changes: {} })).status).toBe(404);
  });

  it('is for the owner and API keys only', async () => {
    const order = await phoneOrder(1);
    const body = { changes: { shipping: { title: 'Free', price: { amount: '0' } } } };
    expect((await commit(undefined, order.id, body)).status).toBe(401);
    expect((await commit(c.visitor, order.id, body)).status).toBe(403);
    expect((await commit(c.memberA.auth, order.id, body)).status).toBe(403);
    expect((await orderOf(srv, c.owner, order.id)).priceSummary.total.amount).toBe('40.00');
  });
});
