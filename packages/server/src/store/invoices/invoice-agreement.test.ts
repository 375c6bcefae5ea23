import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderInvoice, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { drawnText } from '../../test/pdf-text.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { cardToken, checkoutFor, collector, orderOf, place, placeAndCharge } from '../orders/testing.js';

// One invoice state, read in one place: the order carries it, so the buyer's order page, the dashboard and the PDF
// always tell the same story, and a dashboard view needs no read that fails before an invoice exists.

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { name: 'Desk lamp', price: { amount: '30.00' } });
}, 120_000);

/** A card-paid order of the test visitor, with the thank-you token the buyer's page is opened with. */
async function paidOrder(): Promise<{ order: Order; token: string }> {
  const co = await checkoutFor(srv, c.visitor, lamp);
  const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { order: res.body.order, token: res.body.thankYouToken };
}

/** The order as the buyer's page reads it: a visitor's browser holding only the thank-you token. */
async function buyersView(id: string, token: string): Promise<Order> {
  const res = await call<{ order: Order }>(srv.url, 'GET', `/ecom/v1/orders/${id}?token=${token}`, {
    auth: `Bearer ${await srv.visitorToken()}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

async function pdfOf(id: string, token: string) {
  const res = await fetch(`${srv.url}/ecom/v1/orders/${id}/invoice.pdf?token=${token}`, {
    headers: { authorization: `Bearer ${await srv.visitorToken()}` },
  });
  expect(res.status).toBe(200);
  return {
    file: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1],
    text: drawnText(Buffer.from(await res.arrayBuffer())),
  };
}

/** The PDF's first lines: the seller, the title, then number, order, dates and the status in the buyer's words. */
const header = (text: string) => text.split('\n').slice(0, 7);

const invoiceCall = (method: string, id: string) =>
  call<{ invoice: OrderInvoice }>(srv.url, method, `/ecom/v1/orders/${id}/invoice`, { auth: c.owner });

describe('one invoice status for the buyer and the owner', () => {
  it('before one is issued: neither has an invoice, and the buyer’s PDF is the order’s receipt, not an invoice', async () => {
    const { order, token } = await paidOrder();
    expect(order.invoice).toBeUndefined();
    expect((await orderOf(srv, c.owner, order.id)).invoice).toBeUndefined();
    expect((await buyersView(order.id, token)).invoice).toBeUndefined();
    const pdf = await pdfOf(order.id, token);
    expect(pdf.file).toBe(`Receipt-${order.number}.pdf`);
    expect(pdf.text).toContain('RECEIPT');
    expect(pdf.text).toContain(`Order ${order.number}`);
    expect(pdf.text).not.toContain('INV-');
    expect(pdf.text).not.toContain('INVOICE');
  });

  it('an unpaid order’s PDF is a pro forma invoice stating what is due', async () => {
    const co = await checkoutFor(srv, c.visitor, lamp, 1, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
    const res = await place(srv, c.visitor, co.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pdf = await pdfOf(res.body.orderId, res.body.thankYouToken);
    expect(pdf.file).toBe(`Pro-forma-${res.body.order.number}.pdf`);
    expect(pdf.text).toContain('PRO FORMA INVOICE');
    expect(pdf.text).toContain('Due');
    expect(pdf.text).not.toContain('INV-');
  });

  it('once issued: the owner, the buyer, the API and the PDF give the same number and status', async () => {
    const { order, token } = await paidOrder();
    const issued = await invoiceCall('POST', order.id);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const owners = (await orderOf(srv, c.owner, order.id)).invoice;
    const buyers = (await buyersView(order.id, token)).invoice;
    expect(owners).toMatchObject({ number: `INV-${order.number}`, status: 'Paid', amountDue: { amount: '0.00' } });
    expect(buyers).toEqual(owners);
    expect((await invoiceCall('GET', order.id)).body.invoice).toEqual(owners);
    const pdf = await pdfOf(order.id, token);
    expect(pdf.file).toBe(`INV-${order.number}.pdf`);
    expect(pdf.text).toContain(`Invoice INV-${order.number}`);
    expect(header(pdf.text)).toContain('Paid');
  });

  it('follows a payment for both: an issued, unpaid invoice reads Due, then Paid once paid', async () => {
    const co = await checkoutFor(srv, c.visitor, lamp, 1, { paymentOption: 'FULL_PAYMENT_OFFLINE' });
    const placed = await place(srv, c.visitor, co.id);
    const { orderId, thankYouToken: token } = placed.body;
    await invoiceCall('POST', orderId);
    expect((await buyersView(orderId, token)).invoice?.status).toBe('Draft');
    expect(header((await pdfOf(orderId, token)).text)).toContain('Due');
    expect((await collector(srv, c.owner, orderId, 'mark-as-paid')).status).toBe(200);
    expect((await buyersView(orderId, token)).invoice?.status).toBe('Paid');
    expect((await orderOf(srv, c.owner, orderId)).invoice?.status).toBe('Paid');
  });

  it('after removal both read it removed, and the buyer’s PDF is the receipt again', async () => {
    const { order, token } = await paidOrder();
    await invoiceCall('POST', order.id);
    expect((await invoiceCall('DELETE', order.id)).status).toBe(200);
    expect((await orderOf(srv, c.owner, order.id)).invoice?.status).toBe('Deleted');
    expect((await buyersView(order.id, token)).invoice?.status).toBe('Deleted');
    expect((await pdfOf(order.id, token)).file).toBe(`Receipt-${order.number}.pdf`);
  });

  it('an order search carries each order’s invoice too (the dashboard lists read it without a request per order)', async () => {
    const { order } = await paidOrder();
    await invoiceCall('POST', order.id);
    const res = await call<{ orders: Order[] }>(srv.url, 'POST', '/ecom/v1/orders/search', {
      auth: c.owner,
      body: { search: { filter: { number: order.number } } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders[0]?.invoice).toMatchObject({ number: `INV-${order.number}`, status: 'Paid' });
  });
});
