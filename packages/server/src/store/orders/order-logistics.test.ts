import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { drawnText } from '../../test/pdf-text.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall } from '../checkout/testing.js';
import { option, region } from '../shipping/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { cardToken, checkoutFor, orderOf, placeAndCharge } from './testing.js';

// A pickup place's address and a chosen delivery window are frozen onto the order at placement, and every surface
// the server writes (the order, its e-mails, its PDF) says them in words, in the site's locale and time zone.

const { srv, c } = serverSuite({ cast: true });
let cup: Product;

const PLACE = {
  country: 'US',
  subdivision: 'US-IL',
  city: 'Springfield',
  addressLine: '742 Evergreen Terrace',
  postalCode: '62704',
};
const EVERY_DAY = (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((weekday) => ({
  weekday,
  fromHour: 9,
  toHour: 12,
}));

beforeAll(async () => {
  cup = await createProduct(srv, c.owner, { name: 'Cup', price: { amount: '9.00' } });
  // Slots are read in the site's zone: 9:00 in Chicago is 15:00 UTC, so a UTC rendering would read wrong.
  const site = await call(srv.url, 'PATCH', '/site/v1/site', {
    auth: c.owner,
    body: { site: { timeZone: 'America/Chicago' }, fieldMask: { paths: ['timeZone'] } },
  });
  expect(site.status, JSON.stringify(site.body)).toBe(200);
}, 120_000);

const mailOf = async (template: 'ORDER_PLACED' | 'ORDER_SHIPPED' | 'ORDER_READY_FOR_PICKUP', order: Order) => {
  const rows = await srv
    .ctx()
    .db.select()
    .from(mailMessages)
    .where(and(eq(mailMessages.template, template), eq(mailMessages.to, order.buyerInfo.email!)));
  const mail = rows.find((m) => m.text.includes(`order ${order.number}`));
  expect(mail, `${template} for ${order.number}`).toBeDefined();
  return mail!;
};
const pdfText = async (orderId: string) => {
  const res = await fetch(`${srv.url}/ecom/v1/orders/${orderId}/invoice.pdf`, { headers: { authorization: c.owner } });
  expect(res.status).toBe(200);
  return drawnText(new Uint8Array(await res.arrayBuffer()));
};
/** The delivery cells (the last three columns) of the order's row in the owner's CSV export. */
const csvDelivery = async (number: string) => {
  const res = await fetch(`${srv.url}/ecom/v1/orders/export`, {
    method: 'POST',
    headers: { authorization: c.owner, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  const row = (await res.text()).split('\n').find((r) => r.startsWith(`${number},`))!;
  // Cells: quoted (may hold commas) or bare; the row ends with the three delivery cells.
  const cells = [...`${row},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)].map((m) => m[1]!.replace(/^"|"$/g, ''));
  return cells.slice(-3);
};
const fulfil = (orderId: string) =>
  call(srv.url, 'POST', `/ecom/v1/orders/${orderId}/fulfillments`, { auth: c.owner, body: { fulfillment: {} } });
let seq = 0;
const email = () => `logistics.${Date.now().toString(36)}.${++seq}@example.com`;

describe('a pickup order', () => {
  it('carries the place’s address and hours, and its e-mails and PDF say where to collect it', async () => {
    const created = await call<{ pickupLocation: { id: string } }>(srv.url, 'POST', '/ecom/v1/pickup-locations', {
      auth: c.owner,
      body: {
        pickupLocation: {
          name: 'Evergreen shop',
          pickupMethod: 'STORE_PICKUP',
          address: PLACE,
          businessHours: 'Mon–Fri 9:00–18:00',
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const co = await checkoutFor(srv, c.visitor, cup, 1, {
      buyerInfo: { email: email() },
      shippingInfo: {
        shippingDestination: { address: { country: 'US', subdivision: 'US-IL', postalCode: '62704' } },
        selectedCarrierServiceOption: { code: `pickup:${created.body.pickupLocation.id}` },
      },
    });
    const placed = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const expected = { address: PLACE, businessHours: 'Mon–Fri 9:00–18:00', pickupMethod: 'STORE_PICKUP' };
    expect(placed.body.order.shippingInfo?.logistics.pickupDetails).toMatchObject(expected);
    // The buyer's own read (thank-you token) and the owner's read carry it too.
    const buyer = await call<{ order: Order }>(
      srv.url,
      'GET',
      `/ecom/v1/orders/${placed.body.orderId}?token=${placed.body.thankYouToken}`,
      { auth: `Bearer ${await srv.visitorToken()}` },
    );
    expect(buyer.status).toBe(200);
    expect(buyer.body.order.shippingInfo?.logistics.pickupDetails).toMatchObject(expected);
    const order = await orderOf(srv, c.owner, placed.body.orderId);
    expect(order.shippingInfo?.logistics.pickupDetails?.address.addressLine).toBe('742 Evergreen Terrace');

    const confirmation = await mailOf('ORDER_PLACED', order);
    expect(confirmation.text).toContain('Delivery: Pickup at Evergreen shop');
    expect(confirmation.text).toContain('Pick up at:\n742 Evergreen Terrace\nSpringfield, IL 62704');
    expect(confirmation.text).toContain('Open Mon–Fri 9:00–18:00');
    expect(confirmation.text).not.toContain('Ship to:');
    expect(confirmation.html).toContain('742 Evergreen Terrace');

    expect((await fulfil(order.id)).status).toBe(200);
    const ready = await mailOf('ORDER_READY_FOR_PICKUP', order);
    expect(ready.text).toContain('collect it at Evergreen shop.\n742 Evergreen Terrace\nSpringfield, IL 62704');

    expect(await csvDelivery(order.number)).toEqual([
      'Pickup at Evergreen shop',
      '',
      '742 Evergreen Terrace, Springfield, IL 62704, United States of America, Open Mon–Fri 9:00–18:00',
    ]);

    const pdf = await pdfText(order.id);
    expect(pdf).toContain('Pickup at Evergreen shop');
    expect(pdf).toContain('742 Evergreen Terrace');
    expect(pdf).toContain('Springfield, IL 62704');
  });
});

describe('a delivery with a chosen time slot', () => {
  it('carries the slot, and its e-mails and PDF say it in the site’s time zone', async () => {
    const auth = c.owner;
    const canada = await region(srv, auth, {
      name: 'Canada',
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'CA' }],
    });
    await option(srv, auth, canada.id, {
      title: 'Morning courier',
      rates: [{ price: { amount: '5.00' } }],
      deliveryTimeSlots: EVERY_DAY,
    });
    const shipTo = {
      country: 'CA',
      subdivision: 'CA-ON',
      city: 'Toronto',
      addressLine: '1 Front St W',
      postalCode: 'M5J 2X5',
    };
    const co = await checkoutFor(srv, c.visitor, cup, 1, {
      buyerInfo: { email: email() },
      shippingInfo: { shippingDestination: { address: shipTo } },
    });
    const offered = co.shippingInfo.carrierServiceOptions
      .flatMap((o) => o.shippingOptions)
      .find((o) => o.title === 'Morning courier')!;
    const slot = offered.logistics.deliveryTimeSlots![1]!;
    const picked = await checkoutCall(srv, c.visitor, 'PATCH', co.id, {
      checkout: {
        shippingInfo: {
          shippingDestination: { address: shipTo },
          selectedCarrierServiceOption: { code: offered.code, logistics: { deliveryTimeSlot: slot } },
        },
      },
      fieldMask: { paths: ['shippingInfo.shippingDestination', 'shippingInfo.selectedCarrierServiceOption'] },
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.checkout.shippingInfo.selectedCarrierServiceOption?.logistics.deliveryTimeSlot).toEqual(slot);
    const placed = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.shippingInfo?.logistics.deliveryTimeSlot).toEqual(slot);
    const order = await orderOf(srv, c.owner, placed.body.orderId);
    expect(order.shippingInfo?.logistics.deliveryTimeSlot).toEqual(slot);
    expect(order.shippingInfo?.logistics.pickupDetails).toBeUndefined();

    // 9:00–12:00 in Chicago, whatever day the slot falls on.
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' }).format(
      new Date(slot.from),
    );
    const words = `${day}, 9:00 AM – 12:00 PM`;
    const confirmation = await mailOf('ORDER_PLACED', order);
    expect(confirmation.text).toContain('Delivery: Morning courier');
    expect(confirmation.text).toContain(`Delivery time: ${words}`);
    expect(confirmation.text).toContain('Ship to:');
    expect((await fulfil(order.id)).status).toBe(200);
    expect((await mailOf('ORDER_SHIPPED', order)).text).toContain(`Delivery time: ${words}`);
    expect(await csvDelivery(order.number)).toEqual(['Morning courier', words, '']);
    const pdf = await pdfText(order.id);
    expect(pdf).toContain('Morning courier');
    // The en dash is 0x96 in the standard fonts' encoding (WinAnsi).
    expect(pdf).toContain(words.replace('–', '\x96'));
  });
});
