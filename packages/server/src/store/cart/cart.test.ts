import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { addToCart, cartCall, cartRows, item } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });
let mug: Product;
let shirt: Product;
let soldOut: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, {
    price: { amount: '12.50' },
    inventory: { trackQuantity: true, quantity: 5 },
  });
  shirt = await createProduct(srv, c.owner, {
    price: { amount: '20.00' },
    options: [{ name: 'Size', choices: ['S', 'M'] }],
    variants: [
      { choices: { Size: 'S' }, price: { amount: '20.00' } },
      { choices: { Size: 'M' }, price: { amount: '22.00' } },
    ],
  });
  soldOut = await createProduct(srv, c.owner, { inventory: { trackQuantity: true, quantity: 0 } });
}, 90_000);

const visitor = async () => `Bearer ${await srv.visitorToken()}`;

describe('reading and adding', () => {
  it('no cart yet is a 404 CART_NOT_FOUND; the first add creates it with lines priced from the catalog', async () => {
    const v = await visitor();
    const none = await cartCall(srv, v, 'GET');
    expect(none.status).toBe(404);
    expect(appCode(none.body)).toBe('CART_NOT_FOUND');
    const m = shirt.variants.find((x) => x.choices.Size === 'M')!;
    const cart = await addToCart(srv, v, [item(mug.id, 2), item(shirt.id, 1, m.id)]);
    expect(cart.lineItems.map((l) => [l.productName, l.quantity, l.price.amount, l.lineItemPrice.amount])).toEqual([
      [mug.name, 2, '12.50', '25.00'],
      [shirt.name, 1, '22.00', '22.00'],
    ]);
    expect(cart.lineItems[1]!.descriptionLines).toEqual([{ name: 'Size', value: 'M' }]);
    expect(cart.lineItems[0]!.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 5 });
    expect(cart.subtotal.amount).toBe('47.00');
    expect(cart.priceSummary.total.amount).toBe('47.00');
    expect((await cartCall(srv, v, 'GET')).body.cart).toEqual(cart);
    expect(await eventsOf(srv, cart.id)).toEqual(['ecom.cart.created']);
  });

  it('the same item added twice is one line with the quantities summed', async () => {
    const v = await visitor();
    await addToCart(srv, v, [item(mug.id, 1)]);
    const cart = await addToCart(srv, v, [item(mug.id, 2)]);
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]!.quantity).toBe(3);
  });

  it('more than in stock is PARTIALLY_AVAILABLE with a warning; out of stock is an ERROR suggesting removal', async () => {
    const v = await visitor();
    const cart = await addToCart(srv, v, [item(mug.id, 7), item(soldOut.id, 1)]);
    expect(cart.lineItems.map((l) => l.availability.status)).toEqual(['PARTIALLY_AVAILABLE', 'NOT_AVAILABLE']);
    expect(cart.violations).toEqual([
      expect.objectContaining({ severity: 'WARNING', target: { lineItem: { id: cart.lineItems[0]!.id } } }),
      expect.objectContaining({
        severity: 'ERROR',
        suggestedFix: 'REMOVE_LINE_ITEM',
        target: { lineItem: { id: cart.lineItems[1]!.id } },
      }),
    ]);
  });

  it.each([
    [{ lineItems: [] }, 'lineItems:REQUIRED_ONE_OF_FIELD'],
    [
      { lineItems: [{ catalogReference: { appId: 'other', catalogItemId: 'x' }, quantity: 1 }] },
      'lineItems[0].catalogReference.appId:VALIDATION',
    ],
    [
      { lineItems: [{ ...item('00000000-0000-7000-8000-000000000000') }] },
      'lineItems[0].catalogReference.catalogItemId:VALIDATION',
    ],
    [{ lineItems: [{ ...item('x'), quantity: 0 }] }, 'lineItems/0/quantity:MIN'],
  ])('bad input %j is a 400 naming %s and writes nothing', async (body, expected) => {
    const v = await visitor();
    const before = (await cartRows(srv)).length;
    const res = await cartCall(srv, v, 'POST', '/add-to-cart', body);
    expect(res.status).toBe(400);
    const [field, rule] = expected.split(':');
    expect(violations(res.body).some((x) => x.startsWith(field!.replace(/\//g, '.')) || x.includes(rule!))).toBe(true);
    expect((await cartRows(srv)).length).toBe(before);
  });

  it('a product with variants needs its variant named; prices sent by a shopper are refused', async () => {
    const v = await visitor();
    const res = await cartCall(srv, v, 'POST', '/add-to-cart', { lineItems: [item(shirt.id)] });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain('lineItems[0].catalogReference.options.variantId:REQUIRED_FIELD');
    const priced = await cartCall(srv, v, 'POST', '/add-to-cart', {
      lineItems: [{ ...item(mug.id), catalogOverrideFields: { price: { amount: '0.01' } } }],
    });
    expect(priced.status).toBe(400);
    expect(violations(priced.body)).toContain('lineItems[0].catalogOverrideFields:FIELD_NOT_ALLOWED');
    const custom = await cartCall(srv, v, 'POST', '/add-to-cart', {
      customLineItems: [{ productName: 'Free', quantity: 1, price: { amount: '0' } }],
    });
    expect(custom.status).toBe(400);
    expect(violations(custom.body)).toContain('customLineItems[0]:FIELD_NOT_ALLOWED');
  });
});

describe('changing', () => {
  it('quantities (0 removes), removal, cart info by mask, coupon applied and removed', async () => {
    const v = await visitor();
    let cart = await addToCart(srv, v, [item(mug.id, 1), item(shirt.id, 1, shirt.variants[0]!.id)]);
    const [a, b] = cart.lineItems;
    cart = (await cartCall(srv, v, 'POST', '/update-line-items-quantity', { lineItems: [{ id: a!.id, quantity: 4 }] }))
      .body.cart;
    expect(cart.lineItems.find((l) => l.id === a!.id)!.quantity).toBe(4);
    cart = (await cartCall(srv, v, 'POST', '/update-line-items-quantity', { lineItems: [{ id: b!.id, quantity: 0 }] }))
      .body.cart;
    expect(cart.lineItems.map((l) => l.id)).toEqual([a!.id]);
    const unknown = await cartCall(srv, v, 'POST', '/remove-line-items', { lineItemIds: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(violations(unknown.body)).toContain('lineItemIds[0]:VALIDATION');

    const note = await cartCall(srv, v, 'PATCH', '', {
      cartInfo: { buyerNote: 'Gift wrap please', contactInfo: { address: { country: 'US', subdivision: 'US-CA' } } },
    });
    expect(note.body.cart).toMatchObject({
      buyerNote: 'Gift wrap please',
      contactInfo: { address: { country: 'US' } },
    });
    const cleared = await cartCall(srv, v, 'PATCH', '', { cartInfo: {}, fieldMask: { paths: ['buyerNote'] } });
    expect(cleared.body.cart.buyerNote).toBeUndefined();
    expect(cleared.body.cart.contactInfo?.address?.country).toBe('US');
    const badMask = await cartCall(srv, v, 'PATCH', '', { cartInfo: {}, fieldMask: { paths: ['lineItems'] } });
    expect(violations(badMask.body)).toContain('fieldMask.paths[0]:FIELD_NOT_ALLOWED');

    const code = `CART${Date.now().toString(36)}`.toUpperCase();
    await createCoupon(srv, c.owner, { code, discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' } });
    cart = (await cartCall(srv, v, 'PATCH', '', { couponCode: code })).body.cart;
    expect(cart.couponCode).toBe(code);
    expect(cart.priceSummary.discount.amount).toBe('5.00');
    expect(cart.priceSummary.total.amount).toBe('45.00');
    expect(cart.appliedDiscounts[0]?.coupon?.code).toBe(code);
    cart = (await cartCall(srv, v, 'POST', '/remove-coupon', {})).body.cart;
    expect(cart.couponCode).toBeUndefined();
    expect(cart.priceSummary.total.amount).toBe('50.00');
  });

  it('merchant discounts are for ecom API keys only', async () => {
    const v = await visitor();
    await addToCart(srv, v, [item(mug.id)]);
    const res = await cartCall(srv, v, 'PATCH', '', { merchantDiscounts: [{ percentage: 50 }] });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain('merchantDiscounts:FIELD_NOT_ALLOWED');
  });

  it('delete removes the cart with an event; a second delete is a 404', async () => {
    const v = await visitor();
    const cart = await addToCart(srv, v, [item(mug.id)]);
    expect((await cartCall(srv, v, 'DELETE')).status).toBe(200);
    expect((await cartCall(srv, v, 'GET')).status).toBe(404);
    expect((await cartCall(srv, v, 'DELETE')).status).toBe(404);
    expect(await eventsOf(srv, cart.id)).toEqual(['ecom.cart.created', 'ecom.cart.deleted']);
  });
});

describe('who', () => {
  it('each visitor and member has their own cart; API keys and callers without a token have none', async () => {
    const v1 = await visitor();
    const v2 = await visitor();
    const mine = await addToCart(srv, v1, [item(mug.id, 2)]);
    expect((await cartCall(srv, v2, 'GET')).status).toBe(404);
    const theirs = await addToCart(srv, v2, [item(mug.id, 1)]);
    expect(theirs.id).not.toBe(mine.id);
    expect((await cartCall(srv, v1, 'GET')).body.cart.lineItems[0]!.quantity).toBe(2);
    // Removing another cart's line id is refused as unknown: nothing about that cart leaks.
    const cross = await cartCall(srv, v2, 'POST', '/remove-line-items', { lineItemIds: [mine.lineItems[0]!.id] });
    expect(cross.status).toBe(400);
    const member = await addToCart(srv, c.memberA.auth, [item(mug.id)]);
    expect(member.buyerInfo.memberId).toBe(c.memberA.id);
    expect((await cartCall(srv, keys.ecom, 'GET')).status).toBe(403);
    expect((await call(srv.url, 'GET', '/ecom/v1/carts/current', {})).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('20 parallel add-to-cart on one cart: all applied, quantities exact, no errors', async () => {
    const v = await visitor();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        cartCall(srv, v, 'POST', '/add-to-cart', {
          lineItems: [item(i % 2 ? mug.id : shirt.id, 1, i % 2 ? undefined : shirt.variants[0]!.id)],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const cart = (await cartCall(srv, v, 'GET')).body.cart;
    expect(cart.lineItems.map((l) => l.quantity).sort()).toEqual([10, 10]);
    expect((await cartRows(srv)).filter((r) => r.id === cart.id)).toHaveLength(1);
  });

  it('two nodes take turns on one cart: a node whose remembered cart is old still loses nothing', async () => {
    const v = await visitor();
    const other = await srv.secondNode();
    try {
      const add = (url: string, productId: string) =>
        call<{ cart: Cart }>(url, 'POST', '/ecom/v1/carts/current/add-to-cart', {
          auth: v,
          body: { lineItems: [item(productId)] },
        });
      expect((await add(srv.url, mug.id)).status).toBe(200);
      // The other node changes the cart: this node's copy is now one version behind.
      expect((await add(other.url, mug.id)).status).toBe(200);
      const third = await add(srv.url, mug.id);
      expect(third.status).toBe(200);
      expect(third.body.cart.lineItems.map((l) => l.quantity)).toEqual([3]);
      // And a removal made elsewhere is not undone by an old copy either.
      const removed = await call(other.url, 'DELETE', '/ecom/v1/carts/current', { auth: v });
      expect(removed.status).toBe(200);
      const fresh = await add(srv.url, mug.id);
      expect(fresh.body.cart.lineItems.map((l) => l.quantity)).toEqual([1]);
      expect(fresh.body.cart.id).not.toBe(third.body.cart.id);
    } finally {
      await other.close();
    }
  });
});

describe('estimate totals and checkout', () => {
  it('estimate leaves the cart as it was; create-checkout copies lines, coupon and address', async () => {
    const v = await visitor();
    const cart = await addToCart(srv, v, [item(mug.id, 2)]);
    const est = await call<{ cart: Cart; priceSummary: { total: { amount: string } }; membershipOptions: unknown }>(
      srv.url,
      'POST',
      '/ecom/v1/carts/current/estimate-totals',
      { auth: v, body: { shippingAddress: { country: 'US', subdivision: 'US-NY' }, calculateTax: true } },
    );
    expect(est.status).toBe(200);
    expect(est.body.priceSummary.total.amount).toBe('25.00');
    expect(est.body.membershipOptions).toEqual({ eligibleMemberships: [], invalidMemberships: [] });
    expect((await cartCall(srv, v, 'GET')).body.cart.updatedDate).toBe(cart.updatedDate);
    const res = await call<{ checkout: { id: string; cartId: string; lineItems: Array<{ quantity: number }> } }>(
      srv.url,
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      { auth: v, body: { email: 'shopper@example.com', shippingAddress: { country: 'US', subdivision: 'US-NY' } } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.checkout.cartId).toBe(cart.id);
    expect(res.body.checkout.lineItems[0]!.quantity).toBe(2);
    const other = await visitor();
    expect(
      (await call(srv.url, 'POST', '/ecom/v1/carts/current/create-checkout', { auth: other, body: {} })).status,
    ).toBe(404);
  });
});
