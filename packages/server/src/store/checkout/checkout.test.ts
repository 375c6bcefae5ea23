import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { checkoutCall, checkoutCount, newCheckout, ref } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], other: ['catalog'] } });
let mug: Product;
let deposit: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, {
    price: { amount: '12.50' },
    media: [{ url: 'https://example.com/m.png' }],
  });
  deposit = await createProduct(srv, c.owner, { price: { amount: '100.00' }, deposit: { amount: '20.00' } });
}, 120_000);

describe('create', () => {
  it('a visitor creates a checkout from line items, priced from the catalog, with the hosted checkout URL', async () => {
    const co = await newCheckout(srv, c.visitor, {
      lineItems: [{ catalogReference: ref(mug.id), quantity: 2 }],
      checkoutInfo: { buyerInfo: { email: 'v@example.com' }, buyerNote: 'ring twice' },
      channelType: 'WEB',
    });
    expect(co.lineItems).toHaveLength(1);
    expect(co.lineItems[0]).toMatchObject({
      quantity: 2,
      productName: mug.name,
      price: { amount: '12.50' },
      lineItemPrice: { amount: '25.00', formattedAmount: '$25.00' },
      availability: { status: 'AVAILABLE' },
      url: `${srv.config.publicUrl}/products/${mug.slug}`,
    });
    expect(co.priceSummary).toMatchObject({ subtotal: { amount: '25.00' }, total: { amount: '25.00' } });
    expect(co.buyerInfo.email).toBe('v@example.com');
    expect(co.buyerInfo.visitorId).toBeTruthy();
    expect(co).toMatchObject({ channelType: 'WEB', paymentOption: 'FULL_PAYMENT_ONLINE', completed: false });
    expect(co.checkoutUrl).toBe(`${srv.config.publicUrl}/checkout/${co.id}`);
    expect(co.membershipOptions).toEqual({ eligibleMemberships: [], invalidMemberships: [] });
    expect(co.taxSummary.calculationDetails.rateType).toBeDefined();
    expect(await eventsOf(srv, co.id)).toEqual(['ecom.checkout.created']);
  });

  it("a member's checkout carries the member id and their e-mail", async () => {
    const co = await newCheckout(srv, c.memberA.auth, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
    expect(co.buyerInfo).toMatchObject({ memberId: c.memberA.id, email: c.memberA.email });
  });

  it('an ecom API key adds custom lines, merchant discounts and an override URL', async () => {
    const co = await newCheckout(srv, keys.ecom, {
      customLineItems: [{ productName: 'Engraving', quantity: 1, price: { amount: '5.00' } }],
      lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }],
      overrideCheckoutUrl: 'https://pay.example.com/c/1',
      checkoutInfo: { merchantDiscounts: [{ percentage: 10 }] },
      channelType: 'BACKOFFICE_MERCHANT',
    });
    expect(co.lineItems.map((l) => [l.productName, l.customLineItem ?? false])).toEqual([
      [mug.name, false],
      ['Engraving', true],
    ]);
    expect(co.priceSummary.subtotal.amount).toBe('17.50');
    expect(co.checkoutUrl).toBe('https://pay.example.com/c/1');
    const url = await checkoutCall(srv, keys.ecom, 'GET', `${co.id}/checkout-url`);
    expect(url.body).toEqual({ checkoutUrl: 'https://pay.example.com/c/1' });
    const removed = await checkoutCall(srv, keys.ecom, 'POST', `${co.id}/remove-override-checkout-url`, {});
    expect(removed.body.checkout.checkoutUrl).toBe(`${srv.config.publicUrl}/checkout/${co.id}`);
    expect(removed.body.checkout.overrideCheckoutUrl).toBeUndefined();
  });

  it.each([
    [
      { lineItems: [{ catalogReference: ref('0190b6a8-0000-7000-8000-000000000000'), quantity: 1 }] },
      'lineItems[0].catalogReference.catalogItemId:VALIDATION',
    ],
    [
      { lineItems: [{ catalogReference: { appId: 'other', catalogItemId: 'x' }, quantity: 1 }] },
      'lineItems[0].catalogReference.appId:VALIDATION',
    ],
    [
      { lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: 'x' }, quantity: 0 }] },
      'lineItems[0].quantity:MIN',
    ],
    [
      { customLineItems: [{ productName: 'X', quantity: 1, price: { amount: '1.00' } }] },
      'customLineItems[0]:FIELD_NOT_ALLOWED',
    ],
    [{ overrideCheckoutUrl: 'https://evil.example.com' }, 'overrideCheckoutUrl:FIELD_NOT_ALLOWED'],
    [{ channelType: 'MARS' }, 'channelType:INVALID_ENUM_VALUE'],
    [{ checkoutInfo: { paymentOption: 'MEMBERSHIP' } }, 'checkoutInfo.paymentOption:VALIDATION'],
    [
      { checkoutInfo: { billingInfo: { taxId: { type: 'CPF', value: '529.982.247-24' } } } },
      'checkoutInfo.billingInfo.taxId.value:FORMAT',
    ],
    [{ checkoutInfo: { merchantDiscounts: [{ percentage: 5 }] } }, 'checkoutInfo.merchantDiscounts:FIELD_NOT_ALLOWED'],
    [{ checkoutInfo: { tip: { amount: { amount: '1.001' } } } }, 'checkoutInfo.tip.amount.amount:DECIMAL_MAX_SCALE'],
  ])('bad input %j → 400 naming the field and rule, nothing written', async (body, expected) => {
    const before = await checkoutCount(srv);
    const res = await call(srv.url, 'POST', '/ecom/v1/checkouts', { auth: c.visitor, body });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(await checkoutCount(srv)).toBe(before);
  });

  it('MEMBERSHIP says memberships are not enabled', async () => {
    const res = await call(srv.url, 'POST', '/ecom/v1/checkouts', {
      auth: c.visitor,
      body: { checkoutInfo: { paymentOption: 'MEMBERSHIP_OFFLINE' } },
    });
    expect((res.body as { message: string }).message).toContain('memberships are not enabled');
  });

  it('no token is 401; an API key without ecom is 403', async () => {
    expect((await call(srv.url, 'POST', '/ecom/v1/checkouts', { body: {} })).status).toBe(401);
    expect((await call(srv.url, 'POST', '/ecom/v1/checkouts', { auth: keys.other, body: {} })).status).toBe(403);
  });
});

describe('who reaches a checkout', () => {
  let co: Checkout;
  beforeAll(async () => {
    co = await newCheckout(srv, c.memberA.auth, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
  });

  it('the buyer, the owner and ecom API keys read it', async () => {
    for (const auth of [c.memberA.auth, c.owner, keys.ecom]) {
      const res = await checkoutCall(srv, auth, 'GET', co.id);
      expect(res.status).toBe(200);
      expect(res.body.checkout.id).toBe(co.id);
    }
  });

  it('another member, a visitor, a contributor: 404 on every route, nothing changed, nothing leaked', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', co.id],
      ['GET', `${co.id}/checkout-url`],
      ['GET', `${co.id}/payment-settings`],
      ['GET', `${co.id}/amazon-checkout-url`],
      ['PATCH', co.id, { checkout: { buyerNote: 'mine now' } }],
      ['POST', `${co.id}/remove-coupon`, {}],
      ['POST', `${co.id}/remove-gift-card`, {}],
      ['POST', `${co.id}/add-to-checkout`, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] }],
      ['POST', `${co.id}/remove-line-items`, { lineItemIds: [co.lineItems[0]!.id] }],
      ['POST', `${co.id}/update-line-items-quantity`, { lineItems: [{ id: co.lineItems[0]!.id, quantity: 9 }] }],
    ];
    for (const auth of [c.memberB.auth, c.visitor, c.contributor.auth]) {
      for (const [method, path, body] of routes) {
        const res = await checkoutCall(srv, auth, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(c.memberA.email);
      }
    }
    const after = (await checkoutCall(srv, c.memberA.auth, 'GET', co.id)).body.checkout;
    expect(after.lineItems[0]!.quantity).toBe(1);
    expect(after.buyerNote).toBeUndefined();
    expect(await eventsOf(srv, co.id)).toEqual(['ecom.checkout.created']);
  });

  it('an unknown id is the same 404; a malformed id is 400', async () => {
    const res = await checkoutCall(srv, c.memberA.auth, 'GET', '0190b6a8-0000-7000-8000-000000000000');
    expect(res.status).toBe(404);
    expect((await checkoutCall(srv, c.memberA.auth, 'GET', 'nope')).status).toBe(400);
  });

  it('by-cart-id finds nothing for a cart the caller has no checkout of', async () => {
    const res = await checkoutCall(srv, c.memberA.auth, 'GET', 'by-cart-id/0190b6a8-0000-7000-8000-000000000000');
    expect(res.status).toBe(404);
  });
});

describe('URLs and payment settings', () => {
  it('{platform}-checkout-url is a 400 naming platform for every platform; other suffixes are 404', async () => {
    const co = await newCheckout(srv, c.visitor, {});
    for (const platform of ['amazon', 'ebay', 'facebook']) {
      const res = await checkoutCall(srv, c.visitor, 'GET', `${co.id}/${platform}-checkout-url`);
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual(['platform:VALIDATION']);
      expect((res.body as unknown as { message: string }).message).toContain('not supported');
    }
    expect((await checkoutCall(srv, c.visitor, 'GET', `${co.id}/something`)).status).toBe(404);
    expect((await checkoutCall(srv, c.visitor, 'GET', `${co.id}/checkout-url`)).body).toEqual({
      checkoutUrl: `${srv.config.publicUrl}/checkout/${co.id}`,
    });
  });

  /** The payment options the visitor is offered for this checkout. */
  const paymentOptionsOf = async (checkoutId: string) =>
    (
      await call<{ paymentSettings: { paymentOptions: string[] } }>(
        srv.url,
        'GET',
        `/ecom/v1/checkouts/${checkoutId}/payment-settings`,
        { auth: c.visitor },
      )
    ).body.paymentSettings.paymentOptions;

  it('DEPOSIT_ONLINE is offered only with a deposit line, and splits what is paid now and later', async () => {
    const plain = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });
    expect(await paymentOptionsOf(plain.id)).toEqual(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE']);
    const refused = await checkoutCall(srv, c.visitor, 'PATCH', plain.id, {
      checkout: { paymentOption: 'DEPOSIT_ONLINE' },
    });
    expect(violations(refused.body)).toEqual(['checkout.paymentOption:VALIDATION']);

    const dep = await newCheckout(srv, c.visitor, { lineItems: [{ catalogReference: ref(deposit.id), quantity: 2 }] });
    expect(await paymentOptionsOf(dep.id)).toContain('DEPOSIT_ONLINE');
    const chosen = await checkoutCall(srv, c.visitor, 'PATCH', dep.id, {
      checkout: { paymentOption: 'DEPOSIT_ONLINE' },
    });
    expect(chosen.body.checkout.paymentOption).toBe('DEPOSIT_ONLINE');
    expect(chosen.body.checkout.priceSummary).toMatchObject({
      total: { amount: '200.00' },
      payNow: { amount: '40.00' },
      payLater: { amount: '160.00' },
    });
  });

  it('API keys without ecom cannot read payment settings (403)', async () => {
    const co = await newCheckout(srv, c.visitor, {});
    expect((await checkoutCall(srv, keys.other, 'GET', `${co.id}/payment-settings`)).status).toBe(403);
    expect(appCode((await checkoutCall(srv, keys.other, 'GET', co.id)).body)).toBe('FORBIDDEN');
  });
});
