import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderTransactions, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { cardToken, checkoutFor, collector, orderOf, placeAndCharge, stockOf } from '../orders/testing.js';

// Refunds a shop can trust: an amount is always asked for and never more than what is left, even when refunds race;
// the buyer is told (amount and reason); the history says how much and why; the items go back to stock once.

const { srv, c } = serverSuite({ cast: true });
let kettle: Product;

beforeAll(async () => {
  kettle = await createProduct(srv, c.owner, {
    name: 'Kettle',
    price: { amount: '50.00' },
    inventory: { trackQuantity: true, quantity: 100 },
  });
}, 120_000);

type Tx = { orderTransactions: OrderTransactions };
let seq = 0;

/** A paid card order of 2 kettles (100.00) for a buyer address of its own, and its one payment. */
async function paidOrder() {
  const email = `refund.${Date.now().toString(36)}.${++seq}@example.com`;
  const co = await checkoutFor(srv, c.visitor, kettle, 2, { buyerInfo: { email } });
  const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const tx = await call<Tx>(srv.url, 'GET', `/ecom/v1/orders/${res.body.orderId}/transactions`, { auth: c.owner });
  return { order: res.body.order, email, paymentId: tx.body.orderTransactions.payments[0]!.id };
}

const refund = (orderId: string, body: unknown) => collector(srv, c.owner, orderId, 'trigger-refund', body);
const part = (paymentId: string, amount: string) => ({ payments: [{ paymentId, amount: { amount } }] });
const refundMails = (to: string) =>
  srv
    .ctx()
    .db.select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.template, 'ORDER_REFUNDED')));
const stock = () => stockOf(srv, kettle.id);

describe('refunds', () => {
  it('refuses a refund without an amount, of nothing, or of more than is left, naming the field', async () => {
    const { order, paymentId } = await paidOrder();
    const missing = await refund(order.id, { payments: [{ paymentId }] });
    expect(missing.status).toBe(400);
    expect(violations(missing.body)).toEqual(['payments[0].amount:REQUIRED_FIELD']);
    const blank = await refund(order.id, part(paymentId, ''));
    expect(blank.status).toBe(400);
    expect(violations(blank.body)).toEqual(['payments[0].amount.amount:FORMAT']);
    const zero = await refund(order.id, part(paymentId, '0.00'));
    expect(zero.status).toBe(400);
    expect(violations(zero.body)).toContain('payments[0].amount.amount:VALIDATION');
    const over = await refund(order.id, part(paymentId, '100.01'));
    expect(over.status).toBe(400);
    expect(violations(over.body)).toContain('payments[0].amount.amount:VALIDATION');
    expect(JSON.stringify(over.body)).toContain('At most 100.00');
    const o = await orderOf(srv, c.owner, order.id);
    expect(o.balanceSummary.refunded.amount).toBe('0.00');
    expect(o.activities.map((a) => a.type)).not.toContain('ORDER_REFUNDED');
  });

  it('refunds racing each other never give back more than was paid', async () => {
    const { order, paymentId } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(order.id, part(paymentId, '30.00'))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
    const o = await orderOf(srv, c.owner, order.id);
    expect(o.balanceSummary.refunded.amount).toBe('90.00');
    expect(o.activities.filter((a) => a.type === 'ORDER_REFUNDED')).toHaveLength(3);
    const last = await refund(order.id, part(paymentId, '10.00'));
    expect(last.status).toBe(200);
    expect((await orderOf(srv, c.owner, order.id)).paymentStatus).toBe('FULLY_REFUNDED');
  });

  it('e-mails the buyer the amount and the reason, and logs both in the order’s history', async () => {
    const { order, email, paymentId } = await paidOrder();
    const res = await refund(order.id, { ...part(paymentId, '25.00'), details: { reason: 'Lid was scratched' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [mail] = await refundMails(email);
    expect(mail?.subject).toBe(`Refund of $25.00 for your order ${order.number}`);
    expect(mail?.text).toContain('We refunded $25.00');
    expect(mail?.text).toContain('Reason: Lid was scratched');
    expect(mail?.html).toContain('Lid was scratched');
    expect(mail?.text).toMatch(new RegExp(`/orders/${order.id}\\?token=\\S+`));
    const o: Order = await orderOf(srv, c.owner, order.id);
    const logged = o.activities.find((a) => a.type === 'ORDER_REFUNDED');
    expect(logged?.orderRefunded).toEqual({
      amount: { amount: '25.00', formattedAmount: '$25.00' },
      reason: 'Lid was scratched',
      restockedItems: false,
    });
    // The owner may keep a refund quiet.
    const quiet = await refund(order.id, {
      ...part(paymentId, '5.00'),
      sideEffects: { sendOrderRefundedEmail: false },
    });
    expect(quiet.status).toBe(200);
    expect(await refundMails(email)).toHaveLength(1);
  });

  it('puts the items back in stock once, however many refunds ask for it', async () => {
    const { order, paymentId } = await paidOrder();
    const before = await stock();
    const restock = { sideEffects: { restockInfo: { type: 'ALL_ITEMS' } } };
    const first = await refund(order.id, { ...part(paymentId, '10.00'), ...restock });
    expect(first.status).toBe(200);
    expect(await stock()).toBe(before + 2);
    const second = await refund(order.id, { ...part(paymentId, '10.00'), ...restock });
    expect(second.status).toBe(200);
    expect(await stock()).toBe(before + 2);
    const logged = (await orderOf(srv, c.owner, order.id)).activities.filter((a) => a.type === 'ORDER_REFUNDED');
    expect(logged.map((a) => a.orderRefunded?.restockedItems)).toEqual([true, false]);
    expect((second.body as Tx).orderTransactions.refunds.map((r) => r.restockedItems)).toEqual([true, false]);
  });

  it('two refunds asking for the stock at once return it once', async () => {
    const { order, paymentId } = await paidOrder();
    const before = await stock();
    const restock = { sideEffects: { restockInfo: { type: 'ALL_ITEMS' } } };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => refund(order.id, { ...part(paymentId, '10.00'), ...restock })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await stock()).toBe(before + 2);
  });
});
