import { beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { createProduct } from '../catalog/testing.js';
import { checkoutCall, newCheckout, ref } from '../checkout/testing.js';
import { createCoupon } from '../discounts/testing.js';
import { create, PATHS } from '../shipping/testing.js';
import {
  checkoutOf,
  errorsOf,
  expectRefused,
  madeFrom,
  newVisitor,
  newVisitors,
  paidBy,
  payByCard,
  sameCheckouts,
  setTips,
} from './rules-testing.js';
import { cardToken, placeAndCharge } from './testing.js';

/**
 * The additional-fee and tip rules of docs/store/rules.md: fees from the owner's fee settings, tips from the tip
 * settings (presets, custom, off), each in the total the card is charged. Through the owner's and the buyer's routes.
 */

const { srv, c } = serverSuite({ cast: true });
let lamp: Product;
let mug: Product;
let ebook: Product;

beforeAll(async () => {
  lamp = await createProduct(srv, c.owner, { price: { amount: '20.00' } });
  mug = await createProduct(srv, c.owner, { price: { amount: '10.00' } });
  ebook = await createProduct(srv, c.owner, { productType: 'DIGITAL', price: { amount: '7.00' } });
  await createCoupon(srv, c.owner, { code: 'TEN' });
  await setTips(srv, c.owner, {
    enabled: true,
    presets: [
      { id: 'p10', type: 'PERCENTAGE', value: '10', isDefault: true },
      { id: 'a5', type: 'AMOUNT', value: '5.00' },
    ],
    allowCustom: true,
  });
}, 120_000);

const fee = (body: Record<string, unknown>) =>
  create(srv, c.owner, PATHS.fees, 'additionalFee', { type: 'HANDLING_FEE', ...body });
const tipped = (auth: string, tip: Record<string, unknown>) =>
  checkoutOf(srv, auth, [[lamp, 1]], { tip }, { couponCode: 'TEN' });

describe('additional fees', () => {
  it('fees.settings: fixed, per-item and percentage fees are added to the shippable lines and charged; a download pays only the fees naming it', async () => {
    const made = [
      await fee({ name: 'Handling', surcharge: { type: 'FIXED', amount: { amount: '2.00' } } }),
      await fee({ name: 'Insurance', type: 'INSURANCE', surcharge: { type: 'PERCENTAGE', percentage: 1.5 } }),
      await fee({
        name: 'Packing',
        surcharge: { type: 'FIXED', amount: { amount: '0.50' } },
        chargeBasis: 'PER_ITEM',
        catalogItemIds: [mug.id, ebook.id],
      }),
      await fee({ name: 'Off', surcharge: { type: 'FIXED', amount: { amount: '9.99' } }, enabled: false }),
    ];
    try {
      // 2 lamps + 3 mugs = 70.00, 10% coupon: handling 2.00 + insurance 1.5% of 70.00 before discounts (1.05)
      // + packing 3 × 0.50; the switched-off fee adds nothing. 70.00 − 7.00 + 4.55 = 67.55.
      const { buyers, checkouts } = await sameCheckouts(
        srv,
        5,
        [
          [lamp, 2],
          [mug, 3],
        ],
        {},
        { couponCode: 'TEN' },
      );
      expect(checkouts[0]!.priceSummary).toMatchObject({
        additionalFees: { amount: '4.55' },
        total: { amount: '67.55' },
      });
      const answers = await Promise.all(checkouts.map((co, i) => payByCard(srv, buyers[i]!, co)));
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(a.body.order.priceSummary.additionalFees.amount).toBe('4.55');
        expect((await paidBy(srv, c.owner, a.body.orderId)).card).toBe(6755);
      }
      // Nothing to ship: no handling or insurance, but the fee that names the download.
      const reader = await newVisitor(srv);
      const download = await newCheckout(srv, reader, {
        lineItems: [{ catalogReference: ref(ebook.id), quantity: 1 }],
        checkoutInfo: { buyerInfo: { email: 'reader@example.com' } },
      });
      expect(download.priceSummary).toMatchObject({ additionalFees: { amount: '0.50' }, total: { amount: '7.50' } });
      expect((await paidBy(srv, c.owner, (await payByCard(srv, reader, download)).body.orderId)).card).toBe(750);
    } finally {
      for (const f of made) await call(srv.url, 'DELETE', `${PATHS.fees}/${f.id}`, { auth: c.owner });
    }
  });
});

describe('tips', () => {
  it('tips.choices: a preset or custom tip is taken on the items after discounts, and charged with the order', async () => {
    // One lamp with the 10% coupon: 18.00 of items, on which every tip is computed (before shipping and tax).
    const choices: Array<[Record<string, unknown>, string, string]> = [
      [{ presetId: 'p10' }, '1.80', '19.80'],
      [{ presetId: 'a5' }, '5.00', '23.00'],
      [{ percentage: 15 }, '2.70', '20.70'],
      [{ amount: { amount: '3.33' } }, '3.33', '21.33'],
    ];
    const buyers = await newVisitors(srv, choices.length);
    const checkouts = await Promise.all(choices.map(([tip], i) => tipped(buyers[i]!, tip)));
    expect(checkouts.map((co) => [co.priceSummary.tip.amount, co.priceSummary.total.amount])).toEqual(
      choices.map(([, tip, total]) => [tip, total]),
    );
    const answers = await Promise.all(checkouts.map((co, i) => payByCard(srv, buyers[i]!, co)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.order.priceSummary.tip.amount).toBe(choices[i]![1]);
      expect((await paidBy(srv, c.owner, a.body.orderId)).card).toBe(Math.round(Number(choices[i]![2]) * 100));
    }
  });

  it('tips.limits: a percentage is 0–100 and one kind of tip at a time; an unknown or no-longer-offered tip blocks placement', async () => {
    const b = await newVisitor(srv);
    const co = await tipped(b, { presetId: 'p10' });
    const tip = (t: Record<string, unknown>) =>
      checkoutCall(srv, b, 'PATCH', co.id, { checkout: { tip: t }, fieldMask: { paths: ['tip'] } });
    const over = await tip({ percentage: 101 });
    expect(over.status).toBe(400);
    expect(violations(over.body).join()).toContain('tip.percentage');
    const both = await tip({ presetId: 'p10', percentage: 5 });
    expect(violations(both.body)).toEqual(['checkout.tip:ONE_OF_ALIGNMENT']);

    const unknown = (await tip({ presetId: 'p99' })).body.checkout;
    expect(unknown.priceSummary.tip.amount).toBe('0.00');
    expect(errorsOf(unknown)).toContain('tip: This tip option is no longer offered');
    expectRefused(await payByCard(srv, b, co), 'This tip option is no longer offered', 'tip');

    await setTips(srv, c.owner, { allowCustom: false });
    try {
      await tip({ percentage: 12 });
      expectRefused(await payByCard(srv, b, co), 'a custom tip is not accepted', 'tip');
      expect(await madeFrom(srv, [co.id])).toEqual({ orders: [], payments: [] });
      await tip({ presetId: 'a5' });
      const ok = await payByCard(srv, b, co);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect((await paidBy(srv, c.owner, ok.body.orderId)).card).toBe(2300);
    } finally {
      await setTips(srv, c.owner, { allowCustom: true });
    }
  });

  it('tips.off: tips switched off while 6 tipped orders are placed: each is charged with its tip, or refused', async () => {
    const buyers = await newVisitors(srv, 6);
    const tokens = await Promise.all(buyers.map((b) => cardToken(srv, b)));
    const checkouts: Checkout[] = await Promise.all(buyers.map((b) => tipped(b, { presetId: 'a5' })));
    try {
      const [answers] = await Promise.all([
        Promise.all(checkouts.map((co, i) => placeAndCharge(srv, buyers[i]!, co.id, tokens[i]!))),
        setTips(srv, c.owner, { enabled: false }),
      ]);
      for (const a of answers) {
        if (a.status !== 200) {
          expectRefused(a, 'Tips are not accepted', 'tip');
          continue;
        }
        expect(a.body.order.priceSummary).toMatchObject({ tip: { amount: '5.00' }, total: { amount: '23.00' } });
        expect((await paidBy(srv, c.owner, a.body.orderId)).card).toBe(2300);
      }
      const placed = answers.filter((a) => a.status === 200).length;
      expect(
        (
          await madeFrom(
            srv,
            checkouts.map((co) => co.id),
          )
        ).payments,
      ).toHaveLength(placed);
      // Off now: a tipped checkout is refused until the tip goes.
      const late = await newVisitor(srv);
      const co = await tipped(late, { presetId: 'a5' });
      expect(errorsOf(co)).toContain('tip: Tips are not accepted');
      expectRefused(await payByCard(srv, late, co), 'Tips are not accepted', 'tip');
    } finally {
      await setTips(srv, c.owner, { enabled: true });
    }
  });
});
