/**
 * Subscription contracts through the SDK against the real server: a member subscribes with the test card, lists and
 * cancels their contract; the owner's API key pauses and resumes another; a stranger's cancel is a PlazaError naming
 * the argument.
 */
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { ensureTestShipping, SHIPPING } from '../../../server/src/store/orders/testing.js';
import { checkouts } from '../../src/modules/ecom/checkouts.js';
import { subscriptionContracts } from '../../src/modules/ecom/subscription-contracts.js';
import { failure, fixedAuth } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, calls, client } = castClients({ checkouts, subscriptionContracts }, ['ecom']);

describe('subscription contracts through the SDK', () => {
  it('subscribe, list, cancel; the owner pauses and resumes', async () => {
    const product = await createProduct(ctx.srv, ctx.people.owner, {
      price: { amount: '9.00' },
      subscriptionOptions: { allowOneTimePurchases: true, options: [{ frequency: 'MONTH', interval: 1 }] },
    });
    const member = client(fixedAuth(ctx.people.memberA.auth));
    await ensureTestShipping(ctx.srv);
    const buy = async () => {
      const { checkout } = await member.checkouts.createCheckout({
        lineItems: [
          {
            catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id },
            quantity: 1,
            subscriptionOptionInfo: { subscriptionSettings: { frequency: 'MONTH', interval: 1 } },
          },
        ],
        checkoutInfo: { buyerInfo: { email: 'sdk-sub@example.com' }, shippingInfo: SHIPPING },
      });
      const { paymentToken } = await member.checkouts.createTestCardToken({
        cardNumber: '4242424242424242',
        expiryMonth: 12,
        expiryYear: 2099,
        cvc: '123',
      });
      return member.checkouts.createOrderAndCharge(checkout.id, { paymentToken });
    };
    const first = await buy();
    const second = await buy();
    const { subscriptionContracts: mine } = await member.subscriptionContracts.listSubscriptionContracts();
    expect(mine.map((s) => s.originOrderId).sort()).toEqual([first.orderId, second.orderId].sort());
    const target = mine.find((s) => s.originOrderId === first.orderId)!;
    expect(target.price.amount).toBe('9.00');

    const stranger = client(fixedAuth(ctx.people.memberB.auth));
    const no = await failure(stranger.subscriptionContracts.cancelSubscriptionContract(target.id));
    expect(no.status).toBe(404);
    expect(calls.at(-1)?.argumentNames).toEqual(['subscriptionContractId']);
    const { paymentToken: mastercard } = await member.checkouts.createTestCardToken({
      cardNumber: '5555555555554444',
      expiryMonth: 12,
      expiryYear: 2099,
      cvc: '123',
    });
    const moved = await member.subscriptionContracts.updatePaymentMethod(target.id, mastercard);
    expect(moved.subscriptionContract.paymentMethod).toEqual({ brand: 'Mastercard', lastFourDigits: '4444' });
    const notYours = await failure(stranger.subscriptionContracts.updatePaymentMethod(target.id, mastercard));
    expect(notYours.status).toBe(404);
    expect(calls.at(-1)?.argumentNames).toEqual(['subscriptionContractId', 'paymentToken']);
    const canceled = await member.subscriptionContracts.cancelSubscriptionContract(target.id);
    expect(canceled.subscriptionContract.status).toBe('CANCELED');

    const { admin } = ctx;
    const other = mine.find((s) => s.originOrderId === second.orderId)!;
    expect((await admin.subscriptionContracts.pauseSubscriptionContract(other.id)).subscriptionContract.status).toBe(
      'PAUSED',
    );
    const resumed = await admin.subscriptionContracts.resumeSubscriptionContract(other.id);
    expect(resumed.subscriptionContract.status).toBe('ACTIVE');
    expect((await admin.subscriptionContracts.getSubscriptionContract(other.id)).subscriptionContract.id).toBe(
      other.id,
    );
  });
});
