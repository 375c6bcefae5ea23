import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderTransactions, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call } from '../../../test/http.js';
import { jobs } from '../../platform/jobs/tables.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { checkoutFor, collector, orderOf, placeAndCharge } from '../orders/testing.js';
import { json, startPaymentApp, type PluginCall } from '../../platform/service-plugins/test-app.js';
import { paymentOperationJobHandlers } from './operations.js';
import { paymentOperations } from './tables.js';
import { stockedMug } from './testing.js';

// Issue 20: a capture, void or refund through a payment app goes through the payment outbox. The operation is
// committed before the app is asked and settled after it answers; when the app cannot be reached the operation stays
// PENDING (its money held, so nothing is spent twice) and the PAYMENT_OPERATION job finishes it later.

const { srv, c } = serverSuite({ cast: true });
let app: Awaited<ReturnType<typeof startPaymentApp>>;
let mug: Product;

/** The app's books by Plaza's transaction id; `down` makes it answer 500 (nothing done, or so it says). */
const books = new Map<string, { amount: string; status: string }>();
let down = false;
const calls = (method: string) => app.received.filter((r) => r.method === method);

function bank(call: PluginCall, res: Parameters<Parameters<typeof app.answer>[0]>[1]) {
  const r = call.request as Record<string, string | boolean>;
  const id = String(r.transactionId);
  if (down) return res.writeHead(500).end();
  if (call.method === 'authorizePayment') {
    books.set(id, { amount: String(r.amount), status: r.capture ? 'CAPTURED' : 'AUTHORIZED' });
    return json(res, 200, { status: r.capture ? 'APPROVED' : 'AUTHORIZED', providerTransactionId: `pay_${id}` });
  }
  if (String(r.amount ?? '') === '13.00') return json(res, 200, { status: 'FAILED', reason: 'Card account closed' });
  books.set(id, { amount: String(r.amount ?? ''), status: call.method });
  return json(res, 200, { status: 'SUCCEEDED' });
}

beforeAll(async () => {
  mug = await stockedMug(srv, c.owner);
  app = await startPaymentApp(srv, 'Acme', 5_000);
}, 120_000);
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  down = false;
  app.answer(bank);
});

/** An order of `quantity` mugs whose payment the app only authorized (delayed capture). */
async function authorized(quantity = 1): Promise<{ orderId: string; paymentId: string }> {
  const checkout = await checkoutFor(srv, c.visitor, mug, quantity);
  const res = await placeAndCharge(srv, c.visitor, checkout.id, `hold-${Math.random()}`, { delayCapture: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [payment] = (await transactions(res.body.orderId)).payments;
  return { orderId: res.body.orderId, paymentId: payment!.id };
}
const transactions = async (orderId: string) =>
  (
    await call<{ orderTransactions: OrderTransactions }>(srv.url, 'GET', `/ecom/v1/orders/${orderId}/transactions`, {
      auth: c.owner,
    })
  ).body.orderTransactions;
const capture = (orderId: string, paymentId: string, amount?: string) =>
  collector(srv, c.owner, orderId, 'capture-authorized-payments', {
    payments: [{ paymentId, ...(amount ? { amount: { amount } } : {}) }],
  });
const operationsOf = (paymentId: string) =>
  srv.ctx().db.select().from(paymentOperations).where(eq(paymentOperations.paymentId, paymentId));

/** Runs the PAYMENT_OPERATION jobs queued for `paymentId`'s operations, as the worker would once they are due. */
async function runOperationJobs(paymentId: string) {
  const ops = new Set((await operationsOf(paymentId)).map((o) => o.id));
  const queued = (await srv.ctx().db.select().from(jobs).where(eq(jobs.kind, 'PAYMENT_OPERATION'))).filter((j) =>
    ops.has(String(j.payload.operationId)),
  );
  for (const job of queued) {
    await paymentOperationJobHandlers.PAYMENT_OPERATION!({ ctx: srv.ctx(), payload: job.payload } as never);
  }
}

describe('the payment outbox: captures and releases', () => {
  it('records a capture the app answered, and the job finding it done changes nothing', async () => {
    const { orderId, paymentId } = await authorized();
    const res = await capture(orderId, paymentId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [op] = await operationsOf(paymentId);
    expect(op).toMatchObject({ kind: 'CAPTURE', status: 'SUCCEEDED', amountMinor: 2000n });
    expect(books.get(op!.id)).toEqual({ amount: '20.00', status: 'capturePayment' });
    await runOperationJobs(paymentId);
    expect(calls('capturePayment').filter((x) => x.request.transactionId === op!.id)).toHaveLength(1);
    expect((await orderOf(srv, c.owner, orderId)).paymentStatus).toBe('PAID');
  });

  it('payment.outbox-pending: keeps a capture the app could not answer PENDING, holds its money, and finishes it by the job', async () => {
    const { orderId, paymentId } = await authorized(2);
    down = true;
    const res = await capture(orderId, paymentId, '25.00');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [payment] = (res.body as { orderTransactions: OrderTransactions }).orderTransactions.payments;
    const pending = payment!.regularPaymentDetails!.authorizationDetails!.captures[0]!;
    expect(pending).toMatchObject({ status: 'PENDING', amount: { amount: '25.00' } });
    expect((await orderOf(srv, c.owner, orderId)).paymentStatus).not.toBe('PAID');

    // 40.00 authorized, 25.00 on its way: 15.00 is the most a second capture may take.
    const more = await capture(orderId, paymentId, '20.00');
    expect(more.status).toBe(400);
    expect(JSON.stringify(more.body)).toContain('At most 15.00 is still authorized');
    // Nor can the authorization be released under a capture on its way.
    const release = await collector(srv, c.owner, orderId, 'void-authorized-payments', { paymentIds: [paymentId] });
    expect(appCode(release.body)).toBe('PAYMENT_NOT_VOIDABLE');

    down = false;
    await runOperationJobs(paymentId);
    const after = (await transactions(orderId)).payments[0]!;
    expect(after.regularPaymentDetails!.authorizationDetails!.captures[0]!.status).toBe('SUCCEEDED');
    expect(books.get(pending.id)).toEqual({ amount: '25.00', status: 'capturePayment' });
    const rest = await capture(orderId, paymentId);
    expect(rest.status).toBe(200);
    expect((await orderOf(srv, c.owner, orderId)).paymentStatus).toBe('PAID');
  });

  it('records a refusal as a FAILED capture and answers 409 in the app’s words', async () => {
    const { orderId, paymentId } = await authorized();
    const res = await capture(orderId, paymentId, '13.00');
    expect(res.status).toBe(409);
    expect(appCode(res.body)).toBe('PAYMENT_PROVIDER_FAILED');
    expect((res.body as { message: string }).message).toContain('Card account closed');
    const [payment] = (await transactions(orderId)).payments;
    expect(payment!.regularPaymentDetails).toMatchObject({ status: 'AUTHORIZED' });
    expect(payment!.regularPaymentDetails!.authorizationDetails!.captures[0]!.status).toBe('FAILED');
    // The refused amount is free again.
    expect((await capture(orderId, paymentId)).status).toBe(200);
  });

  it('payment.capture-limit: captures at most what is authorized when the owner clicks five times at once', async () => {
    const { orderId, paymentId } = await authorized(3);
    const all = await Promise.all(Array.from({ length: 5 }, () => capture(orderId, paymentId, '25.00')));
    expect(all.filter((r) => r.status === 200)).toHaveLength(2);
    expect(all.filter((r) => r.status === 400)).toHaveLength(3);
    const done = (await operationsOf(paymentId)).filter((o) => o.status === 'SUCCEEDED');
    expect(done.map((o) => o.amountMinor)).toEqual([2500n, 2500n]);
    expect(calls('capturePayment').filter((x) => done.some((o) => o.id === x.request.transactionId))).toHaveLength(2);
  });

  it('releases through the outbox, once, even when the job asks again', async () => {
    const { orderId, paymentId } = await authorized();
    down = true;
    const res = await collector(srv, c.owner, orderId, 'void-authorized-payments', { paymentIds: [paymentId] });
    expect(res.status).toBe(200);
    expect((await transactions(orderId)).payments[0]!.regularPaymentDetails!.status).toBe('AUTHORIZED');
    down = false;
    await runOperationJobs(paymentId);
    await runOperationJobs(paymentId);
    expect((await transactions(orderId)).payments[0]!.regularPaymentDetails!.status).toBe('VOIDED');
    const order: Order = await orderOf(srv, c.owner, orderId);
    expect(order.activities.filter((a) => a.type === 'PAYMENT_CANCELED')).toHaveLength(1);
    expect(books.get(paymentId)?.status).toBe('voidPayment');
  });
});

describe('the payment outbox: refunds', () => {
  const refund = (orderId: string, paymentId: string, amount: string) =>
    collector(srv, c.owner, orderId, 'trigger-refund', {
      payments: [{ paymentId, amount: { amount } }],
      details: { reason: 'Arrived chipped' },
    });
  const refundMails = async (orderId: string) => {
    const { number } = await orderOf(srv, c.owner, orderId);
    const mails = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, 'buyer@example.com'), eq(mailMessages.template, 'ORDER_REFUNDED')));
    return mails.filter((m) => m.subject.includes(`order ${number}`));
  };
  async function paid(): Promise<{ orderId: string; paymentId: string }> {
    const checkout = await checkoutFor(srv, c.visitor, mug, 2);
    const res = await placeAndCharge(srv, c.visitor, checkout.id, `ok-${Math.random()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { orderId: res.body.orderId, paymentId: (await transactions(res.body.orderId)).payments[0]!.id };
  }

  it('payment.outbox-pending: keeps a refund PENDING while the app cannot answer, then logs and e-mails it once', async () => {
    const { orderId, paymentId } = await paid();
    down = true;
    const res = await refund(orderId, paymentId, '30.00');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [pending] = (res.body as { orderTransactions: OrderTransactions }).orderTransactions.refunds;
    expect(pending).toMatchObject({ status: 'PENDING', amount: { amount: '30.00' } });
    // Nothing is said to the buyer, or written in the history, before the money has moved.
    expect(await refundMails(orderId)).toHaveLength(0);
    const before = await orderOf(srv, c.owner, orderId);
    expect(before.activities.filter((a) => a.type === 'ORDER_REFUNDED')).toHaveLength(0);
    // 40.00 paid, 30.00 on its way back: 10.00 is the most another refund may give.
    const more = await refund(orderId, paymentId, '20.00');
    expect(more.status).toBe(400);
    expect(JSON.stringify(more.body)).toContain('At most 10.00 of this payment can be refunded');
    const ability = await call<{ refundablePerItem: Array<{ refundableAmount: { amount: string } }> }>(
      srv.url,
      'GET',
      `/ecom/v1/payments-collector/orders/${orderId}/refundability`,
      { auth: c.owner },
    );
    expect(ability.body.refundablePerItem[0]?.refundableAmount.amount).toBe('10.00');

    down = false;
    await runOperationJobs(paymentId);
    await runOperationJobs(paymentId);
    const after = await transactions(orderId);
    expect(after.refunds[0]).toMatchObject({ status: 'SUCCEEDED' });
    expect(after.payments[0]!.refundedAmount.amount).toBe('30.00');
    const order = await orderOf(srv, c.owner, orderId);
    expect(order.activities.filter((a) => a.type === 'ORDER_REFUNDED')).toHaveLength(1);
    expect(order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(await refundMails(orderId)).toHaveLength(1);
    const [op] = await operationsOf(paymentId);
    expect(books.get(op!.id)).toEqual({ amount: '30.00', status: 'refundPayment' });
  });

  it('records a refused refund as FAILED: nothing logged as refunded, nothing e-mailed, money free again', async () => {
    const { orderId, paymentId } = await paid();
    const res = await refund(orderId, paymentId, '13.00');
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toContain('Card account closed');
    const after = await transactions(orderId);
    expect(after.refunds.map((r) => r.status)).toEqual(['FAILED']);
    expect(after.payments[0]!.refundedAmount.amount).toBe('0.00');
    expect((await orderOf(srv, c.owner, orderId)).activities.filter((a) => a.type === 'ORDER_REFUNDED')).toEqual([]);
    expect(await refundMails(orderId)).toHaveLength(0);
    expect((await refund(orderId, paymentId, '40.00')).status).toBe(200);
  });

  it('payment.refund-limit: gives back at most what was paid when refunds race while the app is down', async () => {
    const { orderId, paymentId } = await paid();
    down = true;
    const all = await Promise.all(Array.from({ length: 6 }, () => refund(orderId, paymentId, '15.00')));
    expect(all.filter((r) => r.status === 200)).toHaveLength(2);
    down = false;
    await runOperationJobs(paymentId);
    const after = await transactions(orderId);
    expect(after.payments[0]!.refundedAmount.amount).toBe('30.00');
    expect(after.refunds.map((r) => r.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
  });
});
