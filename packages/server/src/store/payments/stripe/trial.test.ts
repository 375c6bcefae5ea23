import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StripeSessionResponse } from '@plaza/contracts';
import { appCode, call, violations } from '../../../../test/http.js';
import { memberAuth } from '../../../test/community.js';
import { orderPayments } from '../../orders/tables.js';
import { placeAndCharge } from '../../orders/testing.js';
import { insertPlan, membershipRows, planCheckout } from '../../plans/purchase-testing.js';
import { subscriptionContracts } from '../../subscriptions/tables.js';
import { stripeSessions } from './tables.js';
import { complete, connect, eventually, ordersOf, stripeSuite } from './testing.js';

const DAY = 86_400_000;
// The job worker reads the server's clock: moving it to the trial's end runs the first charge. It starts in the past,
// as the renewals tests do, so that moving it never outruns the sign-ins' own clock.
let now = Date.now() - 200 * DAY;
const { srv, c, stripe } = stripeSuite({ clock: () => new Date(now) });

beforeAll(async () => {
  await connect(srv, c.owner, stripe.fake);
});

const contractRow = async (id: string) =>
  (await srv.database.db.select().from(subscriptionContracts).where(eq(subscriptionContracts.id, id)))[0]!;
const sessionRow = async (id: string) =>
  (await srv.database.db.select().from(stripeSessions).where(eq(stripeSessions.id, id)))[0]!;
const intentsAsked = () =>
  stripe.fake.calls.filter((k) => k.path === '/v1/payment_intents' && k.method === 'POST' && !k.replayed);

/** A member's checkout of a 14-day-trial monthly plan, and the Stripe session it opens. */
async function trialCheckout(email: string) {
  const plan = await insertPlan(srv, { recurrence: { frequency: 'MONTH', interval: 1, freeTrialDays: 14 } });
  const auth = await memberAuth(srv, email);
  const checkout = await planCheckout(srv, auth, plan.id);
  expect(checkout.priceSummary.payNow.amount).toBe('0.00');
  const made = await call<StripeSessionResponse>(srv.url, 'POST', `/ecom/v1/checkouts/${checkout.id}/stripe-session`, {
    auth,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { plan, auth, checkout, session: made.body };
}

describe('a free trial bought on Stripe', () => {
  it('saves the card on Stripe’s page (setup mode): one order, no charge, the contract renews on that card', async () => {
    const { plan, auth, checkout, session } = await trialCheckout(c.memberA.email);
    const made = stripe.fake.store.sessions.get(session.sessionId)!;
    expect(made.mode).toBe('setup');
    expect(made.currency).toBe('usd');
    expect(made.customer).toMatch(/^cus_/);
    expect(stripe.fake.store.customers.get(made.customer as string)!.email).toBe('plan.buyer@example.com');
    expect(made.success_url).toBe(`${srv.url}/checkout/${checkout.id}/paid?session_id={CHECKOUT_SESSION_ID}`);
    expect(made.cancel_url).toBe(`${srv.url}/checkout/${checkout.id}`);
    const row = await sessionRow(session.sessionId);
    expect(row).toMatchObject({ status: 'OPEN', amountMinor: 0n, saveCard: true, checkoutId: checkout.id });
    // What the card is for travels hashed (Stripe keeps 500 characters a value), with the session's payment id.
    expect(made.metadata).toMatchObject({ plaza_checkout_id: checkout.id, plaza_payment_id: row.paymentId });
    expect(made.metadata?.plaza_purpose).toMatch(/^checkout:[0-9a-f]{64}$/);

    const back = await stripe.fake.pay(session.sessionId);
    expect(back).toBe(`${srv.url}/checkout/${checkout.id}/paid?session_id=${session.sessionId}`);
    const placed = await eventually(
      () => complete(srv, auth, checkout.id, session.sessionId),
      (r) => r.status === 200,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.number).toBe(String(row.orderNumber));
    expect(placed.body.order.priceSummary.total.amount).toBe('0.00');
    expect(await ordersOf(srv, checkout.id)).toHaveLength(1);
    // Nothing charged: no payment row, and Stripe was never asked for a payment.
    const payments = await srv.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, placed.body.orderId));
    expect(payments).toEqual([]);
    expect(intentsAsked()).toEqual([]);
    expect((await sessionRow(session.sessionId)).status).toBe('PLACED');

    const [m] = await membershipRows(srv, plan.id);
    const contract = await contractRow(m!.subscriptionContractId!);
    const setup = stripe.fake.store.setupIntents.get(made.setup_intent as string)!;
    expect(contract).toMatchObject({ status: 'ACTIVE', cyclesCompleted: 0, amountMinor: 1500n });
    expect(contract.paymentMethod).toMatchObject({
      provider: 'STRIPE',
      token: `stripe_pm:${made.customer as string}:${setup.payment_method as string}`,
      brand: 'Visa',
      lastFourDigits: '4242',
    });
    expect(contract.nextBillingDate!.getTime()).toBe(now + 14 * DAY);

    // The trial's end: cycle 1 is charged off-session on the saved card.
    now = contract.nextBillingDate!.getTime() + 1000;
    const renewed = await eventually(
      () => contractRow(contract.id),
      (r) => r.cyclesCompleted >= 1 || r.failedAttempts > 0,
    );
    expect(renewed).toMatchObject({ cyclesCompleted: 1, failedAttempts: 0 });
    const [charge] = intentsAsked();
    expect(charge!.params).toMatchObject({
      amount: '1500',
      customer: made.customer,
      payment_method: setup.payment_method,
      off_session: 'true',
      confirm: 'true',
    });
  });

  it('the return retried and Stripe’s webhooks racing (12 at once) make one order', async () => {
    const { auth, checkout, session } = await trialCheckout(c.memberB.email);
    stripe.fake.webhooks.deliver = false;
    await stripe.fake.pay(session.sessionId);
    stripe.fake.webhooks.deliver = true;
    const completed = stripe.fake.events.filter(
      (e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === session.sessionId,
    );
    expect(completed).toHaveLength(1);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => complete(srv, auth, checkout.id, session.sessionId)),
      stripe.fake.resend(completed[0]!.id),
      stripe.fake.resend(completed[0]!.id),
    ]);
    const answers = results.filter((r): r is Awaited<ReturnType<typeof complete>> => typeof r === 'object');
    const ids = new Set(answers.map((a) => (a.status === 200 ? a.body.orderId : `status ${a.status}`)));
    expect([...ids]).toHaveLength(1);
    expect([...ids][0]).not.toMatch(/^status/);
    expect(await ordersOf(srv, checkout.id)).toHaveLength(1);
    // Asked again later: the same order.
    const again = await complete(srv, auth, checkout.id, session.sessionId);
    expect(again.body.orderId).toBe([...ids][0]);
  });

  it('an unsaved card makes no order; the card saved on one checkout’s page places no other', async () => {
    const first = await trialCheckout(c.memberA.email);
    const unsaved = await complete(srv, first.auth, first.checkout.id, first.session.sessionId);
    expect(unsaved.status).toBe(409);
    expect(appCode(unsaved.body)).toBe('STRIPE_PAYMENT_NOT_FINISHED');
    stripe.fake.webhooks.deliver = false;
    await stripe.fake.pay(first.session.sessionId);
    stripe.fake.webhooks.deliver = true;
    // The token in a request (not through its session): refused, naming the field, and no order.
    const other = await planCheckout(srv, first.auth, (await insertPlan(srv, { recurrence: TRIAL })).id);
    for (const checkoutId of [first.checkout.id, other.id]) {
      const res = await placeAndCharge(srv, first.auth, checkoutId, `stripe_setup:${first.session.sessionId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body)).toEqual(['paymentToken:FORMAT']);
      expect(await ordersOf(srv, checkoutId)).toEqual([]);
    }
    // Another checkout's return with this session is unknown.
    expect((await complete(srv, first.auth, other.id, first.session.sessionId)).status).toBe(404);
    expect((await complete(srv, first.auth, first.checkout.id, first.session.sessionId)).status).toBe(200);
  });

  it('the session check places it when neither the return nor the webhook came', async () => {
    const { checkout, session } = await trialCheckout(c.memberB.email);
    stripe.fake.webhooks.deliver = false;
    await stripe.fake.pay(session.sessionId);
    stripe.fake.webhooks.deliver = true;
    expect(await ordersOf(srv, checkout.id)).toEqual([]);
    now += 16 * 60_000;
    const placed = await eventually(
      () => ordersOf(srv, checkout.id),
      (o) => o.length === 1,
    );
    expect(placed).toHaveLength(1);
    expect((await sessionRow(session.sessionId)).status).toBe('PLACED');
  });
});

const TRIAL = { frequency: 'MONTH', interval: 1, freeTrialDays: 14 } as const;
