import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fulfillment, Order, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { cardToken, checkoutFor, orderOf, placeAndCharge } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let cup: Product;

beforeAll(async () => {
  cup = await createProduct(srv, c.owner, { price: { amount: '9.00' } });
}, 120_000);

async function paidOrder(quantity: number): Promise<{ order: Order; token: string }> {
  const co = await checkoutFor(srv, c.visitor, cup, quantity);
  const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
  return { order: res.body.order, token: res.body.thankYouToken };
}
const send = (auth: string, orderId: string, body: unknown) =>
  call<{ fulfillment: Fulfillment; orderFulfillmentStatus: string }>(
    srv.url,
    'POST',
    `/ecom/v1/orders/${orderId}/fulfillments`,
    {
      auth,
      body,
    },
  );

describe('fulfillment', () => {
  it('sends part, then the rest, with tracking; the order follows and the buyer is told', async () => {
    const { order, token } = await paidOrder(3);
    const line = order.lineItems[0]!;
    const first = await send(c.owner, order.id, {
      fulfillment: {
        lineItems: [{ id: line.id, quantity: 1 }],
        trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'UPS', trackingLink: 'https://track.example/1Z999' },
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.orderFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect((await orderOf(srv, c.owner, order.id)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    const tooMany = await send(c.owner, order.id, { fulfillment: { lineItems: [{ id: line.id, quantity: 3 }] } });
    expect(tooMany.status).toBe(400);
    expect(violations(tooMany.body)).toContain('fulfillment.lineItems[0].quantity:VALIDATION');

    const rest = await send(c.owner, order.id, { fulfillment: {} });
    expect(rest.body.fulfillment.lineItems).toEqual([{ id: line.id, quantity: 2 }]);
    expect(rest.body.orderFulfillmentStatus).toBe('FULFILLED');
    const done = await orderOf(srv, c.owner, order.id);
    expect(done.activities.map((a) => a.type)).toEqual(
      expect.arrayContaining([
        'TRACKING_NUMBER_ADDED',
        'TRACKING_LINK_ADDED',
        'ORDER_FULFILLED',
        'SHIPPING_CONFIRMATION_EMAIL_SENT',
      ]),
    );
    const again = await send(c.owner, order.id, { fulfillment: {} });
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('ALREADY_FULFILLED');

    const mails = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.template, 'ORDER_SHIPPED'), eq(mailMessages.to, 'buyer@example.com')));
    expect(
      mails.some((m) => m.text.includes('UPS tracking number 1Z999') && m.text.includes('https://track.example/1Z999')),
    ).toBe(true);
    expect(await eventsOf(srv, first.body.fulfillment.id)).toEqual(['ecom.fulfillment.created']);

    const listed = await call<{ fulfillments: Fulfillment[] }>(
      srv.url,
      'GET',
      `/ecom/v1/orders/${order.id}/fulfillments?token=${token}`,
      { auth: `Bearer ${await srv.visitorToken()}` },
    );
    expect(listed.body.fulfillments).toHaveLength(2);
  });

  it('edits tracking, logged as edited; refuses wrong callers and unknown lines', async () => {
    const { order } = await paidOrder(1);
    const sent = await send(c.owner, order.id, {
      fulfillment: { trackingInfo: { trackingNumber: 'A1' } },
      notifyBuyer: false,
    });
    const edit = await call(srv.url, 'PATCH', `/ecom/v1/orders/${order.id}/fulfillments/${sent.body.fulfillment.id}`, {
      auth: c.owner,
      body: { fulfillment: { trackingInfo: { trackingNumber: 'A2' } } },
    });
    expect(edit.status).toBe(200);
    expect((await orderOf(srv, c.owner, order.id)).activities.map((a) => a.type)).toContain('TRACKING_NUMBER_EDITED');
    const { order: other } = await paidOrder(1);
    expect((await send(c.visitor, other.id, { fulfillment: {} })).status).toBe(403);
    expect((await send(c.contributor.auth, other.id, { fulfillment: {} })).status).toBe(403);
    const unknown = await send(c.owner, other.id, { fulfillment: { lineItems: [{ id: 'nope', quantity: 1 }] } });
    expect(unknown.status).toBe(400);
    expect(violations(unknown.body)).toContain('fulfillment.lineItems[0].id:VALIDATION');
    const badLink = await send(c.owner, other.id, {
      fulfillment: { trackingInfo: { trackingLink: 'javascript:alert(1)' } },
    });
    expect(badLink.status).toBe(400);
  });

  it('a pickup order is "ready for pickup", not shipped: its own e-mail and activity', async () => {
    const pickup = await call<{ pickupLocation: { id: string } }>(srv.url, 'POST', '/ecom/v1/pickup-locations', {
      auth: c.owner,
      body: {
        pickupLocation: {
          name: 'Corner shop',
          pickupMethod: 'STORE_PICKUP',
          address: { country: 'US', city: 'Springfield', addressLine: '1 Main St' },
        },
      },
    });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    const co = await checkoutFor(srv, c.visitor, cup, 1, {
      shippingInfo: {
        shippingDestination: { address: { country: 'US', subdivision: 'US-CA', postalCode: '94105' } },
        selectedCarrierServiceOption: { code: `pickup:${pickup.body.pickupLocation.id}` },
      },
    });
    const placed = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.shippingInfo?.code).toBe(`pickup:${pickup.body.pickupLocation.id}`);
    const ready = await send(c.owner, placed.body.orderId, { fulfillment: {} });
    expect(ready.status).toBe(200);
    const types = (await orderOf(srv, c.owner, placed.body.orderId)).activities.map((a) => a.type);
    expect(types).toContain('PICKUP_READY_EMAIL_SENT');
    expect(types).not.toContain('SHIPPING_CONFIRMATION_EMAIL_SENT');
    const [mail] = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.template, 'ORDER_READY_FOR_PICKUP'),
          eq(mailMessages.subject, `Your order ${placed.body.order.number} is ready for pickup`),
        ),
      );
    expect(mail?.text).toContain('collect it at Corner shop');
  });
});
