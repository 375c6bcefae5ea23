import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CreateRedirectSessionResponse, Membership } from '@plaza/contracts';
import { memberAuth, newMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { checkoutCall } from '../checkout/testing.js';
import { cardToken, ensureTestShipping, placeAndCharge, SHIPPING } from '../orders/testing.js';
import { expireMemberships } from './lifecycle.js';
import {
  buyPlan,
  expectOk,
  insertPlan,
  membershipAction,
  membershipEvents,
  membershipRows,
  planCheckout,
  planRef,
  planRow,
  readMembership,
} from './purchase-testing.js';
import { planMemberships, plans } from './tables.js';

let now = Date.parse('2026-03-10T12:00:00.000Z');
const { srv, c } = serverSuite({ clock: () => new Date(now), cast: true });
let ecomKey: string;

beforeAll(async () => {
  ecomKey = await srv.createApiKey(['ecom']);
}, 120_000);

const grant = (auth: string, body: Record<string, unknown>) =>
  call<{ membership: Membership }>(srv.url, 'POST', '/plans/v1/memberships', { auth, body });

describe('buying a plan', () => {
  it('a member buys a one-payment plan through a checkout: an ACTIVE membership to the end of its validity', async () => {
    const plan = await insertPlan(srv, { validity: { unit: 'MONTH', count: 1 } });
    const co = await planCheckout(srv, c.memberA.auth, plan.id);
    expect(co.lineItems[0]).toMatchObject({
      productName: plan.name,
      itemType: 'SERVICE',
      price: { amount: '15.00' },
      physicalProperties: { shippable: false },
      url: expect.stringMatching(new RegExp(`/plans/${plan.slug}$`)),
    });
    expect(co.priceSummary.total.amount).toBe('15.00');
    const res = await placeAndCharge(srv, c.memberA.auth, co.id, await cardToken(srv, c.memberA.auth));
    expectOk(res);
    const [m] = await membershipRows(srv, plan.id);
    expect(m).toMatchObject({
      memberId: c.memberA.id,
      status: 'ACTIVE',
      planName: plan.name,
      originOrderId: res.body.orderId,
      originLineItemId: co.lineItems[0]!.id,
      subscriptionContractId: null,
    });
    expect(m!.startDate.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(m!.endDate?.toISOString()).toBe('2026-04-10T12:00:00.000Z');
    expect((await planRow(srv, plan.id)).buyers).toBe(1);
    const read = await readMembership(srv, c.memberA.auth, m!.id);
    expectOk(read);
    expect(read.body.membership).toMatchObject({ status: 'ACTIVE', endDate: '2026-04-10T12:00:00.000Z' });
    expect((await readMembership(srv, c.memberB.auth, m!.id)).status).toBe(404);
    expect(await membershipEvents(srv, m!.id)).toEqual(['plans.membership.purchased']);
  });

  it('digital.only: a checkout of a plan alone asks for no address nor delivery, and is placed without them', async () => {
    await ensureTestShipping(srv);
    const plan = await insertPlan(srv);
    const co = await planCheckout(srv, c.memberA.auth, plan.id);
    const asksDelivery = (v: { target: { other?: { name: string } } }) =>
      (v.target.other?.name ?? '').startsWith('shippingInfo');
    expect(co.violations.filter(asksDelivery)).toEqual([]);
    // Even with an address the shop ships to, nothing is offered: there is nothing to deliver.
    const addressed = await checkoutCall(srv, c.memberA.auth, 'PATCH', co.id, {
      checkout: { shippingInfo: SHIPPING },
      fieldMask: { paths: ['shippingInfo.shippingDestination'] },
    });
    expectOk(addressed);
    expect(addressed.body.checkout.shippingInfo.carrierServiceOptions).toEqual([]);
    expect(addressed.body.checkout.priceSummary.shipping?.amount ?? '0.00').toBe('0.00');
    const bare = await planCheckout(srv, c.memberB.auth, plan.id);
    expectOk(await placeAndCharge(srv, c.memberB.auth, bare.id, await cardToken(srv, c.memberB.auth)));
  });

  it('a plan is bought one at a time: quantity 2 and a second add are refused, naming the field', async () => {
    const plan = await insertPlan(srv);
    const two = await checkoutCall(srv, c.memberB.auth, 'POST', '', {
      lineItems: [{ catalogReference: planRef(plan.id), quantity: 2 }],
      channelType: 'WEB',
    });
    expect(two.status).toBe(400);
    expect(violations(two.body)).toEqual(['lineItems[0].quantity:MAX']);
    const add = (auth: string) =>
      call<{ cart: Cart }>(srv.url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        auth,
        body: { lineItems: [{ catalogReference: planRef(plan.id), quantity: 1 }] },
      });
    expectOk(await add(c.memberB.auth));
    const again = await add(c.memberB.auth);
    expect(again.status).toBe(400);
    expect(violations(again.body)).toEqual(['lineItems[0].quantity:MAX']);
    // Two lines of one plan in a checkout (its lines don't merge): an ERROR, and the order can't be placed.
    const twice = await checkoutCall(srv, c.memberB.auth, 'POST', '', {
      lineItems: [
        { catalogReference: planRef(plan.id), quantity: 1 },
        { catalogReference: planRef(plan.id), quantity: 1 },
      ],
      checkoutInfo: { buyerInfo: { email: 'plan.buyer@example.com' } },
      channelType: 'WEB',
    });
    expectOk(twice);
    expect(twice.body.checkout.violations).toMatchObject([
      { severity: 'ERROR', description: `${plan.name} is already in this order.` },
    ]);
    const placed = await placeAndCharge(
      srv,
      c.memberB.auth,
      twice.body.checkout.id,
      await cardToken(srv, c.memberB.auth),
    );
    expect(placed.status).toBe(409);
    expect(appCode(placed.body)).toBe('CHECKOUT_HAS_ERRORS');
  });

  it('an archived or sold-out plan is refused at add, and a missing one names the field', async () => {
    const archived = await insertPlan(srv, { status: 'ARCHIVED' });
    const full = await insertPlan(srv, { buyerLimit: 1 });
    expectOk(await grant(c.owner, { planId: full.id, memberId: c.memberB.id }));
    for (const [id, words] of [
      [archived.id, 'no longer sold'],
      [full.id, 'sold out'],
      ['00000000-0000-4000-8000-000000000000', 'no such plan'],
    ] as const) {
      const res = await checkoutCall(srv, c.memberA.auth, 'POST', '', {
        lineItems: [{ catalogReference: planRef(id), quantity: 1 }],
        channelType: 'WEB',
      });
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual(['lineItems[0].catalogReference.catalogItemId:VALIDATION']);
      expect(JSON.stringify(res.body)).toContain(words);
    }
  });

  it('plan.on-sale: a plan archived after it was put in a checkout is refused at placement, nothing written', async () => {
    const plan = await insertPlan(srv);
    const co = await planCheckout(srv, c.memberA.auth, plan.id);
    await srv.ctx().db.update(plans).set({ status: 'ARCHIVED' }).where(eq(plans.id, plan.id));
    const res = await placeAndCharge(srv, c.memberA.auth, co.id, await cardToken(srv, c.memberA.auth));
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain('is no longer sold');
    expect(await membershipRows(srv, plan.id)).toHaveLength(0);
  });

  it('plan.needs-member: a visitor is told to sign in and cannot place an order with a plan', async () => {
    const plan = await insertPlan(srv);
    const co = await planCheckout(srv, c.visitor, plan.id);
    expect(co.violations.map((v) => v.description)).toContain('Sign in or join to buy a plan.');
    const res = await placeAndCharge(srv, c.visitor, co.id, await cardToken(srv, c.visitor));
    expect(res.status).toBe(403);
    expect((res.body as unknown as { message: string }).message).toBe('Sign in or join to buy a plan');
    expect(appCode(res.body)).toBe('PLAN_NEEDS_MEMBER');
    expect(await membershipRows(srv, plan.id)).toHaveLength(0);
    expect((await planRow(srv, plan.id)).buyers).toBe(0);
  });

  it('plan.buyer-limit: two buyers at once for the last seat: exactly one order, one membership', async () => {
    const plan = await insertPlan(srv, { buyerLimit: 1 });
    const [a, b] = await Promise.all([
      newMember(srv, { nickname: 'Racer A' }),
      newMember(srv, { nickname: 'Racer B' }),
    ]);
    const cos = await Promise.all([planCheckout(srv, a.auth, plan.id), planCheckout(srv, b.auth, plan.id)]);
    const tokens = await Promise.all([cardToken(srv, a.auth), cardToken(srv, b.auth)]);
    const results = await Promise.all([
      placeAndCharge(srv, a.auth, cos[0].id, tokens[0]),
      placeAndCharge(srv, b.auth, cos[1].id, tokens[1]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409)!;
    expect(JSON.stringify(lost.body)).toContain('sold out');
    // PostgreSQL: both quotes pass and the seat's conditional UPDATE refuses the second commit; PGlite runs one
    // statement at a time, so the second quote already sees the plan full.
    expect(['PLAN_NOT_AVAILABLE', 'CHECKOUT_HAS_ERRORS']).toContain(appCode(lost.body));
    expect(await membershipRows(srv, plan.id)).toHaveLength(1);
    expect((await planRow(srv, plan.id)).buyers).toBe(1);
  });
});

describe('membership actions', () => {
  it('managers grant; a missing member is a 404 naming memberId; members may not grant', async () => {
    const plan = await insertPlan(srv, { validity: { unit: 'DAY', count: 30 } });
    const res = await grant(ecomKey, { planId: plan.id, memberId: c.memberB.id });
    expectOk(res);
    expect(res.body.membership).toMatchObject({
      planId: plan.id,
      memberId: c.memberB.id,
      status: 'ACTIVE',
      grantedByOwner: true,
      endDate: '2026-04-09T12:00:00.000Z',
    });
    const missing = await grant(c.owner, { planId: plan.id, memberId: '00000000-0000-4000-8000-000000000001' });
    expect(missing.status).toBe(404);
    expect(violations(missing.body)).toEqual(['memberId:VALIDATION']);
    expect((await grant(c.memberA.auth, { planId: plan.id, memberId: c.memberA.id })).status).toBe(403);
    expect((await grant(c.visitor, { planId: plan.id, memberId: c.memberA.id })).status).toBe(403);
    const past = await grant(c.owner, { planId: plan.id, memberId: c.memberA.id, endDate: '2020-01-01T00:00:00Z' });
    expect(violations(past.body)).toEqual(['endDate:VALIDATION']);
    expect((await planRow(srv, plan.id)).buyers).toBe(1);
  });

  it('plan.buyer-limit: a grant takes a seat under the limit too', async () => {
    const plan = await insertPlan(srv, { buyerLimit: 1 });
    expectOk(await grant(c.owner, { planId: plan.id, memberId: c.memberA.id }));
    const second = await grant(c.owner, { planId: plan.id, memberId: c.memberB.id });
    expect(second.status).toBe(409);
    expect(appCode(second.body)).toBe('PLAN_NOT_AVAILABLE');
  });

  it('the holder cancels (ACTIVE until its end), others learn nothing; a manager revokes; the clock ends it', async () => {
    const plan = await insertPlan(srv, { validity: { unit: 'MONTH', count: 1 } });
    expectOk(await buyPlan(srv, c.memberA.auth, plan.id));
    const [m] = await membershipRows(srv, plan.id);
    expect((await membershipAction(srv, c.memberB.auth, m!.id, 'cancel')).status).toBe(404);
    expect((await membershipAction(srv, c.visitor, m!.id, 'cancel')).status).toBe(403);
    expect((await membershipAction(srv, c.memberA.auth, m!.id, 'revoke')).status).toBe(403);
    const canceled = await membershipAction(srv, c.memberA.auth, m!.id, 'cancel');
    expectOk(canceled);
    expect(canceled.body.membership).toMatchObject({
      status: 'ACTIVE',
      canceledDate: '2026-03-10T12:00:00.000Z',
      endDate: '2026-04-10T12:00:00.000Z',
    });
    expect(await expireMemberships(srv.ctx())).toBe(0);
    now = Date.parse('2026-04-10T12:00:01.000Z');
    // The clock ends it before the sweep writes it down: the holder already reads it as ended.
    const fresh = await memberAuth(srv, c.memberA.email);
    expect((await readMembership(srv, fresh, m!.id)).body.membership).toMatchObject({
      status: 'ENDED',
      endReason: 'CANCELED',
    });
    expect(await expireMemberships(srv.ctx())).toBeGreaterThanOrEqual(1);
    const [ended] = await srv.ctx().db.select().from(planMemberships).where(eq(planMemberships.id, m!.id));
    expect(ended).toMatchObject({ status: 'ENDED', endReason: 'CANCELED' });
    expect(await membershipEvents(srv, m!.id)).toEqual([
      'plans.membership.purchased',
      'plans.membership.canceled',
      'plans.membership.expired',
    ]);

    // Tokens don't live a month: fresh ones.
    const [b, owner] = await Promise.all([memberAuth(srv, c.memberB.email), memberAuth(srv)]);
    // An unlimited plan has no paid period to run out: canceled, it ends now.
    const forever = await insertPlan(srv);
    expectOk(await buyPlan(srv, b, forever.id));
    const [kept] = await membershipRows(srv, forever.id);
    const gone = await membershipAction(srv, b, kept!.id, 'cancel');
    expect(gone.body.membership).toMatchObject({ status: 'ENDED', endReason: 'CANCELED' });

    const other = await insertPlan(srv);
    expectOk(await buyPlan(srv, b, other.id));
    const [held] = await membershipRows(srv, other.id);
    const revoked = await membershipAction(srv, owner, held!.id, 'revoke');
    expectOk(revoked);
    expect(revoked.body.membership).toMatchObject({ status: 'ENDED', endReason: 'REVOKED' });
    expect((await membershipAction(srv, owner, '00000000-0000-4000-8000-000000000002', 'revoke')).status).toBe(404);
  });
});

describe('paidPlansCheckout redirect', () => {
  const session = (body: unknown) =>
    call<CreateRedirectSessionResponse>(srv.url, 'POST', '/redirects/v1/redirect-session', { auth: c.visitor, body });

  it('lands on the storefront page of the plan, by id', async () => {
    const plan = await insertPlan(srv);
    const res = await session({ paidPlansCheckout: { planId: plan.id } });
    expectOk(res);
    expect(new URL(res.body.redirectSession.fullUrl).pathname).toBe(`/plans/${plan.slug}`);
    const archived = await insertPlan(srv, { status: 'ARCHIVED' });
    const gone = await session({ paidPlansCheckout: { planId: archived.id } });
    expect(gone.status).toBe(404);
    expect(violations(gone.body)).toEqual(['paidPlansCheckout.planId:VALIDATION']);
    const bad = await session({ paidPlansCheckout: { planId: 'nope' } });
    expect(violations(bad.body)).toEqual(['paidPlansCheckout.planId:FORMAT']);
  });
});
