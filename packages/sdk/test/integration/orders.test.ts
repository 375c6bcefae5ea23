/**
 * Orders and the payments collector through the SDK against the real server: a visitor pays with the test card
 * (authorize only), reads the order with the thank-you token; an `ecom` key captures part, refunds part and finds
 * the order; a declined card is a PlazaError naming the call's arguments. The merchant prepares payment collections.
 */
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { ensureTestShipping, SHIPPING } from '../../../server/src/store/orders/testing.js';
import { checkouts } from '../../src/modules/ecom/checkouts.js';
import { orders } from '../../src/modules/ecom/orders.js';
import { paymentsCollector } from '../../src/modules/ecom/payments-collector.js';
import { failure, fixedAuth } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, calls, client } = castClients({ checkouts, orders, paymentsCollector }, ['ecom']);

describe('orders through the SDK', () => {
  it('buy with the test card, capture and refund part, find it', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { price: { amount: '30.00' } });
    await ensureTestShipping(ctx.srv);
    const shopper = client(fixedAuth(ctx.people.visitor));
    const line = { catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 2 };
    const { checkout } = await shopper.checkouts.createCheckout({
      lineItems: [line],
      checkoutInfo: { buyerInfo: { email: 'sdk-order@example.com' }, shippingInfo: SHIPPING },
      channelType: 'WEB',
    });
    const card = { expiryMonth: 12, expiryYear: 2099, cvc: '123' };
    const declined = await shopper.checkouts.createTestCardToken({ cardNumber: '4000 0000 0000 0002', ...card });
    const no = await failure(
      shopper.checkouts.createOrderAndCharge(checkout.id, { paymentToken: declined.paymentToken }),
    );
    expect(no.status).toBe(409);
    expect(calls.at(-1)?.argumentNames).toEqual(['checkoutId', 'request']);

    const { paymentToken } = await shopper.checkouts.createTestCardToken({
      cardNumber: '4242 4242 4242 4242',
      ...card,
    });
    const placed = await shopper.checkouts.createOrderAndCharge(checkout.id, { paymentToken, delayCapture: true });
    expect(placed.order.paymentStatus).toBe('PENDING_MERCHANT');
    const stranger = client(fixedAuth(`Bearer ${await ctx.srv.visitorToken()}`));
    expect((await stranger.orders.getOrder(placed.orderId, placed.thankYouToken)).order.number).toBe(
      placed.order.number,
    );

    const { admin } = ctx;
    const { orderTransactions } = await admin.orders.getOrderTransactions(placed.orderId);
    const paymentId = orderTransactions.payments[0]!.id;
    await admin.paymentsCollector.capturePayments(placed.orderId, [{ paymentId }]);
    await admin.paymentsCollector.triggerRefund(placed.orderId, {
      payments: [{ paymentId, amount: { amount: '10.00' } }],
    });
    const { order } = await admin.orders.getOrder(placed.orderId);
    expect(order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(order.balanceSummary.refunded.amount).toBe('10.00');
    const found = await admin.orders.searchOrders({ filter: { buyerEmail: 'sdk-order@example.com' } });
    expect(found.orders.map((o) => o.id)).toEqual([placed.orderId]);
    expect((await admin.paymentsCollector.getRefundability(placed.orderId)).refundablePerItem[0]).toMatchObject({
      refundability: 'REFUNDABLE',
      refundableAmount: { amount: '50.00' },
    });
  });

  it('the merchant creates an order, edits it, and edits a comment', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { name: 'Tea tin', price: { amount: '12.00' } });
    const { admin } = ctx;
    const line = { catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 3 };
    const { order } = await admin.orders.createOrder(
      { lineItems: [line], buyerInfo: { email: 'phone-order@example.com' }, tags: ['phone'] },
      { updateInventory: false },
    );
    expect(order.priceSummary.subtotal.amount).toBe('36.00');
    expect(order.tags).toEqual(['phone']);
    const edited = await admin.orders.updateOrder(order.id, { buyerNote: 'Gift wrap' }, ['buyerNote']);
    expect(edited.order.buyerNote).toBe('Gift wrap');
    const renamed = await admin.orders.updateLineItem(order.id, order.lineItems[0]!.id, {
      productName: 'Tea tin (large)',
    });
    expect(renamed.order.lineItems[0]!.productName).toBe('Tea tin (large)');
    const bulk = await admin.orders.bulkUpdateOrders({
      orders: [{ order: { id: order.id, tags: [] } }],
      returnEntity: true,
    });
    expect(bulk.results[0]!.item!.tags).toEqual([]);
    const commented = await admin.orders.addActivity(order.id, {
      activity: { type: 'MERCHANT_COMMENT', merchantComment: { message: 'Called' } },
    });
    const comment = commented.order.activities.find((a) => a.type === 'MERCHANT_COMMENT')!;
    const changed = await admin.orders.updateActivity(order.id, comment.id, {
      merchantComment: { message: 'Called back' },
    });
    expect(changed.activity.merchantComment?.message).toBe('Called back');
    const gone = await admin.orders.deleteActivity(order.id, comment.id);
    expect(gone.order.activities.some((a) => a.id === comment.id)).toBe(false);
    const refused = await failure(admin.orders.deleteActivity(order.id, order.activities[0]!.id));
    expect(refused.status).toBe(400);
    expect(calls.at(-1)?.argumentNames).toEqual(['orderId', 'activityId']);

    const draft = { changes: { lineItemsChanged: [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }] } };
    const preview = await admin.orders.commitDeltas(order.id, { ...draft, commitSettings: { previewOnly: true } });
    expect([preview.commitStatus, preview.order.priceSummary.subtotal.amount]).toEqual(['DRAFT', '12.00']);
    const committed = await admin.orders.commitDeltas(order.id, { ...draft, reason: 'Two were broken' });
    expect(committed.commitStatus).toBe('COMMITTED');
    expect((await admin.orders.getOrder(order.id)).order.priceSummary.subtotal.amount).toBe('12.00');
    const blocked = await failure(admin.orders.commitDeltas(order.id, { changes: { lineItemsRemoved: ['nope'] } }));
    expect(blocked.status).toBe(400);
    expect(calls.at(-1)?.argumentNames).toEqual(['orderId', 'request']);
  });

  it('the merchant issues, sends and removes an invoice; the member reads it', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { name: 'Mug', price: { amount: '9.00' } });
    const { admin } = ctx;
    const line = { catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 };
    const { order } = await admin.orders.createOrder({
      lineItems: [line],
      buyerInfo: { memberId: ctx.people.memberA.id },
    });
    expect((await failure(admin.orders.getOrderInvoice(order.id))).status).toBe(404);
    const issued = await admin.orders.issueOrderInvoice(order.id);
    expect(issued.invoice).toMatchObject({ number: `INV-${order.number}`, status: 'Draft' });
    expect((await failure(admin.orders.issueOrderInvoice(order.id))).status).toBe(409);
    expect(calls.at(-1)?.argumentNames).toEqual(['orderId']);
    expect((await admin.orders.sendOrderInvoice(order.id)).invoice.status).toBe('Sent');
    const member = client(fixedAuth(ctx.people.memberA.auth));
    expect((await member.orders.getOrderInvoice(order.id)).invoice.amountDue.amount).toBe('9.00');
    expect((await admin.orders.removeOrderInvoice(order.id)).invoice.status).toBe('Deleted');
  });

  it('the merchant prepares collecting the rest of an order; the last of it is not held twice', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { name: 'Vase', price: { amount: '40.00' } });
    const { admin } = ctx;
    const line = { catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 };
    const { order } = await admin.orders.createOrder({ lineItems: [line], buyerInfo: { email: 'pos@example.com' } });
    const part = await admin.paymentsCollector.preparePaymentCollection(order.id, { amount: { amount: '15.00' } });
    expect(part.paymentGatewayOrderId).toMatch(/^[0-9a-f-]{36}$/);
    const over = await failure(
      admin.paymentsCollector.preparePaymentCollection(order.id, { amount: { amount: '25.01' } }),
    );
    expect(over.status).toBe(400);
    expect(calls.at(-1)?.argumentNames).toEqual(['orderId', 'request']);
    const rest = await admin.paymentsCollector.createPaymentGatewayOrder(order.id, { chargedBy: { fullName: 'Anna' } });
    expect(rest.paymentGatewayOrderId).not.toBe(part.paymentGatewayOrderId);
    const none = await failure(admin.paymentsCollector.createPaymentGatewayOrder(order.id));
    expect(none.status).toBe(409);
    const again = await admin.paymentsCollector.preparePaymentCollection(order.id, {
      amount: { amount: '25.00' },
      paymentGatewayOrderId: rest.paymentGatewayOrderId,
    });
    expect(again.paymentGatewayOrderId).toBe(rest.paymentGatewayOrderId);
  });

  it('charging memberships names what is wrong in the app’s words', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, { name: 'Pass', price: { amount: '5.00' } });
    const line = { catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 };
    const { order } = await ctx.admin.orders.createOrder({ lineItems: [line], buyerInfo: { email: 'm@example.com' } });
    const refused = await failure(
      ctx.admin.paymentsCollector.chargeMembership(order.id, {
        memberId: ctx.people.memberA.id,
        membershipCharges: [{ membershipId: product.id, appId: 'plaza-plans', lineItemId: order.lineItems[0]!.id }],
      }),
    );
    // The order was bought by nobody signed in: it is not this member's to pay with plans.
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.details)).toContain('memberId');
    expect(calls.at(-1)?.argumentNames).toEqual(['orderId', 'request']);
  });
});
