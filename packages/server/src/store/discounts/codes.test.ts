import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Checkout, ErrorBody, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { addToCart, cartCall, item } from '../cart/testing.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { checkoutCall, newCheckout, ref } from '../checkout/testing.js';
import { cardToken, ensureTestShipping, placeAndCharge, SHIP_TO } from '../orders/testing.js';
import { COUPONS, createCoupon } from './testing.js';

// Codes a shopper types (docs/store/totals.md, "Coupons"): through the cart and checkout routes a shopper calls, a
// code that does not apply is refused at once, 400 naming the field in words, and nothing is stored; a cart code
// that stops applying is only a warning and is left behind when the checkout is made. An app creating a checkout
// with a code keeps it, with an ERROR saying why it does not apply.

const { srv, c } = serverSuite({ cast: true });
let mug: Product;

beforeAll(async () => {
  mug = await createProduct(srv, c.owner, { price: { amount: '20.00' } });
  await createCoupon(srv, c.owner, { code: 'TEN' });
  await createCoupon(srv, c.owner, {
    code: 'FIVE',
    discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5' }, scope: 'GLOBAL' },
  });
  await createCoupon(srv, c.owner, { code: 'MIN50', minimumSubtotal: { amount: '50' } });
  await createCoupon(srv, c.owner, { code: 'OFF', active: false });
  await ensureTestShipping(srv);
}, 120_000);

const visitor = async () => `Bearer ${await srv.visitorToken()}`;

/** The one field violation of a 400, as the storefront shows it next to the field. */
function refusedField(res: { status: number; body: unknown }): { field: string; description: string } {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const [v, ...more] = (res.body as ErrorBody).details?.validationError?.fieldViolations ?? [];
  expect(more).toEqual([]);
  return { field: v!.field, description: v!.description };
}

async function giftCard(balance: string): Promise<string> {
  const res = await call<{ giftCard: { code: string } }>(srv.url, 'POST', '/ecom/v1/gift-cards', {
    auth: c.owner,
    body: { giftCard: { initialBalance: { amount: balance } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.giftCard.code;
}

describe('cart codes', () => {
  it('an unknown code is refused naming couponCode, in words; the cart is left as it was', async () => {
    const v = await visitor();
    const cart = await addToCart(srv, v, [item(mug.id)]);
    const res = await cartCall(srv, v, 'PATCH', '', { couponCode: 'WELCOME10' });
    expect(refusedField(res)).toEqual({ field: 'couponCode', description: 'There is no code WELCOME10.' });
    const after = (await cartCall(srv, v, 'GET')).body.cart;
    expect(after.couponCode).toBeUndefined();
    expect(after.updatedDate).toBe(cart.updatedDate);
    expect(await eventsOf(srv, cart.id)).toEqual(['ecom.cart.created']);

    const off = await cartCall(srv, v, 'PATCH', '', { couponCode: 'off' });
    expect(refusedField(off).description).toBe('The coupon is not valid.');
  });

  it('a code below its minimum says the minimum; with enough in the cart the same code applies', async () => {
    const v = await visitor();
    await addToCart(srv, v, [item(mug.id)]);
    const low = await cartCall(srv, v, 'PATCH', '', { couponCode: 'min50' });
    expect(refusedField(low)).toEqual({
      field: 'couponCode',
      description: 'The coupon needs a subtotal of $50.00.',
    });
    // A visitor's first PATCH makes the cart: a refused code makes none either.
    const fresh = await visitor();
    expect((await cartCall(srv, fresh, 'PATCH', '', { couponCode: 'NOPE' })).status).toBe(400);
    expect((await cartCall(srv, fresh, 'GET')).status).toBe(404);

    await addToCart(srv, v, [item(mug.id, 2)]);
    const ok = await cartCall(srv, v, 'PATCH', '', { couponCode: 'min50' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.cart.couponCode).toBe('min50');
    expect(ok.body.cart.appliedDiscounts.map((d) => d.coupon?.code)).toEqual(['MIN50']);
    expect(ok.body.cart.priceSummary.discount.amount).toBe('6.00');
  });

  it('a code that stops applying is a warning: not applied, checking out and paying go on without it', async () => {
    const v = await visitor();
    const cart = await addToCart(srv, v, [item(mug.id, 3)]);
    expect((await cartCall(srv, v, 'PATCH', '', { couponCode: 'MIN50' })).status).toBe(200);
    const lower = await cartCall(srv, v, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: cart.lineItems[0]!.id, quantity: 1 }],
    });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    const shown: Cart = lower.body.cart;
    expect(shown.couponCode).toBe('MIN50');
    expect(shown.appliedDiscounts).toEqual([]);
    expect(shown.priceSummary.total.amount).toBe('20.00');
    expect(shown.violations).toEqual([
      {
        severity: 'WARNING',
        target: { other: { name: 'couponCode' } },
        description: 'The coupon needs a subtotal of $50.00.',
      },
    ]);

    const made = await call<{ checkout: Checkout }>(srv.url, 'POST', '/ecom/v1/carts/current/create-checkout', {
      auth: v,
      body: { email: 'ann@example.com', shippingAddress: SHIP_TO, channelType: 'WEB' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const co = made.body.checkout;
    expect(co.couponCode).toBeUndefined();
    expect(co.violations.filter((x) => x.severity === 'ERROR')).toEqual([]);
    const paid = await placeAndCharge(srv, v, co.id, await cardToken(srv, v));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.order.priceSummary.total.amount).toBe('20.00');
    // The cart keeps the code until it is deleted with the order; the code was never used.
    const coupons = await call<{ coupons: Array<{ code: string; numberOfUsages: number }> }>(srv.url, 'GET', COUPONS, {
      auth: c.owner,
    });
    expect(coupons.body.coupons.find((x) => x.code === 'MIN50')?.numberOfUsages).toBe(0);
  });

  it('12 codes at once on one cart: every good one applies, every bad one is refused and never stored', async () => {
    const v = await visitor();
    const cart = await addToCart(srv, v, [item(mug.id)]);
    const codes = Array.from({ length: 12 }, (_, i) => ['TEN', 'NOPE', 'FIVE', 'MIN50'][i % 4]!);
    const answers = await Promise.all(codes.map((couponCode) => cartCall(srv, v, 'PATCH', '', { couponCode })));
    answers.forEach((res, i) => {
      if (codes[i] === 'TEN' || codes[i] === 'FIVE') {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.cart.appliedDiscounts.map((d) => d.coupon?.code)).toEqual([codes[i]]);
      } else {
        expect(refusedField(res).field).toBe('couponCode');
      }
    });
    const after = (await cartCall(srv, v, 'GET')).body.cart;
    expect(['TEN', 'FIVE']).toContain(after.couponCode);
    expect(after.appliedDiscounts.map((d) => d.coupon?.code)).toEqual([after.couponCode]);
    // One event per applied code, none for the refused ones.
    expect(await eventsOf(srv, cart.id)).toHaveLength(1 + 6);
  });
});

describe('checkout codes', () => {
  const fresh = (auth: string) =>
    newCheckout(srv, auth, { lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }] });

  it('PATCH: an unknown coupon or gift card is refused naming its field; the checkout is left as it was', async () => {
    const v = await visitor();
    const co = await fresh(v);
    const coupon = await checkoutCall(srv, v, 'PATCH', co.id, { couponCode: 'WELCOME10' });
    expect(refusedField(coupon)).toEqual({ field: 'couponCode', description: 'There is no code WELCOME10.' });
    const card = await checkoutCall(srv, v, 'PATCH', co.id, { giftCardCode: 'NOPE-NOPE-NOPE-NOPE' });
    expect(refusedField(card)).toEqual({ field: 'giftCardCode', description: 'This gift card code is not valid' });
    const low = await checkoutCall(srv, v, 'PATCH', co.id, { couponCode: 'MIN50' });
    expect(refusedField(low).description).toBe('The coupon needs a subtotal of $50.00.');

    const after = (await checkoutCall(srv, v, 'GET', co.id)).body.checkout;
    expect(after.couponCode).toBeUndefined();
    expect(after.giftCard).toBeUndefined();
    expect(after.updatedDate).toBe(co.updatedDate);
    expect(await eventsOf(srv, co.id)).toEqual(['ecom.checkout.created']);

    const good = await checkoutCall(srv, v, 'PATCH', co.id, { couponCode: 'ten', giftCardCode: await giftCard('3') });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.checkout.priceSummary.discount.amount).toBe('2.00');
    expect(good.body.checkout.giftCard?.amount.amount).toBe('3.00');
  });

  it('create (an API call): a code that does not apply is kept, not applied, with an ERROR saying why', async () => {
    const v = await visitor();
    const res = await call<{ checkout: Checkout }>(srv.url, 'POST', '/ecom/v1/checkouts', {
      auth: v,
      body: {
        lineItems: [{ catalogReference: ref(mug.id), quantity: 1 }],
        couponCode: 'NOPE',
        giftCardCode: 'NOPE-NOPE-NOPE-NOPE',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const co = res.body.checkout;
    expect(co.couponCode).toBe('NOPE');
    expect(co.appliedDiscounts).toEqual([]);
    expect(co.giftCard).toBeUndefined();
    const named = co.violations.filter(
      (x) => x.target.other?.name === 'couponCode' || x.target.other?.name === 'giftCard',
    );
    expect(named.map((x) => [x.severity, x.description])).toEqual([
      ['ERROR', 'There is no code NOPE.'],
      ['ERROR', 'This gift card code is not valid'],
    ]);
    // Removing the code clears its violation.
    const removed = await checkoutCall(srv, v, 'POST', `${co.id}/remove-coupon`, {});
    expect(removed.body.checkout.violations.some((x) => x.target.other?.name === 'couponCode')).toBe(false);
  });

  it('parallel PATCHes of good and bad codes: the good ones apply, the bad ones never land', async () => {
    const v = await visitor();
    const co = await fresh(v);
    const codes = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'NOPE' : i % 4 ? 'TEN' : 'FIVE'));
    const answers = await Promise.all(codes.map((couponCode) => checkoutCall(srv, v, 'PATCH', co.id, { couponCode })));
    expect(answers.map((a) => a.status)).toEqual(codes.map((x) => (x === 'NOPE' ? 400 : 200)));
    const after = (await checkoutCall(srv, v, 'GET', co.id)).body.checkout;
    expect(['TEN', 'FIVE']).toContain(after.couponCode);
    expect(after.appliedDiscounts.map((d) => d.coupon?.code)).toEqual([after.couponCode]);
    expect(after.violations.filter((x) => x.target.other?.name === 'couponCode')).toEqual([]);
  });
});
