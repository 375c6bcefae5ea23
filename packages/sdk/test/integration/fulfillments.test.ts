/**
 * Fulfillments through the SDK against the real server: the merchant sends part of an order and then the rest, edits
 * the tracking, and the member who bought it reads what was sent; sending more than is left is a PlazaError naming
 * the call's arguments.
 */
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { fulfillments } from '../../src/modules/ecom/fulfillments.js';
import { orders } from '../../src/modules/ecom/orders.js';
import { failure, fixedAuth } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, calls, client } = castClients({ orders, fulfillments }, ['ecom']);

describe('fulfillments through the SDK', () => {
  it('send part, then the rest; edit the tracking; the buyer reads them', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { name: 'Kettle', price: { amount: '20.00' } });
    const { admin } = ctx;
    const line = { catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 3 };
    const { order } = await admin.orders.createOrder({
      lineItems: [line],
      buyerInfo: { memberId: ctx.people.memberA.id },
    });
    const lineId = order.lineItems[0]!.id;

    const first = await admin.fulfillments.createFulfillment(order.id, {
      fulfillment: { lineItems: [{ id: lineId, quantity: 1 }], trackingInfo: { trackingNumber: 'TRK-1' } },
      notifyBuyer: false,
    });
    expect(first.orderFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    const tooMany = await failure(
      admin.fulfillments.createFulfillment(order.id, { fulfillment: { lineItems: [{ id: lineId, quantity: 5 }] } }),
    );
    expect(tooMany.status).toBe(400);
    expect(calls.at(-1)?.argumentNames).toEqual(['orderId', 'request']);
    const rest = await admin.fulfillments.createFulfillment(order.id, { fulfillment: {}, notifyBuyer: false });
    expect(rest.fulfillment.lineItems).toEqual([{ id: lineId, quantity: 2 }]);
    expect(rest.orderFulfillmentStatus).toBe('FULFILLED');

    const edited = await admin.fulfillments.updateFulfillment(order.id, first.fulfillment.id, {
      fulfillment: { trackingInfo: { trackingNumber: 'TRK-2' } },
    });
    expect(edited.fulfillment.trackingInfo?.trackingNumber).toBe('TRK-2');

    const member = client(fixedAuth(ctx.people.memberA.auth));
    const { fulfillments: sent } = await member.fulfillments.listFulfillments(order.id);
    expect(sent.map((f) => f.trackingInfo?.trackingNumber).sort()).toEqual([undefined, 'TRK-2'].sort());
  });
});
