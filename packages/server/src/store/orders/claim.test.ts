import { beforeAll, describe, expect, it } from 'vitest';
import type { ListSubscriptionContractsResponse, Order, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { newCheckout, ref } from '../checkout/testing.js';
import {
  latestCode,
  memberTokens,
  newEmail,
  register,
  setPolicy,
  testKeys,
  verify,
  type Keys,
} from '../../platform/identity/testing.js';
import { cardToken, checkoutFor, ensureTestShipping, orderOf, placeAndCharge, SHIPPING } from './testing.js';

// A guest's purchases follow them into the account they open with the same address, once that address is proven:
// never to someone who merely typed it (at sign-up or at a checkout).

const { srv, c } = serverSuite({ cast: true });
let keys: Keys;
let cup: Product;
let tea: Product;
const password = 'a guest no longer';

beforeAll(async () => {
  keys = await testKeys(srv);
  cup = await createProduct(srv, c.owner, { name: 'Cup', price: { amount: '12.00' } });
  tea = await createProduct(srv, c.owner, {
    name: 'Tea of the month',
    price: { amount: '9.00' },
    subscriptionOptions: { allowOneTimePurchases: true, options: [{ frequency: 'MONTH', interval: 1 }] },
  });
  await ensureTestShipping(srv);
}, 120_000);

/** A paid order of a browser that never signed in, with `email` as the buyer's address. */
async function guestOrder(email: string): Promise<Order> {
  const visitor = `Bearer ${await srv.visitorToken()}`;
  const co = await checkoutFor(srv, visitor, cup, 1, { buyerInfo: { email } });
  const res = await placeAndCharge(srv, visitor, co.id, await cardToken(srv, visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

/** A guest's monthly tea: an order and its subscription contract. */
async function guestSubscription(email: string): Promise<Order> {
  const visitor = `Bearer ${await srv.visitorToken()}`;
  const co = await newCheckout(srv, visitor, {
    lineItems: [
      {
        catalogReference: ref(tea.id),
        quantity: 1,
        subscriptionOptionInfo: { subscriptionSettings: { frequency: 'MONTH', interval: 1 } },
      },
    ],
    checkoutInfo: { buyerInfo: { email }, shippingInfo: SHIPPING },
    channelType: 'WEB',
  });
  const res = await placeAndCharge(srv, visitor, co.id, await cardToken(srv, visitor));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

const memberOf = async (id: string) => (await orderOf(srv, c.owner, id)).buyerInfo.memberId;
async function myOrderIds(auth: string): Promise<string[]> {
  const res = await call<{ orders: Order[] }>(srv.url, 'POST', '/ecom/v1/orders/search', { auth, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orders.map((o) => o.id);
}
async function mySubscriptionOrigins(auth: string): Promise<string[]> {
  const res = await call<ListSubscriptionContractsResponse>(srv.url, 'GET', '/ecom/v1/subscription-contracts', {
    auth,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.subscriptionContracts.map((s) => s.originOrderId);
}

describe('guest purchases follow the buyer into their account', () => {
  it('attach when the address is verified, to that member only; not a signed-in member’s order typed with it', async () => {
    const email = newEmail('guest');
    const bought = await guestOrder(email);
    const subscribed = await guestSubscription(email);
    // A member who types the address at their own checkout keeps that order.
    const typed = await checkoutFor(srv, c.memberA.auth, cup, 1, { buyerInfo: { email } });
    const theirs = await placeAndCharge(srv, c.memberA.auth, typed.id, await cardToken(srv, c.memberA.auth));
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(await memberOf(theirs.body.orderId)).toBe(c.memberA.id);

    const signUp = await register(srv, { loginId: { email }, password });
    expect(signUp.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(await memberOf(bought.id)).toBeUndefined();

    const done = await verify(srv, signUp.body.stateToken!, await latestCode(srv, keys.mailbox, email));
    expect(done.body.state).toBe('SUCCESS');
    const memberId = done.body.identity.id;
    expect(await memberOf(bought.id)).toBe(memberId);
    expect(await memberOf(subscribed.id)).toBe(memberId);
    expect(await memberOf(theirs.body.orderId)).toBe(c.memberA.id);
    expect(await eventsOf(srv, bought.id)).toContain('ecom.order.updated');

    const { access } = await memberTokens(srv, email);
    expect((await myOrderIds(access)).sort()).toEqual([bought.id, subscribed.id].sort());
    expect(await mySubscriptionOrigins(access)).toEqual([subscribed.id]);
    expect(await myOrderIds(c.memberA.auth)).toContain(theirs.body.orderId);
  });

  it('never attach to an unverified sign-up, even where the site lets it sign in without verifying', async () => {
    await setPolicy(srv, keys.site, { emailVerificationRequired: false });
    try {
      const email = newEmail('victim');
      const bought = await guestOrder(email);
      const subscribed = await guestSubscription(email);
      const intruder = await register(srv, { loginId: { email }, password });
      expect(intruder.body.state).toBe('SUCCESS');
      expect(intruder.body.identity.email).toMatchObject({ isVerified: false });
      const { access } = await memberTokens(srv, email);
      expect(await myOrderIds(access)).toEqual([]);
      expect(await mySubscriptionOrigins(access)).toEqual([]);
      expect(await memberOf(bought.id)).toBeUndefined();
      expect(await memberOf(subscribed.id)).toBeUndefined();
    } finally {
      await setPolicy(srv, keys.site, { emailVerificationRequired: true });
    }
  });

  it('a later guest order with the address (in any case) joins at the next sign-in, once when sign-ins race', async () => {
    const email = newEmail('returning');
    const signUp = await register(srv, { loginId: { email }, password });
    const done = await verify(srv, signUp.body.stateToken!, await latestCode(srv, keys.mailbox, email));
    const later = await guestOrder(email.toUpperCase());
    expect(await memberOf(later.id)).toBeUndefined();
    const updates = async () => (await eventsOf(srv, later.id)).filter((t) => t === 'ecom.order.updated').length;
    const before = await updates();
    const sessions = await Promise.all([memberTokens(srv, email), memberTokens(srv, email), memberTokens(srv, email)]);
    expect(await memberOf(later.id)).toBe(done.body.identity.id);
    expect(await myOrderIds(sessions[0].access)).toEqual([later.id]);
    expect(await updates()).toBe(before + 1);
  });
});
