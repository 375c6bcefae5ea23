import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, SubscriptionContract } from '@plaza/contracts';
import { appCode, call, violations } from '../../../../test/http.js';
import { memberAuth } from '../../../test/community.js';
import { createProduct } from '../../catalog/testing.js';
import { newCheckout, ref } from '../../checkout/testing.js';
import { mailMessages } from '../../../platform/mail/tables.js';
import { subscriptionContracts } from '../../subscriptions/tables.js';
import { ensureTestShipping, SHIPPING } from '../../orders/testing.js';
import { complete, connect, eventually, stripeSuite } from './testing.js';

const DAY = 86_400_000;
// The job worker reads the server's clock: moving it a month runs that month's renewal. It starts in the past, as
// the subscriptions tests do, so that moving it never outruns the sign-ins' own clock.
let now = Date.now() - 200 * DAY;
const { srv, c, stripe } = stripeSuite({ clock: () => new Date(now) });
let coffee: Product;

beforeAll(async () => {
  await connect(srv, c.owner, stripe.fake);
  await ensureTestShipping(srv);
  coffee = await createProduct(srv, c.owner, {
    name: 'Coffee club',
    price: { amount: '20.00' },
    subscriptionOptions: { allowOneTimePurchases: false, options: [{ frequency: 'MONTH', interval: 1 }] },
  });
});

const BASE = '/ecom/v1/subscription-contracts';
const contractRow = async (id: string) =>
  (await srv.database.db.select().from(subscriptionContracts).where(eq(subscriptionContracts.id, id)))[0]!;

/** A member subscribes on Stripe's page with `card`; answers their contract. */
async function subscribe(auth: string, card?: string): Promise<SubscriptionContract> {
  const checkout = await newCheckout(srv, auth, {
    lineItems: [
      {
        catalogReference: ref(coffee.id),
        quantity: 1,
        subscriptionOptionInfo: { subscriptionSettings: { frequency: 'MONTH', interval: 1 } },
      },
    ],
    checkoutInfo: { buyerInfo: { email: 'club@example.com' }, shippingInfo: SHIPPING },
    channelType: 'WEB',
  });
  const made = await call<{ sessionId: string }>(srv.url, 'POST', `/ecom/v1/checkouts/${checkout.id}/stripe-session`, {
    auth,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const asked = stripe.fake.store.sessions.get(made.body.sessionId)!;
  expect(asked.customer_creation).toBe('always');
  await stripe.fake.pay(made.body.sessionId, card ? { card } : {});
  const placed = await eventually(
    () => complete(srv, auth, checkout.id, made.body.sessionId),
    (r) => r.status === 200,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const mine = await call<{ subscriptionContracts: SubscriptionContract[] }>(srv.url, 'GET', BASE, { auth });
  return mine.body.subscriptionContracts.find((s) => s.originOrderId === placed.body.orderId)!;
}

const renewalOf = async (contractId: string, cycle: number) => {
  const due = (await contractRow(contractId)).nextBillingDate!.getTime();
  now = Math.max(now, due + 1000);
  return eventually(
    () => contractRow(contractId),
    (r) => r.cyclesCompleted >= cycle || r.failedAttempts > 0,
  );
};

describe('subscriptions paid through Stripe', () => {
  it('keep the card saved on Stripe’s page and renew off-session, keyed by the renewal’s payment', async () => {
    const auth = await memberAuth(srv, c.memberA.email);
    const contract = await subscribe(auth);
    const row = await contractRow(contract.id);
    expect(row.paymentMethod).toMatchObject({ provider: 'STRIPE', brand: 'Visa', lastFourDigits: '4242' });
    expect(row.paymentMethod.token).toMatch(/^stripe_pm:cus_\w+:pm_\w+$/);
    const renewed = await renewalOf(contract.id, 2);
    expect(renewed.cyclesCompleted).toBe(2);
    const [, customer, method] = row.paymentMethod.token.split(':');
    const charge = stripe.fake.calls.find((k) => k.path === '/v1/payment_intents' && k.method === 'POST')!;
    expect(charge.params).toMatchObject({ customer, payment_method: method, off_session: 'true', confirm: 'true' });
    expect(charge.idempotencyKey).toMatch(/^plaza-charge-/);
    const renewalOrder = renewed.renewalOrderIds[0]!;
    const tx = await call<{
      orderTransactions: { payments: Array<{ regularPaymentDetails?: { paymentProvider?: unknown; status: string } }> };
      // A month later the owner's token has long expired: an API key does not.
    }>(srv.url, 'GET', `/ecom/v1/orders/${renewalOrder}/transactions`, { auth: await srv.createApiKey(['ecom']) });
    expect(tx.status, JSON.stringify(tx.body)).toBe(200);
    expect(tx.body.orderTransactions.payments[0]!.regularPaymentDetails).toMatchObject({
      status: 'APPROVED',
      paymentProvider: { id: 'STRIPE', liveMode: false },
    });
  });

  it('a bank that wants the buyer: the renewal waits and the buyer is e-mailed a way to confirm a card', async () => {
    let auth = await memberAuth(srv, c.memberB.email);
    const contract = await subscribe(auth, '4000002760003184');
    const failed = await renewalOf(contract.id, 2);
    expect(failed.cyclesCompleted).toBe(1);
    expect(failed.failedAttempts).toBe(1);
    expect(failed.lastFailure?.reason).toBe('Your bank asks you to confirm this payment');
    const mails = await srv.database.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.to, 'club@example.com'), eq(mailMessages.template, 'SUBSCRIPTION_PAYMENT_CONFIRMATION')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/account/subscriptions?subscription=${contract.id}`);
    expect(mails[0]!.subject).toBe('Confirm your payment for Coffee club');

    // The buyer saves a card on Stripe's page (their bank confirms it there): the renewals use it. A month went by:
    // they sign in again.
    auth = await memberAuth(srv, c.memberB.email);
    const page = await call<{ url: string; sessionId: string }>(
      srv.url,
      'POST',
      `${BASE}/${contract.id}/stripe-card-session`,
      {
        auth,
      },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const setup = stripe.fake.store.sessions.get(page.body.sessionId)!;
    expect(setup.mode).toBe('setup');
    const back = await stripe.fake.pay(page.body.sessionId);
    expect(back).toContain(`stripe_setup=${page.body.sessionId}`);
    const token = `stripe_setup:${page.body.sessionId}`;

    // Someone else's subscription cannot take that card.
    const theirs = await subscribe(await memberAuth(srv, c.memberA.email));
    const stolen = await call(srv.url, 'POST', `${BASE}/${theirs.id}/update-payment-method`, {
      auth: await memberAuth(srv, c.memberA.email),
      body: { paymentToken: token },
    });
    expect(stolen.status).toBe(400);
    expect(violations(stolen.body)).toEqual(['paymentToken:FORMAT']);

    const changed = await call<{ subscriptionContract: SubscriptionContract }>(
      srv.url,
      'POST',
      `${BASE}/${contract.id}/update-payment-method`,
      {
        auth,
        body: { paymentToken: token },
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await contractRow(contract.id);
    expect(after.paymentMethod.token).toMatch(/^stripe_pm:/);
    expect(after.paymentMethod.token).not.toBe(failed.paymentMethod.token);
    expect(changed.body.subscriptionContract.paymentMethod).toMatchObject({ brand: 'Visa', lastFourDigits: '4242' });
  });

  it('never takes a saved Stripe card from a request', async () => {
    const row = (await srv.database.db.select().from(subscriptionContracts))[0]!;
    const checkout = await newCheckout(srv, c.visitor, {
      lineItems: [
        {
          catalogReference: ref(coffee.id),
          quantity: 1,
          subscriptionOptionInfo: { subscriptionSettings: { frequency: 'MONTH', interval: 1 } },
        },
      ],
      checkoutInfo: { buyerInfo: { email: 'thief@example.com' }, shippingInfo: SHIPPING },
      channelType: 'WEB',
    });
    const res = await call(srv.url, 'POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
      auth: c.visitor,
      body: { paymentToken: row.paymentMethod.token },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['paymentToken:FORMAT']);
    expect(appCode(res.body)).toBeUndefined();
    now += DAY;
  });

  it('Stripe’s card page returns to the account page asked for (My plans), and only to one', async () => {
    const auth = await memberAuth(srv, c.memberA.email);
    const contract = await subscribe(auth);
    const session = (body: unknown) =>
      call<{ sessionId: string }>(srv.url, 'POST', `${BASE}/${contract.id}/stripe-card-session`, { auth, body });
    const urls = (sessionId: string) => {
      const asked = stripe.fake.store.sessions.get(sessionId)!;
      return [new URL(asked.success_url!), new URL(asked.cancel_url!)];
    };

    const plans = await session({ returnPath: '/account/plans' });
    expect(plans.status, JSON.stringify(plans.body)).toBe(200);
    for (const url of urls(plans.body.sessionId)) {
      expect(url.pathname).toBe('/account/plans');
      expect(url.searchParams.get('subscription')).toBe(contract.id);
    }
    expect(await stripe.fake.pay(plans.body.sessionId)).toContain(`/account/plans?subscription=${contract.id}`);
    const fallback = await session({});
    expect(urls(fallback.body.sessionId)[0]!.pathname).toBe('/account/subscriptions');

    // Anywhere else is refused, naming the field: another site, a path out of the account, or a trick.
    for (const returnPath of [
      'https://evil.example/account',
      '//evil.example/account',
      '/admin',
      '/account/../admin',
    ]) {
      const bad = await session({ returnPath });
      expect(bad.status, returnPath).toBe(400);
      expect(violations(bad.body), returnPath).toEqual(['returnPath:FORMAT']);
    }
    // Someone else's subscription stays a 404, whatever the path.
    const theirs = await call(srv.url, 'POST', `${BASE}/${contract.id}/stripe-card-session`, {
      auth: await memberAuth(srv, c.memberB.email),
      body: { returnPath: '/account/plans' },
    });
    expect(theirs.status).toBe(404);
  });
});
