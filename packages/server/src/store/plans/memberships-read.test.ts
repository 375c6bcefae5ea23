import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreditUse, Membership, Plan } from '@plaza/contracts';
import { PLAN_APP_ID } from '@plaza/contracts/constants';
import { uuidv7 } from '../../lib/ids.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { orders } from '../orders/tables.js';
import { subscriptionContracts } from '../subscriptions/tables.js';
import { creditPeriodAt } from './periods.js';
import { planCreditBalances, planCreditUses, planMemberships, plans } from './tables.js';

// Memberships are written here straight into the tables: buying and granting are another part's routes.
const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });

const PLANS = '/plans/v1/plans';
const MEMBERSHIPS = '/plans/v1/memberships';
type Listed = Membership & { member: { name: string; email?: string } };
const DAY = 864e5;

async function newPlan(credits = 4): Promise<Plan> {
  const product = await createProduct(srv, c.owner);
  const res = await call<{ plan: Plan }>(srv.url, 'POST', PLANS, {
    auth: c.owner,
    body: {
      plan: {
        name: `Pass ${uuidv7()}`,
        price: { amount: '20' },
        benefits: [
          {
            kind: 'CREDITS',
            productIds: [product.id],
            collectionIds: [],
            credits,
            creditPeriod: { unit: 'MONTH', count: 1 },
          },
        ],
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.plan;
}

async function insertMembership(
  plan: Plan,
  memberId: string,
  extra: Partial<typeof planMemberships.$inferInsert> = {},
) {
  const now = new Date();
  const row = {
    id: uuidv7(),
    planId: plan.id,
    memberId,
    status: 'ACTIVE',
    planName: plan.name,
    startDate: new Date(now.getTime() - 40 * DAY),
    createdDate: now,
    updatedDate: now,
    ...extra,
  };
  await srv.ctx().db.insert(planMemberships).values(row);
  return row;
}

const list = (auth: string, query = '') =>
  call<{ memberships: Listed[]; metadata: { total: number } }>(srv.url, 'GET', `${MEMBERSHIPS}${query}`, { auth });

describe('memberships: who reads what', () => {
  it('a member lists only their own (filters for others ignored); managers filter and see who holds each', async () => {
    const [p1, p2] = [await newPlan(), await newPlan()];
    const a1 = await insertMembership(p1, c.memberA.id);
    const a2 = await insertMembership(p2, c.memberA.id, { status: 'ENDED', endReason: 'REVOKED' });
    const b1 = await insertMembership(p1, c.memberB.id, { grantedBy: c.ownerId });

    const mine = await list(c.memberA.auth, `?memberId=${c.memberB.id}&planId=${p1.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.memberships.map((m) => m.id).sort()).toEqual([a1.id, a2.id].sort());
    const ended = await list(c.memberA.auth, '?status=ENDED');
    expect(ended.body.memberships.map((m) => m.id)).toEqual([a2.id]);
    expect(ended.body.memberships[0]).toMatchObject({ endReason: 'REVOKED', grantedByOwner: false });
    expect((await list(c.contributor.auth)).body.memberships).toEqual([]);

    for (const who of [c.owner, keys.ecom]) {
      const byPlan = await list(who, `?planId=${p1.id}`);
      expect(byPlan.body.memberships.map((m) => m.id).sort()).toEqual([a1.id, b1.id].sort());
      const b = byPlan.body.memberships.find((m) => m.id === b1.id)!;
      expect(b).toMatchObject({ grantedByOwner: true, member: { name: 'Bob Brown', email: c.memberB.email } });
    }
    const byMember = await list(c.owner, `?memberId=${c.memberA.id}&status=ACTIVE`);
    expect(byMember.body.memberships.map((m) => m.id)).toEqual([a1.id]);
    expect(byMember.body.metadata.total).toBe(1);
  });

  it('visitors and apps without ecom are refused; someone else’s membership is 404', async () => {
    const plan = await newPlan();
    const a = await insertMembership(plan, c.memberA.id);
    expect((await list(c.visitor)).status).toBe(403);
    expect((await list(c.apiKey)).status).toBe(403);
    expect((await call(srv.url, 'GET', MEMBERSHIPS)).status).toBe(401);
    for (const path of [`${MEMBERSHIPS}/${a.id}`, `${MEMBERSHIPS}/${a.id}/credit-uses`]) {
      expect((await call(srv.url, 'GET', path, { auth: c.memberB.auth })).status).toBe(404);
      expect((await call(srv.url, 'GET', path, { auth: c.contributor.auth })).status).toBe(404);
      expect((await call(srv.url, 'GET', path, { auth: c.memberA.auth })).status).toBe(200);
      expect((await call(srv.url, 'GET', path, { auth: keys.ecom })).status).toBe(200);
    }
    const missing = `${MEMBERSHIPS}/0190a4b4-0000-7000-8000-00000000dead`;
    expect((await call(srv.url, 'GET', missing, { auth: c.memberB.auth })).status).toBe(404);
  });

  it('credits left this period: the balance row’s, else the full quota; uses newest first', async () => {
    const plan = await newPlan(4);
    const benefitId = plan.benefits[0]!.id;
    const used = await insertMembership(plan, c.memberA.id);
    const fresh = await insertMembership(plan, c.memberA.id, { startDate: new Date(Date.now() - DAY) });
    const period = creditPeriodAt(
      {
        membership: { startDate: used.startDate, endDate: null },
        plan: { recurrence: null },
        benefit: { creditPeriod: { unit: 'MONTH', count: 1 } },
      },
      new Date(),
    );
    const balanceId = uuidv7();
    const db = srv.ctx().db;
    await db.insert(planCreditBalances).values([
      // Last period's balance, used up: not today's.
      {
        id: uuidv7(),
        membershipId: used.id,
        benefitId,
        periodStart: used.startDate,
        periodEnd: period.start,
        quota: 4,
        used: 4,
      },
      {
        id: balanceId,
        membershipId: used.id,
        benefitId,
        periodStart: period.start,
        periodEnd: period.end,
        quota: 4,
        used: 1,
      },
    ]);
    const orderId = uuidv7();
    await db.insert(planCreditUses).values([
      { ...use(used.id, balanceId, orderId, 'l1', 'Espresso'), createdDate: new Date(Date.now() - 2 * DAY) },
      { ...use(used.id, balanceId, orderId, 'l2', 'Latte'), createdDate: new Date(Date.now() - DAY) },
    ]);

    const got = await call<{ membership: Membership }>(srv.url, 'GET', `${MEMBERSHIPS}/${used.id}`, {
      auth: c.memberA.auth,
    });
    expect(got.body.membership.credits).toEqual([
      { benefitId, total: 4, remaining: 3, periodEnd: period.end!.toISOString() },
    ]);
    const other = await call<{ membership: Membership }>(srv.url, 'GET', `${MEMBERSHIPS}/${fresh.id}`, {
      auth: c.owner,
    });
    expect(other.body.membership.credits).toMatchObject([{ benefitId, total: 4, remaining: 4 }]);
    const uses = await call<{ creditUses: CreditUse[] }>(srv.url, 'GET', `${MEMBERSHIPS}/${used.id}/credit-uses`, {
      auth: c.memberA.auth,
    });
    expect(uses.body.creditUses.map((u) => u.productName)).toEqual(['Latte', 'Espresso']);
    expect(uses.body.creditUses[0]).toMatchObject({ membershipId: used.id, orderId, lineItemId: 'l2', quantity: 1 });
  });
  it('a recurring membership shows its contract’s next charge, until canceled or no longer billing', async () => {
    const plan = await newPlan();
    const next = new Date(Date.now() + 10 * DAY);
    const contract = async (status: string) => {
      const id = uuidv7();
      const now = new Date();
      await srv
        .ctx()
        .db.insert(subscriptionContracts)
        .values({
          id,
          status,
          originOrderId: uuidv7(),
          memberId: c.memberA.id,
          lineItem: {} as never,
          frequency: 'MONTH',
          interval: 1,
          startDate: now,
          amountMinor: 2000n,
          currency: 'USD',
          channel: 'WEB',
          cyclesCompleted: 1,
          nextBillingDate: next,
          paymentMethod: { provider: 'TEST_CARD', token: 't', brand: 'VISA', lastFourDigits: '4242' },
          createdDate: now,
          updatedDate: now,
        });
      return id;
    };
    const billing = await insertMembership(plan, c.memberA.id, { subscriptionContractId: await contract('ACTIVE') });
    const canceled = await insertMembership(plan, c.memberA.id, {
      subscriptionContractId: await contract('ACTIVE'),
      canceledDate: new Date(),
    });
    const paused = await insertMembership(plan, c.memberA.id, {
      status: 'PAUSED',
      subscriptionContractId: await contract('PAUSED'),
    });
    const { body } = await list(c.memberA.auth, `?limit=100`);
    const byId = new Map(body.memberships.map((m) => [m.id, m]));
    expect(byId.get(billing.id)).toMatchObject({
      renewalDate: next.toISOString(),
      subscriptionContractId: expect.any(String),
    });
    expect(byId.get(canceled.id)!.renewalDate).toBeUndefined();
    expect(byId.get(canceled.id)!.canceledDate).toBeDefined();
    expect(byId.get(paused.id)!.renewalDate).toBeUndefined();
  });
});

function use(membershipId: string, balanceId: string, orderId: string, lineItemId: string, productName: string) {
  return { id: uuidv7(), membershipId, balanceId, orderId, lineItemId, productName, quantity: 1 };
}

/** An order holding `lines` of the plan, written as placement would leave it (only what stats read matters). */
async function insertOrder(planId: string, paymentStatus: string, amounts: string[]) {
  const now = new Date();
  const lineItems = amounts.map((amount, i) => ({
    id: `line-${i}`,
    catalogReference: { appId: PLAN_APP_ID, catalogItemId: planId },
    lineItemPrice: { amount, formattedAmount: `$${amount}` },
  }));
  await srv
    .ctx()
    .db.insert(orders)
    .values({
      id: uuidv7(),
      number: Math.floor(Math.random() * 1e9),
      status: 'APPROVED',
      paymentStatus,
      currency: 'USD',
      totalMinor: 0n,
      channel: 'WEB',
      searchText: '',
      snapshot: { lineItems } as never,
      purchasedDate: now,
      createdDate: now,
      updatedDate: now,
    });
}

describe('plan stats', () => {
  it('buyers, active memberships, and paid orders of the plan with what its lines came to', async () => {
    const plan = await newPlan();
    const other = await newPlan();
    await srv.ctx().db.update(plans).set({ buyers: 3 }).where(eq(plans.id, plan.id));
    await insertMembership(plan, c.memberA.id);
    await insertMembership(plan, c.memberB.id);
    await insertMembership(plan, c.memberB.id, { status: 'ENDED', endReason: 'EXPIRED' });
    await insertOrder(plan.id, 'PAID', ['20.00']);
    await insertOrder(plan.id, 'PARTIALLY_REFUNDED', ['20.00', '20.00']);
    await insertOrder(plan.id, 'FULLY_REFUNDED', ['20.00']);
    await insertOrder(plan.id, 'NOT_PAID', ['20.00']);
    await insertOrder(other.id, 'PAID', ['99.00']);
    const res = await call<{ stats: unknown }>(srv.url, 'GET', `${PLANS}/${plan.id}/stats`, { auth: keys.ecom });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stats).toEqual({
      buyers: 3,
      activeMemberships: 2,
      orders: 2,
      revenue: { amount: '60.00', formattedAmount: '$60.00' },
    });
    const none = await call<{ stats: unknown }>(srv.url, 'GET', `${PLANS}/${other.id}/stats`, { auth: c.owner });
    expect(none.body.stats).toMatchObject({ buyers: 0, activeMemberships: 0, orders: 1 });
  });
});
