import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberAuth } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { cardToken, DECLINED_CARD, placeAndCharge } from '../orders/testing.js';
import { subscriptionContracts } from '../subscriptions/tables.js';
import { expireMemberships } from './lifecycle.js';
import {
  buyPlan,
  expectOk,
  insertPlan,
  membershipAction,
  membershipEvents,
  membershipRows,
  planCheckout,
} from './purchase-testing.js';
import { planMemberships } from './tables.js';

// The job worker reads the server's clock: moving it a month runs that month's renewal.
let now = Date.parse('2026-03-10T12:00:00.000Z');
const { srv, c } = serverSuite({ clock: () => new Date(now), cast: true });
const DAY = 86_400_000;

async function until(check: () => Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const membership = async (id: string) =>
  (await srv.ctx().db.select().from(planMemberships).where(eq(planMemberships.id, id)))[0]!;
const contract = async (id: string) =>
  (await srv.ctx().db.select().from(subscriptionContracts).where(eq(subscriptionContracts.id, id)))[0]!;

/** A monthly plan bought by this member: its membership and contract. */
async function subscribe(email: string) {
  const plan = await insertPlan(srv, { recurrence: { frequency: 'MONTH', interval: 1 } });
  const res = await buyPlan(srv, await memberAuth(srv, email), plan.id);
  expectOk(res);
  const [m] = await membershipRows(srv, plan.id);
  return { plan, m: m!, k: await contract(m!.subscriptionContractId!) };
}

describe('recurring plans', () => {
  it('the order makes a contract; each paid renewal moves the membership’s end a period on', async () => {
    now = Date.parse('2026-03-10T12:00:00.000Z');
    const { m, k } = await subscribe(c.memberA.email);
    expect(k).toMatchObject({ status: 'ACTIVE', cyclesCompleted: 1, frequency: 'MONTH', amountMinor: 1500n });
    expect(k.nextBillingDate?.toISOString()).toBe('2026-04-10T12:00:00.000Z');
    expect(m).toMatchObject({ status: 'ACTIVE' });
    expect(m.endDate?.toISOString()).toBe('2026-04-10T12:00:00.000Z');

    now = Date.parse('2026-04-10T12:00:01.000Z');
    await until(async () => (await contract(k.id)).cyclesCompleted === 2);
    const renewed = await membership(m.id);
    expect(renewed.status).toBe('ACTIVE');
    expect(renewed.endDate?.toISOString()).toBe('2026-05-10T12:00:00.000Z');
    // One membership however many renewals: the renewal order starts none.
    expect(await membershipRows(srv, m.planId)).toHaveLength(1);
    const events = await membershipEvents(srv, m.id);
    expect(events, JSON.stringify(events)).toEqual(['plans.membership.purchased', 'plans.membership.renewed']);
  });

  it('renewals declined after the retries pause the membership; a resume makes it ACTIVE again', async () => {
    now = Date.parse('2026-06-01T12:00:00.000Z');
    const { m, k } = await subscribe(c.memberB.email);
    const auth = await memberAuth(srv, c.memberB.email);
    await srv
      .ctx()
      .db.update(subscriptionContracts)
      .set({ paymentMethod: { ...k.paymentMethod, token: await cardToken(srv, auth, DECLINED_CARD) } })
      .where(eq(subscriptionContracts.id, k.id));
    for (let attempt = 1; attempt <= 3; attempt++) {
      now += attempt === 1 ? 30 * DAY + 1000 : DAY + 1000;
      await until(async () => (await contract(k.id)).failedAttempts === attempt);
    }
    expect((await contract(k.id)).status).toBe('PAUSED');
    expect((await membership(m.id)).status).toBe('PAUSED');
    expect(await membershipEvents(srv, m.id)).toEqual(['plans.membership.purchased', 'plans.membership.paused']);

    await srv
      .ctx()
      .db.update(subscriptionContracts)
      .set({ paymentMethod: k.paymentMethod })
      .where(eq(subscriptionContracts.id, k.id));
    const owner = await memberAuth(srv);
    const res = await fetch(`${srv.url}/ecom/v1/subscription-contracts/${k.id}/resume`, {
      method: 'POST',
      headers: { authorization: owner, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await until(async () => (await contract(k.id)).cyclesCompleted === 2);
    const back = await membership(m.id);
    expect(back.status).toBe('ACTIVE');
    expect(back.endDate!.getTime()).toBeGreaterThan(now);
  });

  it('the holder cancels: the contract stops, benefits stay until the end, then it ends', async () => {
    now = Date.parse('2026-09-01T12:00:00.000Z');
    const { m, k } = await subscribe(c.memberA.email);
    const auth = await memberAuth(srv, c.memberA.email);
    const res = await membershipAction(srv, auth, m.id, 'cancel');
    expectOk(res);
    expect(res.body.membership).toMatchObject({ status: 'ACTIVE', endDate: '2026-10-01T12:00:00.000Z' });
    expect(res.body.membership.renewalDate).toBeUndefined();
    expect((await contract(k.id)).status).toBe('CANCELED');
    now = Date.parse('2026-10-01T12:00:01.000Z');
    await new Promise((r) => setTimeout(r, 300));
    expect((await contract(k.id)).cyclesCompleted).toBe(1);
    await expireMemberships(srv.ctx());
    expect(await membership(m.id)).toMatchObject({ status: 'ENDED', endReason: 'CANCELED' });
  });

  it('a cancel on the contract itself cancels the membership; a revoke cancels the contract', async () => {
    now = Date.parse('2026-12-01T12:00:00.000Z');
    const { m, k } = await subscribe(c.memberB.email);
    const auth = await memberAuth(srv, c.memberB.email);
    const res = await fetch(`${srv.url}/ecom/v1/subscription-contracts/${k.id}/cancel`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const canceled = await membership(m.id);
    expect(canceled.status).toBe('ACTIVE');
    expect(canceled.canceledDate?.toISOString()).toBe('2026-12-01T12:00:00.000Z');

    const second = await subscribe(c.memberA.email);
    const revoked = await membershipAction(srv, await memberAuth(srv), second.m.id, 'revoke');
    expectOk(revoked);
    expect(revoked.body.membership).toMatchObject({ status: 'ENDED', endReason: 'REVOKED' });
    expect((await contract(second.k.id)).status).toBe('CANCELED');
  });

  it('subscription.free-trial: a free trial charges nothing at checkout; the contract charges cycle 1 at the trial’s end', async () => {
    now = Date.parse('2027-02-01T12:00:00.000Z');
    const plan = await insertPlan(srv, { recurrence: { frequency: 'MONTH', interval: 1, freeTrialDays: 14 } });
    const auth = await memberAuth(srv, c.memberA.email);
    const co = await planCheckout(srv, auth, plan.id);
    expect(co.priceSummary.total.amount).toBe('0.00');
    expect(co.subscriptionCharges[0]!.charges.slice(0, 2)).toMatchObject([
      { cycle: 1, cycleBillingDate: '2027-02-15T12:00:00.000Z', amount: { amount: '15.00' } },
      { cycle: 2, cycleBillingDate: '2027-03-15T12:00:00.000Z', amount: { amount: '15.00' } },
    ]);
    // A card is still needed: the trial's first charge goes on it.
    const noCard = await fetch(`${srv.url}/ecom/v1/checkouts/${co.id}/create-order`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCard.status).toBe(400);
    const declined = await placeAndCharge(srv, auth, co.id, await cardToken(srv, auth, DECLINED_CARD));
    expect(declined.status).toBe(409);
    const res = await placeAndCharge(srv, auth, co.id, await cardToken(srv, auth));
    expectOk(res);
    expect(res.body.order.priceSummary.total.amount).toBe('0.00');
    const [m] = await membershipRows(srv, plan.id);
    expect(m!.endDate?.toISOString()).toBe('2027-02-15T12:00:00.000Z');
    const k = await contract(m!.subscriptionContractId!);
    expect(k).toMatchObject({ status: 'ACTIVE', cyclesCompleted: 0, amountMinor: 1500n });
    expect(k.nextBillingDate?.toISOString()).toBe('2027-02-15T12:00:00.000Z');

    now = Date.parse('2027-02-15T12:00:01.000Z');
    await until(async () => (await contract(k.id)).cyclesCompleted === 1);
    const paid = await contract(k.id);
    expect(paid.nextBillingDate?.toISOString()).toBe('2027-03-15T12:00:00.000Z');
    expect(paid.renewalOrderIds).toHaveLength(1);
    expect((await membership(m!.id)).endDate?.toISOString()).toBe('2027-03-15T12:00:00.000Z');
  });
});
