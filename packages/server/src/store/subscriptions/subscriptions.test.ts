import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListSubscriptionContractsResponse, Order, Product, SubscriptionContract } from '@plaza/contracts';
import { memberAuth } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { newCheckout, ref } from '../checkout/testing.js';
import { enqueueJob } from '../../platform/jobs/service.js';
import { mailMessages } from '../../platform/mail/tables.js';
import { orders } from '../orders/tables.js';
import {
  cardToken,
  DECLINED_CARD,
  ensureTestShipping,
  orderOf,
  place,
  placeAndCharge,
  SHIPPING,
  stockOf,
} from '../orders/testing.js';
import { subscriptionContracts } from './tables.js';

// The job worker reads the server's clock: moving it a month runs that month's renewal.
let now = Date.parse('2026-03-10T12:00:00.000Z');
const { srv, c } = serverSuite({ clock: () => new Date(now), cast: true });
let coffee: Product;
const DAY = 86_400_000;

beforeAll(async () => {
  coffee = await createProduct(srv, c.owner, {
    name: 'Coffee beans',
    price: { amount: '20.00' },
    inventory: { trackQuantity: true, quantity: 100 },
    subscriptionOptions: {
      allowOneTimePurchases: true,
      options: [
        { frequency: 'MONTH', interval: 1, billingCycles: 3 },
        { frequency: 'WEEK', interval: 2 },
      ],
    },
  });
  await ensureTestShipping(srv);
}, 120_000);

const BASE = '/ecom/v1/subscription-contracts';
/** Fresh tokens: the clock moves by months here, further than any token lives. */
const tokens = async () => ({
  a: await memberAuth(srv, c.memberA.email),
  b: await memberAuth(srv, c.memberB.email),
  owner: await memberAuth(srv),
  visitor: `Bearer ${await srv.visitorToken()}`,
});
const get = (auth: string, id: string) =>
  call<{ subscriptionContract: SubscriptionContract }>(srv.url, 'GET', `${BASE}/${id}`, { auth });
const act = (auth: string, id: string, action: string) =>
  call<{ subscriptionContract: SubscriptionContract }>(srv.url, 'POST', `${BASE}/${id}/${action}`, { auth, body: {} });
const list = (auth: string, query = '') =>
  call<ListSubscriptionContractsResponse>(srv.url, 'GET', `${BASE}${query}`, { auth });

async function until(check: () => Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const contractOf = async (id: string) =>
  (await srv.ctx().db.select().from(subscriptionContracts).where(eq(subscriptionContracts.id, id)))[0]!;
const stock = () => stockOf(srv, coffee.id);

async function subscribe(auth: string, frequency: 'MONTH' | 'WEEK', interval: number) {
  const co = await newCheckout(srv, auth, {
    lineItems: [
      {
        catalogReference: ref(coffee.id),
        quantity: 2,
        subscriptionOptionInfo: { subscriptionSettings: { frequency, interval } },
      },
    ],
    checkoutInfo: { buyerInfo: { email: 'subscriber@example.com' }, shippingInfo: SHIPPING },
    channelType: 'WEB',
  });
  const res = await placeAndCharge(srv, auth, co.id, await cardToken(srv, auth));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mine = await list(auth);
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  const contract = mine.body.subscriptionContracts.find((s) => s.originOrderId === res.body.orderId)!;
  return { order: res.body.order, contract, checkout: co };
}

describe('subscription contracts', () => {
  it('an order with a subscription line makes a contract that renews on its dates, for what the checkout showed', async () => {
    const { order, contract, checkout } = await subscribe((await tokens()).a, 'MONTH', 1);
    expect(order.activities.map((a) => a.type)).toContain('SAVED_PAYMENT_METHOD');
    expect(contract).toMatchObject({
      status: 'ACTIVE',
      cyclesCompleted: 1,
      price: { amount: '40.00' },
      subscriptionSettings: { frequency: 'MONTH', interval: 1, billingCycles: 3 },
      paymentMethod: { brand: 'Visa', lastFourDigits: '4242' },
      nextBillingDate: '2026-04-10T12:00:00.000Z',
    });
    const promised = checkout.subscriptionCharges[0]!.charges.map((ch) => [ch.cycleBillingDate, ch.amount.amount]);
    // A second job for the same cycle (a retry, a double enqueue) must not charge twice.
    await enqueueJob(srv.ctx(), {
      kind: 'SUBSCRIPTION_RENEWAL',
      payload: { contractId: contract.id, cycle: 2, attempt: 0 },
      runAt: new Date(Date.parse('2026-04-10T12:00:00.000Z')),
    });
    const before = await stock();

    now = Date.parse('2026-04-10T12:00:01.000Z');
    await until(async () => (await contractOf(contract.id)).cyclesCompleted === 2);
    now = Date.parse('2026-05-10T12:00:01.000Z');
    await until(async () => (await contractOf(contract.id)).cyclesCompleted === 3);
    await new Promise((r) => setTimeout(r, 500));
    const t = await tokens();
    const done = (await get(t.a, contract.id)).body.subscriptionContract;
    expect(done.status).toBe('ENDED');
    expect(done.nextBillingDate).toBeUndefined();
    expect(done.renewalOrderIds).toHaveLength(2);
    const renewals: Order[] = [];
    for (const id of done.renewalOrderIds) renewals.push(await orderOf(srv, t.a, id));
    expect(renewals.map((o) => [o.purchasedDate.slice(0, 10), o.priceSummary.total.amount])).toEqual(
      promised.slice(1).map(([date, amount]) => [date!.slice(0, 10), amount]),
    );
    expect(renewals.every((o) => o.paymentStatus === 'PAID' && o.tags.includes('subscription'))).toBe(true);
    expect(await stock()).toBe(before - 4);
    const mails = await srv
      .ctx()
      .db.select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, 'subscriber@example.com'), eq(mailMessages.template, 'ORDER_PLACED')));
    expect(mails.filter((m) => m.text.includes('(subscription)'))).toHaveLength(2);

    // Ended: the months after bring nothing.
    now = Date.parse('2026-07-11T12:00:00.000Z');
    await new Promise((r) => setTimeout(r, 700));
    const theirs = await srv.ctx().db.select().from(orders).where(eq(orders.memberId, c.memberA.id));
    expect(theirs).toHaveLength(3);
  });

  it('the buyer cancels: no more charges; others cannot see or cancel it', async () => {
    let t = await tokens();
    const { contract } = await subscribe(t.b, 'WEEK', 2);
    expect((await get(t.a, contract.id)).status).toBe(404);
    expect((await act(t.a, contract.id, 'cancel')).status).toBe(404);
    expect((await list(t.a)).body.subscriptionContracts.map((s) => s.id)).not.toContain(contract.id);
    expect((await act(t.b, contract.id, 'pause')).status).toBe(403);
    const canceled = await act(t.b, contract.id, 'cancel');
    expect(canceled.status).toBe(200);
    expect(canceled.body.subscriptionContract).toMatchObject({ status: 'CANCELED' });
    expect(canceled.body.subscriptionContract.nextBillingDate).toBeUndefined();
    expect((await act(t.b, contract.id, 'cancel')).body.subscriptionContract.status).toBe('CANCELED');
    now += 15 * DAY;
    await new Promise((r) => setTimeout(r, 700));
    expect((await contractOf(contract.id)).cyclesCompleted).toBe(1);
    t = await tokens();
    expect((await act(t.owner, contract.id, 'resume')).status).toBe(409);
  });

  it('a declined renewal is tried daily, pauses after the third, and the owner resumes it', async () => {
    const { visitor } = await tokens();
    const { contract } = await subscribe(visitor, 'WEEK', 2);
    const good = (await contractOf(contract.id)).paymentMethod;
    // The buyer's bank starts refusing the saved card.
    await srv
      .ctx()
      .db.update(subscriptionContracts)
      .set({ paymentMethod: { ...good, token: await cardToken(srv, visitor, DECLINED_CARD) } })
      .where(eq(subscriptionContracts.id, contract.id));
    for (let attempt = 1; attempt <= 3; attempt++) {
      now += attempt === 1 ? 14 * DAY + 1000 : DAY + 1000;
      await until(async () => (await contractOf(contract.id)).failedAttempts === attempt);
    }
    let { owner } = await tokens();
    const paused = (await get(owner, contract.id)).body.subscriptionContract;
    expect(paused).toMatchObject({ status: 'PAUSED', failedAttempts: 3, cyclesCompleted: 1, renewalOrderIds: [] });
    expect(paused.lastFailure?.reason).toBe('The card was declined.');
    now += 3 * DAY;
    await new Promise((r) => setTimeout(r, 500));
    expect((await contractOf(contract.id)).failedAttempts).toBe(3);

    await srv
      .ctx()
      .db.update(subscriptionContracts)
      .set({ paymentMethod: good })
      .where(eq(subscriptionContracts.id, contract.id));
    ({ owner } = await tokens());
    const resumed = await act(owner, contract.id, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscriptionContract).toMatchObject({ status: 'ACTIVE', failedAttempts: 0 });
    await until(async () => (await contractOf(contract.id)).cyclesCompleted === 2);
    const owned = (await list(owner, '?status=ACTIVE')).body.subscriptionContracts.map((s) => s.id);
    expect(owned).toContain(contract.id);
  });

  it('the buyer puts a subscription paused by declines on a new card, and it renews again', async () => {
    const { visitor } = await tokens();
    const { contract } = await subscribe(visitor, 'WEEK', 2);
    await srv
      .ctx()
      .db.update(subscriptionContracts)
      .set({ status: 'PAUSED', failedAttempts: 3, lastFailure: { date: new Date(now).toISOString(), reason: 'x' } })
      .where(eq(subscriptionContracts.id, contract.id));
    const path = `${BASE}/${contract.id}/update-payment-method`;
    const update = (auth: string | undefined, body: unknown) =>
      call<{ subscriptionContract: SubscriptionContract }>(srv.url, 'POST', path, { ...(auth ? { auth } : {}), body });

    const declined = await update(visitor, { paymentToken: await cardToken(srv, visitor, DECLINED_CARD) });
    expect(declined.status).toBe(409);
    expect(appCode(declined.body)).toBe('PAYMENT_DECLINED');
    expect((await contractOf(contract.id)).status).toBe('PAUSED');
    const t = await tokens();
    expect((await update(t.b, { paymentToken: await cardToken(srv, t.b) })).status).toBe(404);
    expect((await update(undefined, { paymentToken: await cardToken(srv, visitor) })).status).toBe(401);
    const bad = await update(visitor, { paymentToken: 'short' });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toContain('paymentToken:MIN_LENGTH');

    const res = await update(visitor, { paymentToken: await cardToken(srv, visitor, '5555555555554444') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subscriptionContract).toMatchObject({
      status: 'ACTIVE',
      failedAttempts: 0,
      paymentMethod: { brand: 'Mastercard', lastFourDigits: '4444' },
    });
    now += 14 * DAY + 1000;
    await until(async () => (await contractOf(contract.id)).cyclesCompleted === 2);
  });

  it('refuses a subscription without a card, bad filters and strangers', async () => {
    const t = await tokens();
    const co = await newCheckout(srv, t.a, {
      lineItems: [
        {
          catalogReference: ref(coffee.id),
          quantity: 1,
          subscriptionOptionInfo: { subscriptionSettings: { frequency: 'WEEK', interval: 2 } },
        },
      ],
      checkoutInfo: { buyerInfo: { email: 'x@example.com' }, shippingInfo: SHIPPING },
    });
    const settings = await call<{ paymentSettings: { paymentOptions: string[] } }>(
      srv.url,
      'GET',
      `/ecom/v1/checkouts/${co.id}/payment-settings`,
      { auth: t.a },
    );
    expect(settings.body.paymentSettings.paymentOptions).toEqual(['FULL_PAYMENT_ONLINE']);
    const noCard = await place(srv, t.a, co.id);
    expect(noCard.status).toBe(400);
    expect(violations(noCard.body)).toContain('paymentToken:REQUIRED_FIELD');
    const bad = await list(t.owner, '?status=SOMETIMES');
    expect(bad.status).toBe(400);
    expect(violations(bad.body).join()).toContain('status');
    expect((await list(t.owner, '?cursor=forged.cursor')).status).toBe(400);
    expect((await call(srv.url, 'GET', BASE, {})).status).toBe(401);
    expect((await list(await srv.createApiKey(['members']))).status).toBe(403);
    const ghost = await get(t.owner, '00000000-0000-4000-8000-000000000000');
    expect(ghost.status).toBe(404);
  });
});
