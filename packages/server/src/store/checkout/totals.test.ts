import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { checkoutCall, newCheckout, ref } from './testing.js';

/** The checkout's totals come from the one engine: coupon, merchant discount, tip and gift card, recomputed per call. */

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let mug: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, { price: { amount: '10.00' } });
  await createCoupon(srv, c.owner, { code: 'TENOFF' });
  const tips = await call(srv.url, 'PATCH', '/ecom/v1/tip-settings', {
    auth: c.owner,
    body: {
      tipSettings: { enabled: true, allowCustom: true, presets: [{ id: 'ten', type: 'PERCENTAGE', value: '10' }] },
      fieldMask: { paths: ['enabled', 'allowCustom', 'presets'] },
    },
  });
  expect(tips.status, JSON.stringify(tips.body)).toBe(200);
  const card = await call(srv.url, 'POST', '/ecom/v1/gift-cards', {
    auth: c.owner,
    body: { giftCard: { code: 'CHECKOUTGIFT5', initialBalance: { amount: '5.00' } } },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
}, 120_000);

describe('totals on the checkout', () => {
  it('coupon, tip and gift card add up, and each change recomputes them', async () => {
    const co = await newCheckout(srv, c.visitor, {
      lineItems: [{ catalogReference: ref(mug.id), quantity: 2 }],
      couponCode: 'TENOFF',
    });
    expect(co.appliedDiscounts.map((d) => d.coupon?.code)).toEqual(['TENOFF']);
    expect(co.priceSummary).toMatchObject({
      subtotal: { amount: '20.00' },
      discount: { amount: '2.00' },
      total: { amount: '18.00' },
    });

    const tipped = await checkoutCall(srv, c.visitor, 'PATCH', co.id, { checkout: { tip: { presetId: 'ten' } } });
    expect(tipped.status, JSON.stringify(tipped.body)).toBe(200);
    expect(tipped.body.checkout.tip).toMatchObject({ presetId: 'ten', source: 'WEB', amount: { amount: '1.80' } });
    expect(tipped.body.checkout.priceSummary.total.amount).toBe('19.80');

    const carded = await checkoutCall(srv, c.visitor, 'PATCH', co.id, { giftCardCode: 'CHECKOUTGIFT5' });
    const s = carded.body.checkout;
    expect(s.giftCard).toMatchObject({ amount: { amount: '5.00' } });
    expect(s.giftCard?.obfuscatedCode).not.toContain('CHECKOUTGIFT');
    expect(s.priceSummary).toMatchObject({
      total: { amount: '19.80' },
      giftCard: { amount: '5.00' },
      payNow: { amount: '14.80' },
    });

    const noCoupon = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/remove-coupon`, {});
    expect(noCoupon.body.checkout.priceSummary).toMatchObject({
      discount: { amount: '0.00' },
      tip: { amount: '2.00' },
      total: { amount: '22.00' },
      payNow: { amount: '17.00' },
    });
    const noCard = await checkoutCall(srv, c.visitor, 'POST', `${co.id}/remove-gift-card`, {});
    expect(noCard.body.checkout.giftCard).toBeUndefined();
    expect(noCard.body.checkout.priceSummary.payNow.amount).toBe('22.00');
  });

  it("an ecom key's merchant discount shows with its percentage", async () => {
    const co = await newCheckout(srv, keys.ecom, {
      lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }],
      checkoutInfo: { merchantDiscounts: [{ percentage: 25, description: 'Staff' }] },
    });
    const md = co.appliedDiscounts.find((d) => d.merchantDiscount);
    expect(md?.merchantDiscount).toMatchObject({ percentage: 25, amount: { amount: '2.50' } });
    expect(co.priceSummary.total.amount).toBe('7.50');
  });
});

describe('from the current cart', () => {
  it('create-checkout carries lines, coupon, addresses and e-mail; by-cart-id finds it for its buyer only', async () => {
    const v = `Bearer ${await srv.visitorToken()}`;
    const cartPath = '/ecom/v1/carts/current';
    const added = await call(srv.url, 'POST', `${cartPath}/add-to-cart`, {
      auth: v,
      body: { lineItems: [{ catalogReference: ref(mug.id), quantity: 3 }] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = (
      await call<{ cart: { id: string } }>(srv.url, 'PATCH', cartPath, { auth: v, body: { couponCode: 'TENOFF' } })
    ).body.cart;
    const shippingAddress = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };
    const billingAddress = { country: 'US', subdivision: 'US-CA', city: 'Oakland' };
    const res = await call<{ checkout: Checkout }>(srv.url, 'POST', `${cartPath}/create-checkout`, {
      auth: v,
      body: { shippingAddress, billingAddress, email: 'cart@example.com', channelType: 'WEB' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const co = res.body.checkout;
    expect(co.cartId).toBe(cart.id);
    expect(co.lineItems.map((l) => [l.catalogReference?.catalogItemId, l.quantity])).toEqual([[mug.id, 3]]);
    expect(co.couponCode).toBe('TENOFF');
    expect(co.priceSummary).toMatchObject({ subtotal: { amount: '30.00' }, discount: { amount: '3.00' } });
    expect(co.shippingInfo.shippingDestination?.address).toEqual(shippingAddress);
    expect(co.billingInfo?.address).toEqual(billingAddress);
    expect(co.buyerInfo.email).toBe('cart@example.com');

    const found = await checkoutCall(srv, v, 'GET', `by-cart-id/${cart.id}`);
    expect(found.body.checkout.id).toBe(co.id);
    expect((await checkoutCall(srv, keys.ecom, 'GET', `by-cart-id/${cart.id}`)).body.checkout.id).toBe(co.id);
    expect((await checkoutCall(srv, c.visitor, 'GET', `by-cart-id/${cart.id}`)).status).toBe(404);
    expect((await checkoutCall(srv, c.memberA.auth, 'GET', `by-cart-id/${cart.id}`)).status).toBe(404);
  });
});

describe('tax', () => {
  it('computed once an address is set, with the breakdown per jurisdiction in taxSummary', async () => {
    const region = await call(srv.url, 'POST', '/ecom/v1/tax-regions', {
      auth: c.owner,
      body: {
        taxRegion: {
          country: 'US',
          subdivision: 'US-CA',
          jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.06' }],
        },
      },
    });
    expect(region.status, JSON.stringify(region.body)).toBe(200);
    const co = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
    expect(co.priceSummary.tax.amount).toBe('0.00');
    const res = await checkoutCall(srv, c.visitor, 'PATCH', co.id, {
      checkout: {
        shippingInfo: { shippingDestination: { address: { country: 'US', subdivision: 'US-CA', city: 'Oakland' } } },
      },
    });
    const t = res.body.checkout;
    expect(t.priceSummary).toMatchObject({ tax: { amount: '0.60' }, total: { amount: '10.60' } });
    expect(t.taxSummary.totalTax.amount).toBe('0.60');
    expect(t.taxSummary.calculationDetails.rateType).toBe('MANUAL_RATE');
    expect(t.taxSummary.taxBreakdown).toContainEqual(
      expect.objectContaining({
        jurisdiction: 'California',
        jurisdictionType: 'STATE',
        taxAmount: expect.objectContaining({ amount: '0.60' }),
      }),
    );
  });
});
