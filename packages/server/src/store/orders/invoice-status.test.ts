import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderInvoice, OrderPaymentStatus, Product } from '@plaza/contracts';
import { cast, type Cast } from '../../test/community.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { drawnText } from '../../test/pdf-text.js';
import { appCode, call } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { ref } from '../checkout/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { collector, orderOf } from './testing.js';
import { INVOICE_DUE_DAYS, invoiceStateOf, invoiceStatus } from './invoice-status.js';

const DAY = 86_400_000;
const ISSUED = '2026-03-01T10:00:00.000Z';
const at = (days: number) => new Date(Date.parse(ISSUED) + days * DAY);
const added = { type: 'INVOICE_ADDED' as const, createdDate: ISSUED };

describe('invoice status (pure)', () => {
  const facts = (over: Partial<Parameters<typeof invoiceStateOf>[0]> = {}) => ({
    orderNumber: 1001,
    activities: [added],
    approval: 'APPROVED' as const,
    paymentStatus: 'NOT_PAID' as OrderPaymentStatus,
    now: at(1),
    ...over,
  });
  const statusOf = (over: Partial<Parameters<typeof invoiceStateOf>[0]> = {}) => invoiceStateOf(facts(over))?.status;

  it('has no invoice until one is issued', () => {
    expect(invoiceStateOf(facts({ activities: [] }))).toBeUndefined();
    expect(invoiceStateOf(facts({ activities: [{ type: 'INVOICE_SENT', createdDate: ISSUED }] }))).toBeUndefined();
  });

  it('is numbered after the order, issued when added and due 30 days later', () => {
    expect(INVOICE_DUE_DAYS).toBe(30);
    expect(invoiceStateOf(facts())).toEqual({
      number: 'INV-1001',
      status: 'Draft',
      issueDate: ISSUED,
      dueDate: at(30).toISOString(),
    });
  });

  it('gives every status of the spec', () => {
    const sent = [added, { type: 'INVOICE_SENT' as const, createdDate: at(1).toISOString() }];
    expect(statusOf()).toBe('Draft');
    expect(statusOf({ activities: sent })).toBe('Sent');
    expect(statusOf({ paymentStatus: 'PENDING' })).toBe('Processing');
    expect(statusOf({ paymentStatus: 'PENDING_MERCHANT' })).toBe('Processing');
    expect(statusOf({ paymentStatus: 'PAID' })).toBe('Paid');
    expect(statusOf({ paymentStatus: 'PAID', now: at(90) })).toBe('Paid');
    expect(statusOf({ paymentStatus: 'FULLY_REFUNDED' })).toBe('Paid');
    expect(statusOf({ paymentStatus: 'PARTIALLY_PAID' })).toBe('PartiallyPaid');
    expect(statusOf({ paymentStatus: 'PARTIALLY_PAID', now: at(31) })).toBe('PartialAndOverdue');
    expect(statusOf({ now: at(30) })).toBe('Draft'); // due that moment, not yet late
    expect(statusOf({ now: at(31) })).toBe('Overdue');
    expect(statusOf({ activities: sent, now: at(31), paymentStatus: 'DECLINED' })).toBe('Overdue');
    expect(statusOf({ approval: 'CANCELED', paymentStatus: 'PAID' })).toBe('Void');
    expect(statusOf({ approval: 'REJECTED' })).toBe('Void');
    const removed = [added, { type: 'INVOICE_REMOVED' as const, createdDate: at(2).toISOString() }];
    expect(statusOf({ activities: removed, approval: 'CANCELED' })).toBe('Deleted');
  });

  it('applies sent and removed to the latest invoice; issuing again numbers a new one', () => {
    const later = at(5).toISOString();
    const state = invoiceStateOf(
      facts({
        activities: [
          added,
          { type: 'INVOICE_SENT', createdDate: at(1).toISOString() },
          { type: 'INVOICE_REMOVED', createdDate: at(2).toISOString() },
          { type: 'ORDER_PAID', createdDate: at(3).toISOString() },
          { type: 'INVOICE_ADDED', createdDate: later },
        ],
      }),
    );
    expect(state).toMatchObject({ number: 'INV-1001-2', status: 'Draft', issueDate: later });
  });

  it('checks the rules in order: removed, then canceled, then payment, then the date', () => {
    const base = { removed: false, sent: true, overdue: true, approval: 'APPROVED' as const };
    expect(invoiceStatus({ ...base, removed: true, paymentStatus: 'PAID' })).toBe('Deleted');
    expect(invoiceStatus({ ...base, approval: 'CANCELED', paymentStatus: 'PARTIALLY_PAID' })).toBe('Void');
    expect(invoiceStatus({ ...base, paymentStatus: 'PENDING' })).toBe('Processing');
    expect(invoiceStatus({ ...base, paymentStatus: 'NOT_PAID' })).toBe('Overdue');
    expect(invoiceStatus({ ...base, overdue: false, paymentStatus: 'NOT_PAID' })).toBe('Sent');
  });
});

describe('an order’s invoice over HTTP', () => {
  let srv: TestServer;
  let c: Cast;
  let ecomKey: string;
  let mug: Product;
  /** The server's clock runs this far ahead (to reach due dates). */
  let shift = 0;

  beforeAll(async () => {
    srv = await startTestServer({ clock: () => new Date(Date.now() + shift) });
    c = await cast(srv);
    ecomKey = await srv.createApiKey(['ecom']);
    mug = await createProduct(srv, c.owner, { name: 'Blue mug', price: { amount: '40.00' } });
  }, 120_000);
  afterAll(() => srv?.close());

  const GHOST = '00000000-0000-4000-8000-000000000000';
  const path = (id: string, tail = '') => `/ecom/v1/orders/${id}/invoice${tail}`;
  const invoiceCall = (method: string, id: string, auth?: string, tail = '') =>
    call<{ invoice: OrderInvoice }>(srv.url, method, path(id, tail), auth ? { auth } : {});
  const get = (id: string, auth?: string) => invoiceCall('GET', id, auth);
  const issue = (id: string, auth?: string) => invoiceCall('POST', id, auth);
  const remove = (id: string, auth?: string) => invoiceCall('DELETE', id, auth);
  const send = (id: string, auth?: string) => invoiceCall('POST', id, auth, '/send');

  /** An offline order of memberA (or of a guest e-mail), unpaid. */
  async function newOrder(buyerInfo: Record<string, unknown> = { memberId: c.memberA.id }): Promise<Order> {
    const res = await call<{ order: Order }>(srv.url, 'POST', '/ecom/v1/orders', {
      auth: ecomKey,
      body: { order: { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }], buyerInfo } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.order;
  }
  const activityTypes = async (id: string) => (await orderOf(srv, c.owner, id)).activities.map((a) => a.type);

  /** Every route refuses the same wrong calls, with nothing written. */
  async function refusesWrongCalls(
    fn: (id: string, auth?: string) => ReturnType<typeof get>,
    order: Order,
    wrong: string[],
  ) {
    expect((await fn('not-a-uuid', c.owner)).status).toBe(400);
    expect((await fn(order.id)).status).toBe(401);
    for (const auth of wrong) expect((await fn(order.id, auth)).status).toBe(403);
    const missing = await fn(GHOST, c.owner);
    expect(missing.status).toBe(404);
    expect(missing.body).not.toHaveProperty('invoice');
  }

  it('issues an invoice (owner or API key), once, and logs INVOICE_ADDED', async () => {
    const order = await newOrder();
    const res = await issue(order.id, c.owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inv = res.body.invoice;
    expect(inv).toMatchObject({
      number: `INV-${order.number}`,
      status: 'Draft',
      total: { amount: '40.00' },
      amountDue: { amount: '40.00' },
    });
    expect(Date.parse(inv.dueDate) - Date.parse(inv.issueDate)).toBe(30 * DAY);
    expect(await activityTypes(order.id)).toContain('INVOICE_ADDED');
    expect(await eventsOf(srv, order.id)).toContain('ecom.order.updated');
    const again = await issue(order.id, ecomKey);
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('INVOICE_ALREADY_ISSUED');
    expect((await activityTypes(order.id)).filter((t) => t === 'INVOICE_ADDED')).toHaveLength(1);
    // An API key issues too.
    expect((await issue((await newOrder()).id, ecomKey)).status).toBe(200);
  });

  it('issues once when two requests race', async () => {
    const order = await newOrder();
    const both = await Promise.all([issue(order.id, c.owner), issue(order.id, ecomKey)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await activityTypes(order.id)).filter((t) => t === 'INVOICE_ADDED')).toHaveLength(1);
  });

  it('refuses to issue for other callers, bad ids, unknown and canceled orders', async () => {
    const order = await newOrder();
    await refusesWrongCalls(issue, order, [c.memberA.auth, c.visitor, await srv.createApiKey(['members'])]);
    expect(await activityTypes(order.id)).not.toContain('INVOICE_ADDED');
    const canceled = await newOrder();
    expect(
      (await call(srv.url, 'POST', `/ecom/v1/orders/${canceled.id}/cancel`, { auth: c.owner, body: {} })).status,
    ).toBe(200);
    const refused = await issue(canceled.id, c.owner);
    expect(refused.status).toBe(409);
    expect(appCode(refused.body)).toBe('ORDER_CANCELED');
  });

  it('reads the invoice for managers and the order’s member, and for nobody else', async () => {
    const order = await newOrder();
    const none = await get(order.id, c.owner);
    expect(none.status).toBe(404);
    expect(appCode(none.body)).toBe('INVOICE_NOT_ISSUED');
    await issue(order.id, c.owner);
    for (const auth of [c.owner, ecomKey, c.memberA.auth]) {
      const res = await get(order.id, auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.invoice).toMatchObject({ number: `INV-${order.number}`, status: 'Draft' });
    }
    const other = await get(order.id, c.memberB.auth);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(`INV-${order.number}`);
    await refusesWrongCalls(get, order, [c.visitor]);
  });

  it('e-mails the buyer a link that downloads the PDF, and reads Sent', async () => {
    const order = await newOrder();
    expect(appCode((await send(order.id, c.owner)).body)).toBe('INVOICE_NOT_ISSUED');
    await issue(order.id, c.owner);
    const res = await send(order.id, c.owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.invoice.status).toBe('Sent');
    expect(await activityTypes(order.id)).toContain('INVOICE_SENT');
    const [mail] = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, c.memberA.email), eq(mailMessages.template, 'ORDER_INVOICE')));
    expect(mail?.subject).toContain(`INV-${order.number}`);
    expect(mail?.text).toContain(`your order ${order.number}`);
    // The due day as every screen writes dates: the site's locale (en-US) and time zone, medium style.
    const dueOn = /Amount due: \$40\.00 by ([A-Z][a-z]{2} \d{1,2}, \d{4})\b/.exec(mail!.text)?.[1];
    expect(dueOn).toBeDefined();
    expect(mail?.html).toContain('Download the invoice (PDF)');
    const link = /Download the invoice \(PDF\): (\S+)/.exec(mail!.text)?.[1];
    expect(link).toContain(`/ecom/v1/orders/${order.id}/invoice/download?token=`);
    // The buyer's browser: no account, no token header.
    const pdf = await fetch(link!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`INV-${order.number}.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(drawnText(bytes)).toContain(`Due ${dueOn}`);
    expect(drawnText(bytes)).toMatch(/Issued [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // Without the token, or with another's, the link opens nothing.
    const bare = await fetch(`${srv.url}${path(order.id, '/download')}`);
    expect(bare.status).toBe(404);
    const forged = await fetch(`${srv.url}${path(order.id, '/download')}?token=${'x'.repeat(24)}`);
    expect(forged.status).toBe(404);
    await refusesWrongCalls(send, order, [c.memberA.auth, c.visitor]);
    // A guest order without an e-mail cannot be sent.
    const silent = await newOrder({});
    await issue(silent.id, c.owner);
    const refused = await send(silent.id, c.owner);
    expect(refused.status).toBe(409);
    expect(appCode(refused.body)).toBe('BUYER_EMAIL_MISSING');
  });

  it('removes the invoice (Deleted); issuing again makes a new one; the PDF stays available', async () => {
    const order = await newOrder();
    expect(appCode((await remove(order.id, c.owner)).body)).toBe('INVOICE_NOT_ISSUED');
    // The buyer's PDF needs no issued invoice, as before.
    const before = await fetch(`${srv.url}/ecom/v1/orders/${order.id}/invoice.pdf`, {
      headers: { authorization: c.memberA.auth },
    });
    expect(before.status).toBe(200);
    await issue(order.id, c.owner);
    await refusesWrongCalls(remove, order, [c.memberA.auth, c.visitor]);
    const res = await remove(order.id, ecomKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.invoice.status).toBe('Deleted');
    expect((await get(order.id, c.memberA.auth)).body.invoice.status).toBe('Deleted');
    expect((await remove(order.id, c.owner)).status).toBe(409);
    expect(await activityTypes(order.id)).toContain('INVOICE_REMOVED');
    const again = await issue(order.id, c.owner);
    expect(again.status).toBe(200);
    expect(again.body.invoice).toMatchObject({ number: `INV-${order.number}-2`, status: 'Draft' });
    const pdf = await fetch(`${srv.url}/ecom/v1/orders/${order.id}/invoice.pdf`, {
      headers: { authorization: c.memberA.auth },
    });
    expect(pdf.headers.get('content-disposition')).toContain(`INV-${order.number}-2.pdf`);
  });

  it('follows the payments, the cancellation and the due date', async () => {
    const order = await newOrder();
    await issue(order.id, c.owner);
    const status = async () => (await get(order.id, ecomKey)).body.invoice;
    expect((await collector(srv, c.owner, order.id, 'manual-payment', { amount: { amount: '15.00' } })).status).toBe(
      200,
    );
    expect(await status()).toMatchObject({ status: 'PartiallyPaid', amountDue: { amount: '25.00' } });
    const late = await newOrder();
    await issue(late.id, c.owner);
    try {
      shift = 31 * DAY;
      expect((await status()).status).toBe('PartialAndOverdue');
      expect((await get(late.id, ecomKey)).body.invoice.status).toBe('Overdue');
    } finally {
      shift = 0;
    }
    expect((await collector(srv, c.owner, order.id, 'mark-as-paid')).status).toBe(200);
    expect(await status()).toMatchObject({ status: 'Paid', amountDue: { amount: '0.00' } });
    await call(srv.url, 'POST', `/ecom/v1/orders/${late.id}/cancel`, { auth: c.owner, body: {} });
    expect((await get(late.id, ecomKey)).body.invoice.status).toBe('Void');
    const voided = await send(late.id, c.owner);
    expect(voided.status).toBe(409);
    expect(appCode(voided.body)).toBe('INVOICE_VOID');
  });
});
