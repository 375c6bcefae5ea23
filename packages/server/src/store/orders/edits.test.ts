import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkOrderResults, Order, Product, SearchOrdersResponse } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { ref } from '../checkout/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { orders } from './tables.js';
import { collector, orderOf, stockOf } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let lamp: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, {
    name: 'Desk lamp',
    price: { amount: '40.00' },
    inventory: { trackQuantity: true, quantity: 10 },
  });
}, 120_000);

const create = (auth: string | undefined, body: unknown) =>
  call<{ order: Order }>(srv.url, 'POST', '/ecom/v1/orders', { ...(auth ? { auth } : {}), body });
const lampLine = (quantity = 1) => ({
  catalogReference: ref(lamp.id),
  quantity,
});
const patch = (auth: string, id: string, body: unknown) =>
  call<{ order: Order }>(srv.url, 'PATCH', `/ecom/v1/orders/${id}`, { auth, body });

async function newOrder(extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await create(keys.ecom, {
    order: { lineItems: [lampLine()], buyerInfo: { email: 'phone@example.com' }, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

describe('creating an order (POST /ecom/v1/orders)', () => {
  it('prices catalog items, takes the stock, and shows the order to its member', async () => {
    const before = await stockOf(srv, lamp.id);
    const res = await create(keys.ecom, {
      order: {
        lineItems: [lampLine(2)],
        buyerInfo: { memberId: c.memberA.id },
        tags: ['phone', 'phone', 'vip'],
        buyerNote: 'Leave at the door',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(order.priceSummary.subtotal.amount).toBe('80.00');
    expect(order.status).toBe('APPROVED');
    expect(order.paymentStatus).toBe('NOT_PAID');
    expect(order.paymentOption).toBe('FULL_PAYMENT_OFFLINE');
    expect(order.channelInfo.type).toBe('BACKOFFICE_MERCHANT');
    expect(order.tags).toEqual(['phone', 'vip']);
    expect(order.buyerInfo.memberId).toBe(c.memberA.id);
    expect(order.buyerInfo.email).toBe(c.memberA.email);
    expect(order.activities[0]).toMatchObject({ type: 'ORDER_PLACED', author: 'An app' });
    expect(await stockOf(srv, lamp.id)).toBe(before - 2);
    const theirs = await call<SearchOrdersResponse>(srv.url, 'POST', '/ecom/v1/orders/search', {
      auth: c.memberA.auth,
      body: {},
    });
    expect(theirs.body.orders.map((o) => o.id)).toContain(order.id);
    expect(await eventsOf(srv, order.id)).toContain('ecom.order.created');
    // No confirmation unless asked: the buyer was told elsewhere.
    const mails = await srv.ctx().db.select().from(mailMessages).where(eq(mailMessages.to, c.memberA.email));
    expect(mails.filter((m) => m.template === 'ORDER_PLACED')).toHaveLength(0);
  });

  it('takes custom items at their own price, keeps the stock when told, and confirms by e-mail when asked', async () => {
    const before = await stockOf(srv, lamp.id);
    const res = await create(keys.ecom, {
      order: {
        lineItems: [lampLine()],
        customLineItems: [{ productName: 'Gift wrapping', quantity: 1, price: { amount: '3.50' } }],
        buyerInfo: { email: 'pos@example.com' },
        channelInfo: { type: 'POS' },
      },
      settings: { updateInventory: false, sendOrderPlacedEmail: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(order.priceSummary.subtotal.amount).toBe('43.50');
    expect(order.channelInfo.type).toBe('POS');
    expect(await stockOf(srv, lamp.id)).toBe(before);
    // Paid later: still its stock is kept elsewhere.
    expect((await collector(srv, c.owner, order.id, 'mark-as-paid')).status).toBe(200);
    expect(await stockOf(srv, lamp.id)).toBe(before);
    const [mail] = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, 'pos@example.com'), eq(mailMessages.template, 'ORDER_PLACED')));
    expect(mail?.text).toContain(`order ${order.number}`);
  });

  it('refuses bad input, naming the field, with nothing written', async () => {
    const count = async () => (await srv.ctx().db.select({ id: orders.id }).from(orders)).length;
    const n = await count();
    const none = await create(keys.ecom, { order: {} });
    expect(none.status).toBe(400);
    expect(violations(none.body)[0]?.split(':')[0]).toBe('order.lineItems');
    const ghost = await create(keys.ecom, {
      order: { lineItems: [lampLine()], buyerInfo: { memberId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(ghost.status).toBe(400);
    expect(violations(ghost.body)[0]?.split(':')[0]).toBe('order.buyerInfo.memberId');
    const ownerCustom = await create(c.owner, {
      order: { customLineItems: [{ productName: 'X', quantity: 1, price: { amount: '1.00' } }] },
    });
    expect(ownerCustom.status).toBe(400);
    expect(violations(ownerCustom.body)[0]).toMatch(/^order\.customLineItems\[0\]/);
    const badQty = await create(keys.ecom, { order: { lineItems: [lampLine(0)] } });
    expect(badQty.status).toBe(400);
    expect(await count()).toBe(n);
  });

  it('is for managers only', async () => {
    const body = { order: { lineItems: [lampLine()] } };
    expect((await create(undefined, body)).status).toBe(401);
    expect((await create(c.memberA.auth, body)).status).toBe(403);
    expect((await create(await srv.createApiKey(['members']), body)).status).toBe(403);
  });
});

describe('changing an order (PATCH)', () => {
  it('changes the e-mail and address with their history, and the search follows', async () => {
    const order = await newOrder({ buyerNote: 'Ring twice' });
    const address = {
      address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001', addressLine: '1 Main St' },
      contactDetails: { firstName: 'Dora', lastName: 'Quill' },
    };
    const res = await patch(c.owner, order.id, {
      order: { buyerInfo: { email: 'new@example.com' }, shippingInfo: { logistics: { shippingDestination: address } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.buyerInfo.email).toBe('new@example.com');
    expect(res.body.order.shippingInfo?.logistics.shippingDestination?.contactDetails?.lastName).toBe('Quill');
    const types = res.body.order.activities.map((a) => a.type);
    expect(types).toContain('EMAIL_EDITED');
    expect(types).toContain('SHIPPING_ADDRESS_EDITED');
    expect(res.body.order.buyerNote).toBe('Ring twice');
    const found = await call<SearchOrdersResponse>(srv.url, 'POST', '/ecom/v1/orders/search', {
      auth: c.owner,
      body: { search: { filter: { text: 'quill' } } },
    });
    expect(found.body.orders.map((o) => o.id)).toEqual([order.id]);
    // A named note left out clears it; tags are replaced.
    const cleared = await patch(c.owner, order.id, {
      order: { tags: ['late'] },
      fieldMask: { paths: ['buyerNote', 'tags'] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.order.buyerNote).toBeUndefined();
    expect(cleared.body.order.tags).toEqual(['late']);
    expect(await eventsOf(srv, order.id)).toContain('ecom.order.updated');
  });

  it('refuses unknown paths, bad tax ids, empty changes, other callers and missing orders', async () => {
    const order = await newOrder();
    const price = await patch(c.owner, order.id, { order: {}, fieldMask: { paths: ['priceSummary'] } });
    expect(price.status).toBe(400);
    expect(violations(price.body)[0]).toBe('fieldMask.paths[0]:FIELD_NOT_ALLOWED');
    const email = await patch(c.owner, order.id, { order: {}, fieldMask: { paths: ['buyerInfo.email'] } });
    expect(violations(email.body)[0]?.split(':')[0]).toBe('order.buyerInfo.email');
    expect((await patch(c.owner, order.id, { order: {} })).status).toBe(400);
    const taxId = await patch(c.owner, order.id, {
      order: { billingInfo: { taxId: { type: 'CPF', value: '111.111.111-11' } } },
    });
    expect(taxId.status).toBe(400);
    expect(violations(taxId.body)[0]?.split(':')[0]).toBe('order.billingInfo.taxId.value');
    expect((await patch(c.memberA.auth, order.id, { order: { tags: ['x'] } })).status).toBe(403);
    const missing = await patch(c.owner, '00000000-0000-4000-8000-000000000000', { order: { tags: ['x'] } });
    expect(missing.status).toBe(404);
    expect((await orderOf(srv, c.owner, order.id)).tags).toEqual([]);
  });

  it('bulk: each order on its own, with the order when asked', async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const ghost = '00000000-0000-4000-8000-000000000001';
    const res = await call<BulkOrderResults>(srv.url, 'POST', '/ecom/v1/bulk/orders/update', {
      auth: keys.ecom,
      body: {
        returnEntity: true,
        orders: [
          { order: { id: a.id, tags: ['wholesale'] } },
          { order: { id: ghost, tags: ['x'] } },
          { order: { id: b.id, buyerNote: 'Call first' }, fieldMask: { paths: ['buyerNote'] } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1 });
    expect(res.body.results[0]?.item?.tags).toEqual(['wholesale']);
    expect(res.body.results[1]?.itemMetadata).toMatchObject({
      id: ghost,
      success: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(res.body.results[2]?.item?.buyerNote).toBe('Call first');
    const quiet = await call<BulkOrderResults>(srv.url, 'POST', '/ecom/v1/bulk/orders/update', {
      auth: keys.ecom,
      body: { orders: [{ order: { id: a.id, tags: [] } }] },
    });
    expect(quiet.body.results[0]?.item).toBeUndefined();
    expect((await orderOf(srv, c.owner, a.id)).tags).toEqual([]);
    const member = await call(srv.url, 'POST', '/ecom/v1/bulk/orders/update', {
      auth: c.memberA.auth,
      body: { orders: [{ order: { id: a.id, tags: ['x'] } }] },
    });
    expect(member.status).toBe(403);
  });
});

describe('a line of an order', () => {
  it('can be renamed and re-described, not re-priced', async () => {
    const order = await newOrder();
    const line = order.lineItems[0]!;
    const url = `/ecom/v1/orders/${order.id}/line-item/${line.id}`;
    const res = await call<{ order: Order }>(srv.url, 'PATCH', url, {
      auth: c.owner,
      body: { lineItem: { productName: 'Brass desk lamp', descriptionLines: [{ name: 'Engraving', value: 'A.B.' }] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changed = res.body.order.lineItems[0]!;
    expect(changed.productName).toBe('Brass desk lamp');
    expect(changed.descriptionLines).toEqual([{ name: 'Engraving', value: 'A.B.' }]);
    expect(changed.price).toEqual(line.price);
    const found = await call<SearchOrdersResponse>(srv.url, 'POST', '/ecom/v1/orders/search', {
      auth: c.owner,
      body: { search: { filter: { text: 'brass' } } },
    });
    expect(found.body.orders.map((o) => o.id)).toEqual([order.id]);
    const price = await call(srv.url, 'PATCH', url, {
      auth: c.owner,
      body: { lineItem: {}, fieldMask: { paths: ['price'] } },
    });
    expect(price.status).toBe(400);
    expect(violations(price.body)[0]).toBe('fieldMask.paths[0]:FIELD_NOT_ALLOWED');
    const extra = await call(srv.url, 'PATCH', url, { auth: c.owner, body: { lineItem: { price: { amount: '1' } } } });
    expect(extra.status).toBe(400);
    const ghost = await call(srv.url, 'PATCH', `/ecom/v1/orders/${order.id}/line-item/nope`, {
      auth: c.owner,
      body: { lineItem: { sku: 'X' } },
    });
    expect(ghost.status).toBe(404);
    expect((await call(srv.url, 'PATCH', url, { auth: c.memberA.auth, body: { lineItem: { sku: 'X' } } })).status).toBe(
      403,
    );
  });
});

describe('comments and custom activities', () => {
  it('can be edited and deleted; the order’s own history cannot', async () => {
    const order = await newOrder();
    const added = await call<{ order: Order }>(srv.url, 'POST', `/ecom/v1/orders/${order.id}/activities`, {
      auth: c.owner,
      body: { activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: 'Called the buyer' } } },
    });
    const comment = added.body.order.activities.find((a) => a.type === 'MERCHANT_COMMENT')!;
    const url = `/ecom/v1/orders/${order.id}/activities/${comment.id}`;
    const edited = await call<{ order: Order; activity: { merchantComment?: { message: string } } }>(
      srv.url,
      'PATCH',
      url,
      { auth: c.owner, body: { activity: { merchantComment: { message: 'Called the buyer twice' } } } },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.activity.merchantComment?.message).toBe('Called the buyer twice');
    const wrongKind = await call(srv.url, 'PATCH', url, {
      auth: c.owner,
      body: { activity: { customActivity: { type: 'x' } } },
    });
    expect(violations(wrongKind.body)[0]?.split(':')[0]).toBe('activity.merchantComment');
    const placed = order.activities.find((a) => a.type === 'ORDER_PLACED')!;
    const history = await call(srv.url, 'DELETE', `/ecom/v1/orders/${order.id}/activities/${placed.id}`, {
      auth: c.owner,
    });
    expect(history.status).toBe(400);
    expect(violations(history.body)[0]?.split(':')[0]).toBe('activityId');
    expect((await call(srv.url, 'DELETE', url, { auth: c.memberA.auth })).status).toBe(403);
    const deleted = await call<{ order: Order }>(srv.url, 'DELETE', url, { auth: keys.ecom });
    expect(deleted.status).toBe(200);
    expect(deleted.body.order.activities.map((a) => a.id)).not.toContain(comment.id);
    expect(deleted.body.order.activities.map((a) => a.id)).toContain(placed.id);
    expect((await call(srv.url, 'DELETE', url, { auth: c.owner })).status).toBe(404);
  });
});
