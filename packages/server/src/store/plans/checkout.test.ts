import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, EstimateTotalsResponse, Product } from '@plaza/contracts';
import { newMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createCollection, createProduct } from '../catalog/testing.js';
import { addToCart, cartCall, item } from '../cart/testing.js';
import { checkoutCall, newCheckout, ref } from '../checkout/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { option, region } from '../shipping/testing.js';
import { post, TAX } from '../tax/testing.js';
import { insertMembership, insertPlan, useUp } from './testing.js';

/** What holding a plan does to a cart and a checkout: credits offered and chosen, member prices, free shipping. */

const { srv, c } = serverSuite({ cast: true });
let coffee: Product;
let mug: Product;
let tea: Product;
let club: { id: string; name: string };
let membership: string;

const estimate = (auth: string, body: Record<string, unknown> = {}) =>
  call<EstimateTotalsResponse>(srv.url, 'POST', '/ecom/v1/carts/current/estimate-totals', { auth, body });
const select = (id: string, lineItemIds: string[]) => ({
  memberships: [{ id, appId: 'plaza-plans', lineItemIds }],
});

beforeAll(async () => {
  const teas = await createCollection(srv, c.owner, 'Teas');
  coffee = await createProduct(srv, c.owner, { name: 'Coffee', price: { amount: '10.00' } });
  mug = await createProduct(srv, c.owner, { name: 'Mug', price: { amount: '20.00' } });
  tea = await createProduct(srv, c.owner, { name: 'Tea', price: { amount: '5.00' }, collectionIds: [teas.id] });
  // Three coffees (or teas, by their collection) a membership.
  club = await insertPlan(srv, [{ kind: 'CREDITS', credits: 3, productIds: [coffee.id], collectionIds: [teas.id] }], {
    name: 'Coffee Club',
  });
  membership = await insertMembership(srv, club, c.memberA.id);
  await createCoupon(srv, c.owner, { code: 'TENOFF' });
}, 120_000);

describe('membership options', () => {
  it('a holder sees the plan covering its lines, with credits; a visitor and another member see none', async () => {
    await cartCall(srv, c.memberA.auth, 'DELETE');
    const cart = await addToCart(srv, c.memberA.auth, [item(coffee.id, 2), item(mug.id), item(tea.id)]);
    const [coffeeLine, , teaLine] = cart.lineItems.map((l) => l.id);
    const est = await estimate(c.memberA.auth);
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    expect(est.body.membershipOptions).toEqual({
      eligibleMemberships: [
        {
          id: membership,
          appId: 'plaza-plans',
          name: { original: 'Coffee Club' },
          lineItemIds: [coffeeLine, teaLine],
          credits: { total: 3, remaining: 3 },
        },
      ],
      invalidMemberships: [],
    });
    for (const auth of [c.visitor, c.memberB.auth]) {
      await addToCart(srv, auth, [item(coffee.id)]);
      const other = await estimate(auth);
      expect(other.body.membershipOptions).toEqual({ eligibleMemberships: [], invalidMemberships: [] });
    }
  });

  it('plan.credits-covered: selected lines leave what is paid now; total = payNow + membership', async () => {
    await cartCall(srv, c.memberA.auth, 'DELETE');
    const cart = await addToCart(srv, c.memberA.auth, [item(coffee.id, 2), item(mug.id)]);
    const [coffeeLine, mugLine] = cart.lineItems.map((l) => l.id);
    const est = await estimate(c.memberA.auth, { selectedMemberships: select(membership, [coffeeLine!]) });
    expect(est.status, JSON.stringify(est.body)).toBe(200);
    expect(est.body.priceSummary).toMatchObject({
      total: { amount: '40.00' },
      membership: { amount: '20.00' },
      payNow: { amount: '20.00' },
    });
    const notCovered = await estimate(c.memberA.auth, { selectedMemberships: select(membership, [mugLine!]) });
    expect(notCovered.status).toBe(400);
    expect(violations(notCovered.body)).toContain('selectedMemberships.memberships[0].lineItemIds:VALIDATION');
    await cartCall(srv, c.memberA.auth, 'DELETE');
    const many = await addToCart(srv, c.memberA.auth, [item(coffee.id, 4)]);
    const tooMany = await estimate(c.memberA.auth, {
      selectedMemberships: select(membership, [many.lineItems[0]!.id]),
    });
    expect(tooMany.status).toBe(400);
    expect(violations(tooMany.body)).toContain('selectedMemberships.memberships[0].lineItemIds:VALIDATION');
    const visitor = await estimate(c.visitor, { selectedMemberships: select(membership, ['x']) });
    expect(visitor.status).toBe(400);
  });

  it('a paused plan, and one with no credits left, are offered as invalid with the reason', async () => {
    const paused = await insertPlan(srv, [{ kind: 'CREDITS', credits: 2, productIds: [coffee.id] }], {
      name: 'Paused Club',
    });
    const member = c.memberB;
    const pausedId = await insertMembership(srv, paused, member.id, { status: 'PAUSED' });
    const spent = await insertPlan(srv, [{ kind: 'CREDITS', credits: 1, productIds: [coffee.id] }], {
      name: 'Spent Club',
    });
    const end = new Date(Date.now() + 10 * 86_400_000);
    const spentId = await insertMembership(srv, spent, member.id, { endDate: end });
    await useUp(srv, spentId, 1);
    const co = await newCheckout(srv, member.auth, { lineItems: [{ catalogReference: ref(coffee.id), quantity: 1 }] });
    expect(co.membershipOptions.eligibleMemberships).toEqual([]);
    const reasons = Object.fromEntries(co.membershipOptions.invalidMemberships.map((i) => [i.membership.id, i.reason]));
    expect(reasons).toEqual({
      [pausedId]: 'This plan is paused',
      [spentId]: `No credits left until ${end.toISOString().slice(0, 10)}`,
    });
  });
});

describe('member prices and free shipping', () => {
  it('plan.member-price: a member price shows as a discount named after the plan and adds up with a coupon', async () => {
    const gold = await insertPlan(srv, [{ kind: 'MEMBER_PRICE', percentOff: 20, productIds: [mug.id] }], {
      name: 'Gold',
    });
    const silver = await insertPlan(srv, [{ kind: 'MEMBER_PRICE', percentOff: 5, wholeOrder: true }], {
      name: 'Silver',
    });
    const member = await newMember(srv);
    await insertMembership(srv, gold, member.id);
    await insertMembership(srv, silver, member.id);
    const co = await newCheckout(srv, member.auth, {
      lineItems: [
        { catalogReference: ref(mug.id), quantity: 1 },
        { catalogReference: ref(coffee.id), quantity: 1 },
      ],
      couponCode: 'TENOFF',
    });
    const byPlan = (name: string) => co.appliedDiscounts.find((d) => d.merchantDiscount?.description === name);
    // Best single member price per line: Gold's 20 % on the mug (4.00), Silver's 5 % on the coffee (0.50).
    expect(byPlan('Gold')?.merchantDiscount?.amount.amount).toBe('4.00');
    expect(byPlan('Silver')?.merchantDiscount?.amount.amount).toBe('0.50');
    // The coupon counts from the list price too: 10 % of 30.00; everything adds up.
    expect(co.appliedDiscounts.find((d) => d.coupon)?.coupon?.amount.amount).toBe('3.00');
    expect(co.priceSummary).toMatchObject({ discount: { amount: '7.50' }, total: { amount: '22.50' } });
    const stranger = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
    expect(stranger.appliedDiscounts).toEqual([]);
  });

  it('plan.free-shipping: free shipping makes the delivery options cost nothing for holders only', async () => {
    const auth = await srv.createApiKey(['ecom'], 'plans shipping');
    const r = await region(srv, auth, {
      name: 'Denmark',
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'DK' }],
    });
    await option(srv, auth, r.id, { title: 'Post', rates: [{ price: { amount: '7.00' } }] });
    const free = await insertPlan(srv, [{ kind: 'FREE_SHIPPING' }], { name: 'Free Post' });
    const member = await newMember(srv);
    await insertMembership(srv, free, member.id);
    const info = { shippingInfo: { shippingDestination: { address: { country: 'DK', city: 'Aarhus' } } } };
    const body = { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }], checkoutInfo: info };
    const costs = (co: Checkout) =>
      co.shippingInfo.carrierServiceOptions.flatMap((o) => o.shippingOptions.map((s) => s.cost.price.amount));
    expect(costs(await newCheckout(srv, c.visitor, body))).toEqual(['7.00']);
    const mine = await newCheckout(srv, member.auth, body);
    expect(costs(mine)).toEqual(['0.00']);
    const code = mine.shippingInfo.carrierServiceOptions[0]!.shippingOptions[0]!.code;
    const chosen = await checkoutCall(srv, member.auth, 'PATCH', mine.id, {
      checkout: { shippingInfo: { selectedCarrierServiceOption: { code } } },
    });
    expect(chosen.body.checkout.priceSummary).toMatchObject({
      shipping: { amount: '0.00' },
      total: { amount: '20.00' },
    });
  });
});

describe('selection on the checkout', () => {
  it('plan.credits-covered: is stored, marks the lines MEMBERSHIP, and a selection that cannot be paid is a 400', async () => {
    const co = await newCheckout(srv, c.memberA.auth, {
      lineItems: [
        { catalogReference: ref(coffee.id), quantity: 1 },
        { catalogReference: ref(mug.id), quantity: 1 },
      ],
    });
    const [coffeeLine, mugLine] = co.lineItems.map((l) => l.id);
    const bad = await checkoutCall(srv, c.memberA.auth, 'PATCH', co.id, {
      checkout: { membershipOptions: { selectedMemberships: select(membership, [mugLine!]) } },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toContain(
      'checkout.membershipOptions.selectedMemberships.memberships[0].lineItemIds:VALIDATION',
    );
    const ok = await checkoutCall(srv, c.memberA.auth, 'PATCH', co.id, {
      checkout: { membershipOptions: { selectedMemberships: select(membership, [coffeeLine!]) } },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const s = ok.body.checkout;
    expect(s.lineItems.map((l) => l.paymentOption)).toEqual(['MEMBERSHIP', undefined]);
    expect(s.membershipOptions.selectedMemberships).toEqual(select(membership, [coffeeLine!]));
    expect(s.priceSummary).toMatchObject({
      total: { amount: '30.00' },
      membership: { amount: '10.00' },
      payNow: { amount: '20.00' },
    });
    const again = await checkoutCall(srv, c.memberA.auth, 'GET', co.id);
    expect(again.body.checkout.priceSummary.payNow.amount).toBe('20.00');
  });
});

describe('how a plan pays a line', () => {
  it('plan.credits-covered: a counter plan pays with MEMBERSHIP_OFFLINE; taxCreditedLines leaves the tax to pay', async () => {
    await post(srv, c.owner, TAX.regions, 'taxRegion', {
      country: 'NO',
      jurisdictions: [{ name: 'Norway', type: 'COUNTRY', rate: '0.10' }],
    });
    const covering = [{ kind: 'CREDITS' as const, credits: 5, productIds: [coffee.id] }];
    const counter = await insertPlan(srv, covering, { name: 'Counter Club', paidOffline: true });
    const taxed = await insertPlan(srv, covering, { name: 'Taxed Club', taxCreditedLines: true });
    const address = { country: 'NO', city: 'Oslo' };
    const pay = async (plan: { id: string; name: string }) => {
      const member = await newMember(srv);
      const held = await insertMembership(srv, plan, member.id);
      const co = await newCheckout(srv, member.auth, {
        lineItems: [{ catalogReference: ref(coffee.id), quantity: 1 }],
        checkoutInfo: { billingInfo: { address }, shippingInfo: { shippingDestination: { address } } },
      });
      const res = await checkoutCall(srv, member.auth, 'PATCH', co.id, {
        checkout: { membershipOptions: { selectedMemberships: select(held, [co.lineItems[0]!.id]) } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.checkout;
    };

    // The plan covers the line with its tax: nothing left to pay now.
    const atCounter = await pay(counter);
    expect(atCounter.lineItems[0]!.paymentOption).toBe('MEMBERSHIP_OFFLINE');
    expect(atCounter.priceSummary).toMatchObject({
      tax: { amount: '1.00' },
      total: { amount: '11.00' },
      membership: { amount: '11.00' },
      payNow: { amount: '0.00' },
    });
    // The plan covers the price; the buyer still pays the line's tax.
    const withTax = await pay(taxed);
    expect(withTax.lineItems[0]!.paymentOption).toBe('MEMBERSHIP');
    expect(withTax.priceSummary).toMatchObject({
      tax: { amount: '1.00' },
      total: { amount: '11.00' },
      membership: { amount: '10.00' },
      payNow: { amount: '1.00' },
    });
  });
});
