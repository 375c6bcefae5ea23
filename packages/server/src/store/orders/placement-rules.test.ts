import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { newMember } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall, newCheckout, ref } from '../checkout/testing.js';
import { COUPONS, createCoupon } from '../discounts/testing.js';
import { create, PATHS } from '../shipping/testing.js';
import {
  couponUses,
  expectRefused,
  madeFrom as madeFromCheckouts,
  newVisitor,
  payByCard,
  refusalViolations,
} from './rules-testing.js';
import { orders } from './tables.js';
import { cardToken, ensureTestShipping, placeAndCharge, SHIPPING, SHIP_TO, stockOf } from './testing.js';

/** The money-path rules of docs/store/rules.md that placement enforces, each through the HTTP routes. */

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    inventory: { trackQuantity: true, quantity: 1000 },
  });
  await ensureTestShipping(srv);
}, 120_000);

const visitor = () => newVisitor(srv);

/** A checkout of one lamp, shipped to SHIP_TO, with the coupon entered. */
function couponCheckout(auth: string, couponCode: string, email = 'buyer@example.com') {
  return newCheckout(srv, auth, {
    lineItems: [{ catalogReference: ref(lamp.id), quantity: 1 }],
    checkoutInfo: { buyerInfo: { email }, shippingInfo: SHIPPING },
    couponCode,
    channelType: 'WEB',
  });
}

const pay = (auth: string, checkout: Checkout) => payByCard(srv, auth, checkout);

/** Orders and card payments made from these checkouts (what was charged). */
const madeFrom = (checkoutIds: string[]) => madeFromCheckouts(srv, checkoutIds);
const usesOf = (couponId: string) => couponUses(srv, c.owner, couponId);

describe('coupon limits at placement', () => {
  it('coupon.usage-limit: usageLimit 3 and 10 buyers at once: 3 discounted orders, 7 refused, nothing charged for them', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'THREE', usageLimit: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, visitor));
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const checkouts = await Promise.all(buyers.map((b) => couponCheckout(b, 'three')));
    for (const co of checkouts) expect(co.appliedDiscounts.some((d) => d.coupon?.id === coupon.id)).toBe(true);

    const answers = await Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expectRefused(r, 'The coupon has been used up.', 'couponCode');
    for (const o of ok) {
      expect(o.body.order.appliedDiscounts.find((d) => d.coupon)?.coupon?.code).toBe('THREE');
      expect(o.body.order.priceSummary.total.amount).toBe('18.00');
    }
    const { orders: made, payments } = await madeFrom(checkouts.map((co) => co.id));
    expect(made).toHaveLength(3);
    expect(payments).toHaveLength(3);
    expect(await usesOf(coupon.id)).toBe(3);
    // The refused buyers' checkouts are still open: they may remove the coupon and pay.
    const left = checkouts.filter((co) => !made.some((o) => o.checkoutId === co.id));
    const i = checkouts.indexOf(left[0]!);
    const open = await checkoutCall(srv, buyers[i]!, 'GET', left[0]!.id);
    expect(open.body.checkout.completed).toBe(false);
  });

  it('coupon.usage-limit: usageLimit 1, two orders one after the other: the second is refused', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'ONCE', usageLimit: 1 });
    const [a, b] = [await visitor(), await visitor()];
    const [first, second] = [await couponCheckout(a, 'ONCE'), await couponCheckout(b, 'once')];
    expect((await pay(a, first)).status).toBe(200);
    const late = await pay(b, second);
    expectRefused(late, 'The coupon has been used up.', 'couponCode');
    expect((await madeFrom([second.id])).orders).toHaveLength(0);
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it('coupon.per-customer: limitPerCustomer 1: the same member twice is refused; another member is fine', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'MEMBER1', limitPerCustomer: 1 });
    const [one, again] = [
      await couponCheckout(c.memberA.auth, 'MEMBER1'),
      await couponCheckout(c.memberA.auth, 'MEMBER1'),
    ];
    expect((await pay(c.memberA.auth, one)).status).toBe(200);
    const twice = await pay(c.memberA.auth, again);
    expectRefused(twice, 'already used the most times allowed per customer', 'couponCode');
    // Same e-mail on the checkout, but another member: counted for that member alone.
    const other = await couponCheckout(c.memberB.auth, 'MEMBER1');
    expect((await pay(c.memberB.auth, other)).status).toBe(200);
    expect((await madeFrom([again.id])).orders).toHaveLength(0);
    expect(await usesOf(coupon.id)).toBe(2);
  });

  it('coupon.per-customer: one member placing 6 checkouts at once gets the coupon once; guests count by e-mail', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'RUSH', limitPerCustomer: 1 });
    const m = await newMember(srv);
    const token = await cardToken(srv, m.auth);
    const checkouts = await Promise.all(Array.from({ length: 6 }, () => couponCheckout(m.auth, 'RUSH')));
    const answers = await Promise.all(checkouts.map((co) => placeAndCharge(srv, m.auth, co.id, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expectRefused(r, 'already used the most times allowed per customer', 'couponCode');
    }
    expect((await madeFrom(checkouts.map((co) => co.id))).payments).toHaveLength(1);

    // Guests: the buyer's e-mail (any case) is the customer.
    const [g1, g2, g3] = [await visitor(), await visitor(), await visitor()];
    expect((await pay(g1, await couponCheckout(g1, 'RUSH', 'Guest@Example.com'))).status).toBe(200);
    const sameEmail = await pay(g2, await couponCheckout(g2, 'RUSH', 'guest@example.com'));
    expectRefused(sameEmail, 'already used the most times allowed per customer', 'couponCode');
    expect((await pay(g3, await couponCheckout(g3, 'RUSH', 'someone@example.com'))).status).toBe(200);
    expect(await usesOf(coupon.id)).toBe(3);
  });

  it('coupon.still-valid: a coupon switched off after it was entered is refused at placement', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'GONE' });
    const b = await visitor();
    const co = await couponCheckout(b, 'GONE');
    const off = await call(srv.url, 'PATCH', `${COUPONS}/${coupon.id}`, {
      auth: c.owner,
      body: { coupon: { active: false }, fieldMask: { paths: ['active'] } },
    });
    expect(off.status).toBe(200);
    expectRefused(await pay(b, co), 'The coupon is not valid.', 'couponCode');
    expect(await usesOf(coupon.id)).toBe(0);
  });
});

describe('shipping before any charge', () => {
  const lampCheckout = (auth: string, shippingInfo?: Record<string, unknown>) =>
    newCheckout(srv, auth, {
      lineItems: [{ catalogReference: ref(lamp.id), quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'buyer@example.com' }, ...(shippingInfo ? { shippingInfo } : {}) },
      channelType: 'WEB',
    });

  it('ship.address-required, ship.option-required: no saved address means no order, no payment, no stock taken', async () => {
    const b = await visitor();
    const before = await stockOf(srv, lamp.id);
    const co = await lampCheckout(b);
    const res = await pay(b, co);
    expectRefused(res, 'Enter and save a shipping address', 'shippingInfo.shippingDestination');
    expectRefused(res, 'Choose a delivery option', 'shippingInfo.selectedCarrierServiceOption');
    expect(await madeFrom([co.id])).toEqual({ orders: [], payments: [] });
    expect(await stockOf(srv, lamp.id)).toBe(before);
    expect((await checkoutCall(srv, b, 'GET', co.id)).body.checkout.completed).toBe(false);

    // Saved now (the "Save and see shipping options" step): the option the checkout shows is taken.
    const saved = await checkoutCall(srv, b, 'PATCH', co.id, {
      checkout: { shippingInfo: SHIPPING },
      fieldMask: { paths: ['shippingInfo.shippingDestination'] },
    });
    expect(saved.body.checkout.shippingInfo.selectedCarrierServiceOption?.title).toBe('Test post');
    const ok = await pay(b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.shippingInfo).toMatchObject({
      title: 'Test post',
      logistics: { shippingDestination: { address: { city: SHIP_TO.city } } },
    });
  });

  it('ship.address-required: an address without a country, or without a street and city, is refused in words', async () => {
    const b = await visitor();
    const noCountry = await lampCheckout(b, {
      shippingDestination: { address: { addressLine: '1 Main St', city: 'X' } },
    });
    const res = await pay(b, noCountry);
    expectRefused(res, 'needs a country', 'shippingInfo.shippingDestination');
    expectRefused(res, 'Choose a delivery option', 'shippingInfo.selectedCarrierServiceOption');
    const noStreet = await lampCheckout(b, { shippingDestination: { address: { country: SHIP_TO.country } } });
    const street = await pay(b, noStreet);
    expectRefused(street, 'needs a street address, city', 'shippingInfo.shippingDestination');
    expect(refusalViolations(street.body)).toHaveLength(1);
    expect(await madeFrom([noCountry.id, noStreet.id])).toEqual({ orders: [], payments: [] });
  });

  it('ship.option-required: a chosen pickup needs no street address', async () => {
    const place = await create(srv, c.owner, PATHS.pickups, 'pickupLocation', {
      name: 'Shop counter',
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'IS', addressLine: 'Skólavörðustígur 2', city: 'Reykjavík' },
    });
    const b = await visitor();
    const co = await lampCheckout(b, {
      shippingDestination: { address: { country: SHIP_TO.country } },
      selectedCarrierServiceOption: { code: `pickup:${place.id}` },
    });
    expect(co.shippingInfo.selectedCarrierServiceOption?.kind).toBe('STORE_PICKUP');
    const res = await pay(b, co);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('ship.address-required: a digital-only checkout needs no address and no delivery option', async () => {
    const ebook = await createProduct(srv, c.owner, { productType: 'DIGITAL', price: { amount: '7.00' } });
    const b = await visitor();
    const co = await newCheckout(srv, b, {
      lineItems: [{ catalogReference: ref(ebook.id), quantity: 1 }],
      checkoutInfo: { buyerInfo: { email: 'reader@example.com' } },
      channelType: 'WEB',
    });
    const res = await pay(b, co);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.paymentStatus).toBe('PAID');
    const [row] = await srv.ctx().db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(row?.snapshot.shippingInfo).toBeUndefined();
  });
});
