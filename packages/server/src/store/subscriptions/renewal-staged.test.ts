import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product, SubscriptionContract } from '@plaza/contracts';
import { withTx } from '../../kernel/context.js';
import { CallInTransactionError } from '../../kernel/tx-guard.js';
import { memberAuth } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { newCheckout, ref } from '../checkout/testing.js';
import { jobs } from '../../platform/jobs/tables.js';
import { orderPayments, orders } from '../orders/tables.js';
import { cardToken, checkoutFor, ensureTestShipping, placeAndCharge, SHIPPING, stockOf } from '../orders/testing.js';
import { appPaymentProvider } from '../payments/app-provider.js';
import { providerForToken } from '../payments/providers.js';
import { json, startPaymentApp, type PluginCall } from '../../platform/service-plugins/test-app.js';
import { subscriptionJobHandlers } from './renewal.jobs.js';
import { subscriptionContracts } from './tables.js';

// Renewals placed in stages, paid through a real payment app (an HTTP server in the test). The job worker reads this
// clock: moving it past a billing date runs that renewal. It runs with real time, moved ahead by `ahead`: the app checks
// the expiry of Plaza's signed requests against its own clock.
let ahead = 0;
const moveTo = (date: number) => (ahead = date - Date.now());
const { srv } = serverSuite({ clock: () => new Date(Date.now() + ahead) });
let app: Awaited<ReturnType<typeof startPaymentApp>>;
const DAY = 86_400_000;

/** The app's books by Plaza's transaction id; a repeated id is the same charge (as the app protocol says). */
const books = new Map<string, { amount: string; status: string }>();
const asked = (method: string, id: string) =>
  app.received.filter((r) => r.method === method && r.request.transactionId === id).length;
/** Runs while the app is deciding on a renewal charge (outside any transaction of ours). */
let meanwhile: (id: string) => Promise<void> = () => Promise.resolve();

function bank(call: PluginCall, res: Parameters<Parameters<typeof app.answer>[0]>[1]) {
  const r = call.request as Record<string, string | boolean>;
  const id = String(r.transactionId);
  if (call.method === 'authorizePayment') {
    return meanwhile(id).then(() => {
      books.set(id, books.get(id) ?? { amount: String(r.amount), status: 'CAPTURED' });
      json(res, 200, {
        status: 'APPROVED',
        providerTransactionId: `pay_${id}`,
        card: { brand: 'Acme', lastFourDigits: '1111' },
      });
    });
  }
  if (call.method === 'voidPayment') {
    const held = books.get(id);
    if (held) held.status = 'VOIDED';
    return json(res, 200, { status: 'SUCCEEDED' });
  }
  return json(res, 200, { status: 'SUCCEEDED' });
}

beforeAll(async () => {
  app = await startPaymentApp(srv, 'Acme Payments', 10_000);
  await ensureTestShipping(srv);
}, 120_000);
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  meanwhile = () => Promise.resolve();
  app.answer(bank);
});

const contractOf = async (id: string) =>
  (await srv.ctx().db.select().from(subscriptionContracts).where(eq(subscriptionContracts.id, id)))[0]!;
/** The renewal orders of a product (each test subscribes to its own). */
const renewalsOf = async (p: Product) =>
  (await srv.ctx().db.select().from(orders)).filter(
    (o) => o.tags.includes('subscription') && o.snapshot.lineItems[0]?.catalogReference?.catalogItemId === p.id,
  );
/** Fresh tokens: the clock moves by a month here, further than any token lives. */
const visitorAuth = async () => `Bearer ${await srv.visitorToken()}`;
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A product sold monthly for two cycles, `quantity` in stock. */
const product = async (name: string, quantity: number) =>
  createProduct(srv, await memberAuth(srv), {
    name,
    price: { amount: '12.00' },
    inventory: { trackQuantity: true, quantity },
    subscriptionOptions: {
      allowOneTimePurchases: true,
      options: [{ frequency: 'MONTH', interval: 1, billingCycles: 2 }],
    },
  });

/** A visitor subscribes with the app's card token; answers the contract. */
async function subscribe(p: Product): Promise<SubscriptionContract> {
  const auth = await visitorAuth();
  const co = await newCheckout(srv, auth, {
    lineItems: [
      {
        catalogReference: ref(p.id),
        quantity: 1,
        subscriptionOptionInfo: { subscriptionSettings: { frequency: 'MONTH', interval: 1 } },
      },
    ],
    checkoutInfo: { buyerInfo: { email: 'renewals@example.com' }, shippingInfo: SHIPPING },
    channelType: 'WEB',
  });
  const placed = await placeAndCharge(srv, auth, co.id, `ok-token-${p.id}`);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const mine = await call<{ subscriptionContracts: SubscriptionContract[] }>(
    srv.url,
    'GET',
    '/ecom/v1/subscription-contracts',
    { auth: await memberAuth(srv) },
  );
  return mine.body.subscriptionContracts.find((s) => s.originOrderId === placed.body.orderId)!;
}

describe('a subscription renewal, placed in stages', () => {
  it('the guard is on: a charge inside a transaction throws, and never reaches the app', async () => {
    const charge = (token: string, transactionId: string) =>
      withTx(srv.ctx(), (tx) =>
        providerForToken(token).authorize(tx, {
          paymentToken: token,
          amountMinor: 100n,
          currency: 'USD',
          capture: true,
          transactionId,
        }),
      );
    const testCard = await cardToken(srv, await visitorAuth());
    await expect(charge(testCard, randomUUID())).rejects.toBeInstanceOf(CallInTransactionError);
    const inside = randomUUID();
    await expect(charge('ok-token-inside', inside)).rejects.toThrow();
    expect(asked('authorizePayment', inside)).toBe(0);
  });

  it('the last unit sold meanwhile: the app’s charge is released, the failure recorded, and tomorrow’s try is a new charge', async () => {
    const tea = await product('Tea', 2);
    const contract = await subscribe(tea);
    expect(await stockOf(srv, tea.id)).toBe(1);
    // Someone else buys the last unit while the app decides on the renewal's charge.
    let renewalCharge = '';
    let rivalPaid = 0;
    meanwhile = async (id) => {
      if (renewalCharge || books.has(id)) return;
      renewalCharge = id;
      const rival = await visitorAuth();
      const co = await checkoutFor(srv, rival, tea, 1);
      rivalPaid = (await placeAndCharge(srv, rival, co.id, await cardToken(srv, rival))).status;
    };

    moveTo(Date.parse(contract.nextBillingDate!) + 1000);
    await until(async () => (await contractOf(contract.id)).failedAttempts === 1);
    expect(rivalPaid).toBe(200);
    const failed = await contractOf(contract.id);
    expect(failed).toMatchObject({ status: 'ACTIVE', cyclesCompleted: 1, renewalOrderIds: [] });
    expect(failed.lastFailure?.reason).toBe('Tea is out of stock');
    expect(failed.nextBillingDate!.getTime()).toBe(Date.parse(failed.lastFailure!.date) + DAY);
    // Released at the app, at once; nothing of the renewal kept here.
    expect(books.get(renewalCharge)?.status).toBe('VOIDED');
    expect(asked('voidPayment', renewalCharge)).toBe(1);
    const kept = await srv.ctx().db.select().from(orderPayments).where(eq(orderPayments.id, renewalCharge));
    expect(kept).toHaveLength(0);
    expect(await stockOf(srv, tea.id)).toBe(0);

    // Restocked; the next day's try is another charge (the released one is never asked for again) and is kept.
    const restock = await call(srv.url, 'PATCH', `/catalog/v1/products/${tea.id}`, {
      auth: await memberAuth(srv),
      body: { product: { inventory: { trackQuantity: true, quantity: 5 } }, fieldMask: { paths: ['inventory'] } },
    });
    expect(restock.status, JSON.stringify(restock.body)).toBe(200);
    moveTo(failed.nextBillingDate!.getTime() + 1000);
    await until(async () => (await contractOf(contract.id)).cyclesCompleted === 2);
    const renewed = await contractOf(contract.id);
    expect(renewed).toMatchObject({ status: 'ENDED', failedAttempts: 0, lastFailure: null });
    const [payment] = await srv
      .ctx()
      .db.select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, renewed.renewalOrderIds[0]!));
    expect(payment!.id).not.toBe(renewalCharge);
    expect(payment).toMatchObject({
      provider: appPaymentProvider.id,
      status: 'APPROVED',
      providerTransactionId: `pay_${payment!.id}`,
    });
    expect(books.get(payment!.id)?.status).toBe('CAPTURED');
    expect(books.get(renewalCharge)?.status).toBe('VOIDED');
    expect(await stockOf(srv, tea.id)).toBe(4);
    expect(await renewalsOf(tea)).toHaveLength(1);
  });

  it('two workers running the same renewal at once make one order and one charge', async () => {
    const coffee = await product('Coffee', 50);
    const contract = await subscribe(coffee);
    const stockBefore = await stockOf(srv, coffee.id);
    // The app answers only once both runs are waiting on it: both are past their checks and charging at once.
    const waiting: Array<() => void> = [];
    meanwhile = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) waiting.forEach((go) => go());
        // Never hangs: a run that waits alone is answered after 5 s (and the test then fails on `waiting`).
        setTimeout(resolve, 5000);
      });
    const job = { ctx: srv.ctx(), payload: { contractId: contract.id, cycle: 2, attempt: 0 } } as never;
    await Promise.all([
      subscriptionJobHandlers.SUBSCRIPTION_RENEWAL!(job),
      subscriptionJobHandlers.SUBSCRIPTION_RENEWAL!(job),
    ]);

    expect(waiting).toHaveLength(2);
    const done = await contractOf(contract.id);
    expect(done).toMatchObject({ cyclesCompleted: 2, status: 'ENDED' });
    expect(done.renewalOrderIds).toHaveLength(1);
    const payments = await srv
      .ctx()
      .db.select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, done.renewalOrderIds[0]!));
    expect(payments).toHaveLength(1);
    const id = payments[0]!.id;
    // Both runs asked for the same charge (one transaction id), and the loser did not release the winner's money.
    expect(asked('authorizePayment', id)).toBe(2);
    expect(asked('voidPayment', id)).toBe(0);
    expect(books.get(id)?.status).toBe('CAPTURED');
    expect((await renewalsOf(coffee)).map((o) => o.id)).toEqual(done.renewalOrderIds);
    expect(await stockOf(srv, coffee.id)).toBe(stockBefore - 1);
    // The sweep planned for the charge finds it kept and leaves it.
    const sweeps = await srv.ctx().db.select().from(jobs).where(eq(jobs.kind, 'PAYMENT_AUTHORIZATION_SWEEP'));
    expect(sweeps.some((j) => (j.payload as { transactionId?: string }).transactionId === id)).toBe(true);
  });
});
