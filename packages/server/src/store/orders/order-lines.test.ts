import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, Order, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { drawnText } from '../../test/pdf-text.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { ref } from '../checkout/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { cardToken, ensureTestShipping, placeAndCharge, SHIP_TO } from './testing.js';

// "The variant everywhere": an order of a size and colour shows which one on every surface that reads the order —
// the owner's and the buyer's reads, the e-mails, the CSV export and the invoice PDF — with the delivery method and
// the ship-to where the buyer and the packer need them.

const { srv, c } = serverSuite({ cast: true });
let hoodie: Product;
let placed: CreateOrderResponse;

const SHIP_TO_ADA = {
  shippingDestination: {
    address: SHIP_TO,
    contactDetails: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines' },
  },
};

beforeAll(async () => {
  hoodie = await createProduct(srv, c.owner, {
    name: 'Lavender Hoodie',
    price: { amount: '58.00' },
    sku: 'HOOD',
    media: [{ url: 'https://example.com/hoodie.png', altText: 'A lavender hoodie' }],
    options: [
      { name: 'Size', choices: ['S', 'M'] },
      { name: 'Color', choices: ['Lavender'] },
    ],
    variants: [
      { choices: { Size: 'S', Color: 'Lavender' }, sku: 'HOOD-LAV-S' },
      { choices: { Size: 'M', Color: 'Lavender' }, sku: 'HOOD-LAV-M' },
    ],
  });
  await ensureTestShipping(srv);
  placed = await placeVariant(hoodie.variants.find((v) => v.choices.Size === 'M')!.id);
}, 120_000);

/** A visitor's paid order of 2 × the hoodie in one size, shipped to Ada by the test post. */
async function placeVariant(variantId: string): Promise<CreateOrderResponse> {
  const made = await call<{ checkout: { id: string } }>(srv.url, 'POST', '/ecom/v1/checkouts', {
    auth: c.visitor,
    body: {
      lineItems: [{ catalogReference: ref(hoodie.id, variantId), quantity: 2 }],
      checkoutInfo: { buyerInfo: { email: 'ada@example.com' }, shippingInfo: SHIP_TO_ADA },
      channelType: 'WEB',
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const res = await placeAndCharge(srv, c.visitor, made.body.checkout.id, await cardToken(srv, c.visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const mailsOf = (template: string, number: string) =>
  srv
    .ctx()
    .db.select()
    .from(mailMessages)
    .where(and(eq(mailMessages.template, template), like(mailMessages.subject, `%${number}%`)));

function expectVariant(order: Order) {
  const [line] = order.lineItems;
  expect(line?.productName).toBe('Lavender Hoodie');
  expect(line?.quantity).toBe(2);
  expect(line?.descriptionLines).toEqual([
    { name: 'Size', value: 'M' },
    { name: 'Color', value: 'Lavender' },
  ]);
  expect(line?.sku).toBe('HOOD-LAV-M');
  expect(line?.image?.url).toBe('https://example.com/hoodie.png');
  expect(line?.catalogReference?.options).toEqual({ variantId: expect.any(String) });
  expect(order.shippingInfo?.title).toBe('Test post');
  expect(order.shippingInfo?.logistics.shippingDestination).toEqual(SHIP_TO_ADA.shippingDestination);
}

describe('the variant, its SKU and picture, and the delivery on every read of the order', () => {
  it('the owner and the buyer (thank-you token, another browser) read the options, SKU, picture and delivery', async () => {
    const { order, thankYouToken } = placed;
    const owner = await call<{ order: Order }>(srv.url, 'GET', `/ecom/v1/orders/${order.id}`, { auth: c.owner });
    expect(owner.status).toBe(200);
    expectVariant(owner.body.order);

    const elsewhere = `Bearer ${await srv.visitorToken()}`;
    const buyer = await call<{ order: Order }>(srv.url, 'GET', `/ecom/v1/orders/${order.id}?token=${thankYouToken}`, {
      auth: elsewhere,
    });
    expect(buyer.status).toBe(200);
    expectVariant(buyer.body.order);
    // The same read without the token is nobody's business.
    expect((await call(srv.url, 'GET', `/ecom/v1/orders/${order.id}`, { auth: elsewhere })).status).toBe(404);

    const found = await call<{ orders: Order[] }>(srv.url, 'POST', '/ecom/v1/orders/search', {
      auth: c.owner,
      body: { search: { filter: { number: order.number } } },
    });
    expect(found.status).toBe(200);
    expectVariant(found.body.orders[0]!);
  });

  it('the shipping e-mail names the size, SKU, delivery method and address, and only what this parcel holds', async () => {
    const { order } = placed;
    const sent = await call(srv.url, 'POST', `/ecom/v1/orders/${order.id}/fulfillments`, {
      auth: c.owner,
      body: {
        fulfillment: {
          lineItems: [{ id: order.lineItems[0]!.id, quantity: 1 }],
          trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'UPS' },
        },
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = await mailsOf('ORDER_SHIPPED', order.number);
    expect(mail?.text).toContain('- Lavender Hoodie\n  Size: M, Color: Lavender · SKU HOOD-LAV-M\n');
    expect(mail?.text).not.toContain('2 × Lavender Hoodie');
    expect(mail?.text).toContain('Delivery: Test post');
    expect(mail?.text).toContain('Ship to:\nAda Lovelace\nAnalytical Engines\nLaugavegur 1\n101 Reykjavík\nIceland\n');
    expect(mail?.html).toContain('Size: M, Color: Lavender · SKU HOOD-LAV-M');
    expect(mail?.html).toContain('<img src="https://example.com/hoodie.png"');
  });

  it('the CSV export has the options and the SKU of each line', async () => {
    const res = await fetch(`${srv.url}/ecom/v1/orders/export`, {
      method: 'POST',
      headers: { authorization: c.owner, 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { number: placed.order.number } }),
    });
    expect(res.status).toBe(200);
    const [header, row] = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('Items,Options,SKU,Total');
    expect(row).toContain('2 × Lavender Hoodie,"Size: M, Color: Lavender",HOOD-LAV-M,116.00');
  });

  it('the invoice PDF prints the options and the SKU under the item', async () => {
    const { order, thankYouToken } = placed;
    const res = await fetch(`${srv.url}/ecom/v1/orders/${order.id}/invoice.pdf?token=${thankYouToken}`, {
      headers: { authorization: `Bearer ${await srv.visitorToken()}` },
    });
    expect(res.status).toBe(200);
    const text = drawnText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Lavender Hoodie');
    expect(text).toContain('Size: M, Color: Lavender · SKU HOOD-LAV-M');
  });
});

// Placement writes the confirmation (orders/placement*.ts): it passes `mailLines(tx, checkout.lineItems)` and
// `mailShipping(snapshot.shippingInfo)` (orders/mail-lines.ts), so the buyer's first e-mail already says which size.
describe('the order confirmation e-mail', () => {
  it('names the size, SKU, delivery method and ship-to', async () => {
    const [mail] = await mailsOf('ORDER_PLACED', placed.order.number);
    expect(mail?.text).toContain('- 2 × Lavender Hoodie\n  Size: M, Color: Lavender · SKU HOOD-LAV-M\n');
    expect(mail?.text).toContain('Delivery: Test post');
    expect(mail?.text).toContain('Ship to:\nAda Lovelace\nAnalytical Engines\nLaugavegur 1\n101 Reykjavík\nIceland\n');
  });
});
