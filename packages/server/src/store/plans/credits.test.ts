import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { newMember, type TestMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { collector, ensureTestShipping, orderOf, place, SHIPPING } from '../orders/testing.js';
import { newCheckout, ref } from '../checkout/testing.js';
import { creditsUsed, insertMembership, insertPlan } from './testing.js';

/** Credits are taken with the order, once per order line, and never beyond the quota however many orders race. */

const { srv, c } = serverSuite({ cast: true });
let coffee: Product;
let club: { id: string; name: string };

beforeAll(async () => {
  coffee = await createProduct(srv, c.owner, { name: 'Coffee', price: { amount: '10.00' } });
  club = await insertPlan(srv, [{ kind: 'CREDITS', credits: 3, productIds: [coffee.id] }], { name: 'Coffee Club' });
  await ensureTestShipping(srv);
}, 120_000);

/** A member's checkout of `quantity` coffees, paid with the membership. */
async function coffeeWithCredits(member: TestMember, membershipId: string, quantity = 1): Promise<Checkout> {
  const co = await newCheckout(srv, member.auth, {
    lineItems: [{ catalogReference: ref(coffee.id), quantity }],
    checkoutInfo: { buyerInfo: { email: member.email }, shippingInfo: SHIPPING },
  });
  const res = await call<{ checkout: Checkout }>(srv.url, 'PATCH', `/ecom/v1/checkouts/${co.id}`, {
    auth: member.auth,
    body: {
      checkout: {
        membershipOptions: {
          selectedMemberships: {
            memberships: [{ id: membershipId, appId: 'plaza-plans', lineItemIds: [co.lineItems[0]!.id] }],
          },
        },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout;
}

describe('placing with credits', () => {
  it('plan.credits-once: takes the credits once, records a MEMBERSHIP payment and answers a paid order', async () => {
    const member = await newMember(srv);
    const membershipId = await insertMembership(srv, club, member.id);
    const co = await coffeeWithCredits(member, membershipId, 2);
    expect(co.priceSummary.payNow.amount).toBe('0.00');
    const placed = await place(srv, member.auth, co.id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await orderOf(srv, c.owner, placed.body.orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.lineItems[0]!.paymentOption).toBe('MEMBERSHIP');
    const tx = await call<{ orderTransactions: { payments: Array<{ method: string; amount: { amount: string } }> } }>(
      srv.url,
      'GET',
      `/ecom/v1/orders/${order.id}/transactions`,
      { auth: c.owner },
    );
    expect(tx.status, JSON.stringify(tx.body)).toBe(200);
    expect(tx.body.orderTransactions.payments.map((p) => [p.method, p.amount.amount])).toEqual([
      ['MEMBERSHIP', '20.00'],
    ]);
    // The same checkout placed again answers the same order and takes nothing more.
    const again = await place(srv, member.auth, co.id);
    expect(again.body.orderId).toBe(order.id);
    const after = await creditsUsed(srv, membershipId);
    expect(after.used).toBe(2);
    expect(after.uses.map((u) => [u.orderId, u.quantity])).toEqual([[order.id, 2]]);
    // One credit left: two more coffees can't be selected.
    const more = await newCheckout(srv, member.auth, {
      lineItems: [{ catalogReference: ref(coffee.id), quantity: 2 }],
    });
    expect(more.membershipOptions.eligibleMemberships[0]?.credits).toEqual({ total: 3, remaining: 1 });
  });

  it('plan.credits-once: 20 orders of one member racing for 3 credits: exactly 3 placed, 3 used', async () => {
    const member = await newMember(srv);
    const membershipId = await insertMembership(srv, club, member.id);
    const checkouts: Checkout[] = [];
    for (let i = 0; i < 20; i++) checkouts.push(await coffeeWithCredits(member, membershipId));
    const results = await Promise.all(checkouts.map((co) => place(srv, member.auth, co.id)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length, JSON.stringify(results.map((r) => [r.status, appCode(r.body)]))).toBe(3);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
    const after = await creditsUsed(srv, membershipId);
    expect(after).toMatchObject({ used: 3, balances: 1 });
    expect(after.uses).toHaveLength(3);
  }, 120_000);
});

describe('charge-membership', () => {
  it("plan.charge-membership: pays an existing order's line with credits, once, for managers only", async () => {
    const member = await newMember(srv);
    const membershipId = await insertMembership(srv, club, member.id);
    const co = await newCheckout(srv, member.auth, {
      lineItems: [{ catalogReference: ref(coffee.id), quantity: 1 }],
      checkoutInfo: {
        buyerInfo: { email: member.email },
        shippingInfo: SHIPPING,
        paymentOption: 'FULL_PAYMENT_OFFLINE',
      },
    });
    const placed = await place(srv, member.auth, co.id);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId;
    const lineItemId = (await orderOf(srv, c.owner, orderId)).lineItems[0]!.id;
    const body = { memberId: member.id, membershipCharges: [{ membershipId, appId: 'plaza-plans', lineItemId }] };
    for (const auth of [member.auth, c.memberB.auth, c.visitor]) {
      expect((await collector(srv, auth, orderId, 'charge-membership', body)).status).toBe(403);
    }
    expect((await collector(srv, '', orderId, 'charge-membership', body)).status).toBe(401);
    const wrong = await collector(srv, c.owner, orderId, 'charge-membership', { ...body, memberId: c.memberB.id });
    expect(wrong.status).toBe(400);
    const badLine = await collector(srv, c.owner, orderId, 'charge-membership', {
      ...body,
      membershipCharges: [{ membershipId, appId: 'plaza-plans', lineItemId: 'nope' }],
    });
    expect(badLine.status).toBe(400);
    expect(JSON.stringify(badLine.body)).toContain('membershipCharges[0].lineItemId');
    for (let i = 0; i < 2; i++) {
      const res = await collector(srv, c.owner, orderId, 'charge-membership', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({});
    }
    expect((await creditsUsed(srv, membershipId)).used).toBe(1);
    expect((await orderOf(srv, c.owner, orderId)).paymentStatus).toBe('PAID');
  });
});
