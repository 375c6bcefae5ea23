/**
 * Payment requests through the SDK against the real server: a deposit order's balance request is listed by the back
 * office, read and paid on "the hosted page" by another browser holding the link, and a wrong token is a 404
 * PlazaError naming the arguments.
 */
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { ensureTestShipping, SHIPPING } from '../../../server/src/store/orders/testing.js';
import { checkouts } from '../../src/modules/ecom/checkouts.js';
import { paymentRequests } from '../../src/modules/ecom/payment-requests.js';
import { failure, fixedAuth } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, calls, client } = castClients({ checkouts, paymentRequests }, ['ecom']);
const card = { expiryMonth: 12, expiryYear: 2099, cvc: '123', cardNumber: '4242424242424242' };

describe('payment requests through the SDK', () => {
  it('pay the balance of a deposit from the link', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, {
      price: { amount: '50.00' },
      deposit: { amount: '10.00' },
    });
    const buyer = client(fixedAuth(ctx.people.visitor));
    await ensureTestShipping(ctx.srv);
    const { checkout } = await buyer.checkouts.createCheckout({
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 }],
      checkoutInfo: {
        buyerInfo: { email: 'sdk-deposit@example.com' },
        paymentOption: 'DEPOSIT_ONLINE',
        shippingInfo: SHIPPING,
      },
    });
    const { paymentToken } = await buyer.checkouts.createTestCardToken(card);
    const placed = await buyer.checkouts.createOrderAndCharge(checkout.id, { paymentToken });

    const { admin } = ctx;
    const [request] = (await admin.paymentRequests.listPaymentRequests(placed.orderId)).paymentRequests;
    expect(request!.amount.amount).toBe('40.00');
    const token = new URL(request!.url).searchParams.get('token')!;

    const page = client(fixedAuth(`Bearer ${await ctx.srv.visitorToken()}`));
    expect((await page.paymentRequests.getPaymentRequest(request!.id, token)).paymentRequest.status).toBe('UNPAID');
    const wrong = await failure(page.paymentRequests.getPaymentRequest(request!.id, 'not-the-right-token'));
    expect(wrong.status).toBe(404);
    expect(calls.at(-1)?.argumentNames).toEqual(['paymentRequestId', 'token']);
    const second = await page.checkouts.createTestCardToken(card);
    const paid = await page.paymentRequests.payPaymentRequest(request!.id, token, second.paymentToken);
    expect(paid.paymentRequest.status).toBe('PAID');
  });
});
