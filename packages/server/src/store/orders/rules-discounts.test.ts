import { beforeAll, describe, expect, it } from 'vitest';
import type { AppliedDiscount, Checkout, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall } from '../checkout/testing.js';
import { clearDiscounts, COUPONS, createCoupon, createRule, RULES } from '../discounts/testing.js';
import {
  cents,
  checkoutOf,
  couponUses,
  errorsOf,
  expectRefused,
  madeFrom,
  newVisitor,
  newVisitors,
  paidBy,
  payByCard,
  sameCheckouts,
} from './rules-testing.js';
import { cardToken, placeAndCharge } from './testing.js';

/**
 * Money-path rules of docs/store/rules.md on discounts: a coupon's minimum subtotal and date window, a coupon
 * switched off during placements, and automatic rules (when they apply, how they combine with a coupon). Each through
 * the routes a storefront and the owner call.
 */

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;
let mug: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { price: { amount: '20.00' } });
  mug = await createProduct(srv, c.owner, { price: { amount: '10.00' } });
}, 120_000);

const DAY = 86_400_000;
const amountOf = (d: AppliedDiscount) => (d.discountRule ?? d.coupon ?? d.merchantDiscount)?.amount.amount;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const couponOn = (x: { appliedDiscounts: Array<{ coupon?: { code: string } }> }) =>
  x.appliedDiscounts.find((d) => d.coupon)?.coupon?.code;
const setQuantity = (auth: string, checkout: Checkout, quantity: number) =>
  checkoutCall(srv, auth, 'POST', `${checkout.id}/update-line-items-quantity`, {
    lineItems: [{ id: checkout.lineItems[0]!.id, quantity }],
  });

/**
 * A code given to a checkout that cannot apply takes nothing off, and the answer says why: refused at once (400
 * naming couponCode) or kept with an ERROR violation that blocks placement.
 */
async function expectNotApplied(auth: string, checkout: Checkout, code: string, words: string) {
  const res = await checkoutCall(srv, auth, 'PATCH', checkout.id, { couponCode: code });
  expect(JSON.stringify(res.body)).toContain(words);
  const now =
    res.status === 200 ? res.body.checkout : (await checkoutCall(srv, auth, 'GET', checkout.id)).body.checkout;
  expect(couponOn(now)).toBeUndefined();
  expect(now.priceSummary.discount.amount).toBe('0.00');
}

async function moveWindow(couponId: string, activeTimeInfo: { start?: string; end?: string }) {
  const res = await call(srv.url, 'PATCH', `${COUPONS}/${couponId}`, {
    auth: c.owner,
    body: { coupon: { activeTimeInfo }, fieldMask: { paths: ['activeTimeInfo'] } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('coupons: minimum subtotal and date window', () => {
  it('coupon.min-subtotal: a coupon below its minimum takes nothing off and blocks placement; at it, it applies', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'FROM40', minimumSubtotal: { amount: '40.00' } });
    const b = await newVisitor(srv);
    const one = await checkoutOf(srv, b, [[lamp, 1]]);
    await expectNotApplied(b, one, 'from40', 'needs a subtotal of');

    // Entered at the minimum, then the quantity drops below it: an ERROR, and placing is refused, nothing charged.
    const co = await checkoutOf(srv, b, [[lamp, 2]], {}, { couponCode: 'from40' });
    expect(co.priceSummary.total.amount).toBe('36.00');
    const lowered = (await setQuantity(b, co, 1)).body.checkout;
    expect(couponOn(lowered)).toBeUndefined();
    expect(errorsOf(lowered).join()).toContain('needs a subtotal of');
    expectRefused(await payByCard(srv, b, co), 'needs a subtotal of', 'couponCode');
    expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });

    expect(couponOn((await setQuantity(b, co, 2)).body.checkout)).toBe('FROM40');
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.priceSummary).toMatchObject({ subtotal: { amount: '40.00' }, total: { amount: '36.00' } });
    expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(3600);
    expect(await couponUses(srv, c.owner, coupon.id)).toBe(1);
  });

  it('coupon.min-subtotal: a quantity lowered while placing: the order has the minimum, or it is refused', async () => {
    await createCoupon(srv, c.owner, { code: 'RACE40', minimumSubtotal: { amount: '40.00' } });
    // Six buyers each place and lower their quantity at the same moment: whichever locks the checkout first wins.
    const { buyers, checkouts } = await sameCheckouts(srv, 6, [[lamp, 2]], {}, { couponCode: 'RACE40' });
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const races = await Promise.all(
      checkouts.map((co, i) =>
        Promise.all([placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!), setQuantity(buyers[i]!, co, 1)]),
      ),
    );
    for (const [placed, lowered] of races) {
      if (placed.status === 200) {
        // Placed first: the order has both lamps and the discount; the late change finds the checkout completed.
        expect(placed.body.order.priceSummary).toMatchObject({
          subtotal: { amount: '40.00' },
          total: { amount: '36.00' },
        });
        expect(lowered.status).toBe(409);
      } else {
        expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
        // Lowered before the placement priced it (the coupon's minimum), or while it was being paid (the commit
        // finds the checkout changed): refused either way, and nothing kept of the payment.
        expect(appCode(placed.body), JSON.stringify(placed.body)).toBe('CHECKOUT_HAS_ERRORS');
        expect(JSON.stringify(placed.body)).toMatch(/needs a subtotal of|changed while it was being paid/);
      }
    }
    const { orders: made, payments } = await madeFrom(
      srv,
      checkouts.map((co) => co.id),
    );
    expect(made.every((o) => o.totalMinor === 3600n)).toBe(true);
    expect(payments.map((p) => p.amountMinor)).toEqual(made.map(() => 3600n));
  });

  it('coupon.date-window: a coupon not started yet or expired takes nothing off; moved out of its window, it blocks placement', async () => {
    await createCoupon(srv, c.owner, { code: 'SOON', activeTimeInfo: { start: iso(DAY) } });
    await createCoupon(srv, c.owner, { code: 'PAST', activeTimeInfo: { start: iso(-2 * DAY), end: iso(-DAY) } });
    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[lamp, 1]]);
    await expectNotApplied(b, co, 'SOON', 'not valid yet');
    await expectNotApplied(b, co, 'PAST', 'has expired');

    // Live when entered, then the owner moves its start to tomorrow: refused at placement, under the coupon's lock.
    const later = await createCoupon(srv, c.owner, { code: 'LATER', activeTimeInfo: { start: iso(-DAY) } });
    const entered = await checkoutOf(srv, b, [[lamp, 1]], {}, { couponCode: 'LATER' });
    expect(couponOn(entered)).toBe('LATER');
    await moveWindow(later.id, { start: iso(DAY) });
    expectRefused(await payByCard(srv, b, entered), 'The coupon is not valid yet.', 'couponCode');
    expect(await madeFrom(srv, [entered.id])).toEqual({ orders: [], payments: [] });
  });

  it('coupon.date-window: a coupon that ends after the buyer entered it is refused; without it the order goes', async () => {
    const coupon = await createCoupon(srv, c.owner, {
      code: 'ENDING',
      activeTimeInfo: { start: iso(-DAY), end: iso(DAY) },
    });
    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[lamp, 1]], {}, { couponCode: 'ENDING' });
    expect(co.priceSummary.total.amount).toBe('18.00');
    await moveWindow(coupon.id, { start: iso(-DAY), end: iso(-1000) });
    expectRefused(await payByCard(srv, b, co), 'The coupon has expired.', 'couponCode');
    expect(await couponUses(srv, c.owner, coupon.id)).toBe(0);
    await checkoutCall(srv, b, 'POST', `${co.id}/remove-coupon`, {});
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(2000);
  });

  it('coupon.still-valid: switched off while 8 orders are placed at once: each is discounted and counted, or refused', async () => {
    const coupon = await createCoupon(srv, c.owner, { code: 'FLASH' });
    const buyers = await newVisitors(srv, 8);
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const checkouts = await Promise.all(
      buyers.map((b) => checkoutOf(srv, b, [[lamp, 1]], {}, { couponCode: 'FLASH' })),
    );
    const late = await newVisitor(srv);
    const lateCheckout = await checkoutOf(srv, late, [[lamp, 1]], {}, { couponCode: 'FLASH' });
    const off = call(srv.url, 'PATCH', `${COUPONS}/${coupon.id}`, {
      auth: c.owner,
      body: { coupon: { active: false }, fieldMask: { paths: ['active'] } },
    });
    const answers = await Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!)));
    expect((await off).status).toBe(200);
    const ok = answers.filter((a) => a.status === 200);
    for (const a of answers.filter((x) => x.status !== 200)) expectRefused(a, 'The coupon is not valid.', 'couponCode');
    for (const o of ok) {
      expect(couponOn(o.body.order)).toBe('FLASH');
      expect((await paidBy(srv, c.owner, o.body.orderId)).card).toBe(1800);
    }
    // Every discounted order was counted, and no order went through at the full price with the coupon's checkout.
    expect(await couponUses(srv, c.owner, coupon.id)).toBe(ok.length);
    expect(
      (
        await madeFrom(
          srv,
          checkouts.map((co) => co.id),
        )
      ).orders,
    ).toHaveLength(ok.length);
    // Off now: a checkout that still holds the code is refused.
    expectRefused(await payByCard(srv, late, lateCheckout), 'The coupon is not valid.', 'couponCode');
  });
});

describe('automatic discounts', () => {
  it('discount.automatic: a rule applies while its trigger holds, stops when it does not, and only while live', async () => {
    await clearDiscounts(srv, c.owner);
    const rule = await createRule(srv, c.owner, {
      name: '10% from 50',
      trigger: { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50.00' } } },
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
    });
    await createRule(srv, c.owner, {
      name: 'Not yet',
      activeTimeInfo: { start: iso(DAY) },
      discount: { type: 'PERCENTAGE', percentage: 50, scope: 'GLOBAL' },
    });
    const b = await newVisitor(srv);
    const co = await checkoutOf(srv, b, [[lamp, 2]]);
    expect(co.appliedDiscounts).toEqual([]);
    const three = await setQuantity(b, co, 3);
    expect(three.body.checkout.appliedDiscounts.map((d) => [d.discountRule?.name, amountOf(d)])).toEqual([
      ['10% from 50', '6.00'],
    ]);
    expect((await setQuantity(b, co, 2)).body.checkout.appliedDiscounts).toEqual([]);
    await setQuantity(b, co, 3);
    const ok = await payByCard(srv, b, co);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.priceSummary.total.amount).toBe('54.00');
    expect(ok.body.order.appliedDiscounts.map((d) => d.discountRule?.id)).toEqual([rule.id]);
    expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(5400);

    // Switched off: the same cart costs the full price.
    const off = await call(srv.url, 'PATCH', `${RULES}/${rule.id}`, {
      auth: c.owner,
      body: { discountRule: { active: false }, fieldMask: { paths: ['active'] } },
    });
    expect(off.status).toBe(200);
    const later = await checkoutOf(srv, b, [[lamp, 3]]);
    expect(later.appliedDiscounts).toEqual([]);
    expect(later.priceSummary.total.amount).toBe('60.00');
  });

  it('discount.automatic: per line the best rule wins (never stacked); the coupon takes off what the rules left', async () => {
    await clearDiscounts(srv, c.owner);
    await createRule(srv, c.owner, {
      name: 'All 10%',
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
    });
    await createRule(srv, c.owner, {
      name: 'Mugs 25%',
      discount: {
        type: 'PERCENTAGE',
        percentage: 25,
        scope: 'SPECIFIC_ITEMS',
        items: { type: 'CATALOG_ITEM', catalogItemIds: [mug.id] },
      },
    });
    await createCoupon(srv, c.owner, {
      code: 'FIVE',
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '5.00' }, scope: 'GLOBAL' },
    });
    // Ten buyers of the same cart at once: each is charged exactly what its checkout showed.
    const { buyers, checkouts } = await sameCheckouts(
      srv,
      10,
      [
        [lamp, 1],
        [mug, 1],
      ],
      {},
      { couponCode: 'FIVE' },
    );
    const shown = checkouts[0]!;
    // Lamp 20.00 − 10% = 18.00; mug 10.00 − 25% = 7.50 (not 10% + 25%); then 5.00 off the 25.50 left: 20.50.
    expect(shown.appliedDiscounts.map((d) => [d.discountRule?.name ?? d.coupon?.code, amountOf(d)])).toEqual([
      ['All 10%', '2.00'],
      ['Mugs 25%', '2.50'],
      ['FIVE', '5.00'],
    ]);
    expect(shown.priceSummary).toMatchObject({ discount: { amount: '9.50' }, total: { amount: '20.50' } });
    const answers = await Promise.all(checkouts.map((co, i) => payByCard(srv, buyers[i]!, co)));
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.order.priceSummary.total.amount).toBe('20.50');
      expect(a.body.order.appliedDiscounts.map(amountOf)).toEqual(['2.00', '2.50', '5.00']);
      expect(cents(a.body.order.balanceSummary.paid)).toBe(2050);
    }
  });
});
