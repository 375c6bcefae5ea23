/**
 * Stripe through the SDK against the real server and the loopback Stripe: the owner connects it (a refused key is a
 * PlazaError naming the field), a buyer learns the shop pays on Stripe, opens a session, pays on "Stripe's page" and
 * completes it into the order; a session not paid yet is a 409 with its code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { startFakeStripe, type FakeStripe } from '../../../server/test/fake-stripe/index.js';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { ensureTestShipping, SHIPPING } from '../../../server/src/store/orders/testing.js';
import { createClient, PlazaError } from '../../src/index.js';
import { checkouts } from '../../src/modules/ecom/checkouts.js';
import { payments } from '../../src/modules/ecom/stripe.js';
import { fixedAuth } from './community-clients.js';

let fake: FakeStripe;
let srv: TestServer;
let people: Cast;
const modules = { checkouts, payments };
const client = (auth: string) => createClient({ baseUrl: srv.url, auth: fixedAuth(auth), modules });

beforeAll(async () => {
  fake = await startFakeStripe();
  srv = await startTestServer({ env: { PLAZA_STRIPE_API_URL: fake.url } });
  fake.setWebhookUrl(`${srv.url}/payments/v1/stripe/webhook`);
  people = await cast(srv);
}, 120_000);
afterAll(async () => {
  await srv?.close();
  await fake?.close();
});

describe('Stripe through the SDK', () => {
  it('connects, pays on Stripe’s page and completes into one order', async () => {
    const owner = client(people.owner);
    const keys = { mode: 'TEST' as const, publishableKey: fake.publishableKey, webhookSecret: fake.webhookSecret };
    const refused = await owner.payments
      .connectStripe({ ...keys, secretKey: 'sk_test_notAKey1' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlazaError);
    expect((refused as PlazaError).status).toBe(400);
    expect((refused as PlazaError).message).toContain('Stripe did not accept this secret key');
    const { stripe } = await owner.payments.connectStripe({ ...keys, secretKey: fake.secretKey });
    expect(stripe).toMatchObject({ connected: true, mode: 'TEST' });

    const buyer = client(people.visitor);
    expect((await buyer.payments.getPaymentMethods()).card).toEqual({ provider: 'STRIPE', testMode: true });
    const product = await createProduct(srv, people.owner, { price: { amount: '12.00' } });
    await ensureTestShipping(srv);
    const { checkout } = await buyer.checkouts.createCheckout({
      lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: product.id }, quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'sdk-stripe@example.com' }, shippingInfo: SHIPPING },
    });
    const session = await buyer.payments.createStripeSession(checkout.id);
    expect(session.url).toContain(`/pay/${session.sessionId}`);
    const early = await buyer.payments
      .completeStripeSession(checkout.id, { sessionId: session.sessionId })
      .catch((e: unknown) => e as PlazaError);
    expect(early).toBeInstanceOf(PlazaError);
    expect((early as PlazaError).status).toBe(409);
    expect((early as PlazaError).details.applicationError?.code).toBe('STRIPE_PAYMENT_NOT_FINISHED');

    await fake.pay(session.sessionId);
    const placed = await buyer.payments.completeStripeSession(checkout.id, { sessionId: session.sessionId });
    expect(placed.order.paymentStatus).toBe('PAID');
    expect(placed.thankYouToken).toBeTruthy();
  });
});
