import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { createCoupon, createRule, line, totalsInput } from '../discounts/testing.js';
import { option, region } from '../shipping/testing.js';
import { patchSettings, post, TAX } from '../tax/testing.js';
import { computeTotals } from './engine.js';
import { totalsToWire } from './wire.js';
import type { Totals, TotalsInput } from './types.js';

/**
 * The engine's identities for any cart, over a real database configured with discount rules, coupons, shipping, tax
 * and tips: every amount adds up exactly, nothing goes negative, no discount takes more than what it applies to.
 */

const { srv, c } = serverSuite({ cast: true });

const LA = [
  { name: 'California', type: 'STATE', rate: '0.06' },
  { name: 'Los Angeles County', type: 'COUNTY', rate: '0.0025' },
  { name: 'Los Angeles', type: 'CITY', rate: '0.0125' },
  { name: 'LA Transit District', type: 'SPECIAL', rate: '0.0075' },
];

beforeAll(async () => {
  const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
  await option(srv, c.owner, world.id, { title: 'Standard', rates: [{ price: { amount: '6.99' } }] });
  await post(srv, c.owner, TAX.regions, 'taxRegion', { country: 'US', subdivision: 'US-CA', jurisdictions: LA });
  const tips = await call(srv.url, 'PATCH', '/ecom/v1/tip-settings', {
    auth: c.owner,
    body: { tipSettings: { enabled: true, allowCustom: true }, fieldMask: { paths: ['enabled', 'allowCustom'] } },
  });
  expect(tips.status, JSON.stringify(tips.body)).toBe(200);
}, 120_000);

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

const cart = fc.record({
  lines: fc.array(
    fc.record({
      unitPrice: fc.bigInt({ min: 0n, max: 50_000n }),
      quantity: fc.integer({ min: 1, max: 20 }),
      product: fc.constantFrom('p-1', 'p-2', 'p-3'),
      inCollection: fc.boolean(),
    }),
    { minLength: 0, maxLength: 6 },
  ),
  couponCode: fc.constantFrom(undefined, 'SAVE7', 'shiphalf', 'HALFP1', 'NOPE'),
  merchant: fc.option(
    fc.oneof(
      fc.record({ percentage: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ amount: fc.bigInt({ min: 0n, max: 20_000n }) }),
    ),
    { nil: undefined },
  ),
  tip: fc.option(
    fc.oneof(
      fc.record({ amount: fc.bigInt({ min: 0n, max: 3_000n }) }),
      fc.record({ percentage: fc.integer({ min: 0, max: 30 }) }),
    ),
    { nil: undefined },
  ),
  shipping: fc.boolean(),
});

type Cart = typeof cart extends fc.Arbitrary<infer T> ? T : never;

function inputOf(x: Cart): TotalsInput {
  return totalsInput({
    lines: x.lines.map((l) =>
      line({
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        catalogItemId: l.product,
        collectionIds: l.inCollection ? ['col-1'] : [],
      }),
    ),
    ...(x.couponCode ? { couponCode: x.couponCode } : {}),
    ...(x.merchant ? { merchantDiscounts: [x.merchant] } : {}),
    ...(x.tip ? { tip: { ...x.tip, source: 'WEB' as const } } : {}),
    calculateShipping: x.shipping,
    calculateTax: true,
    shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'Los Angeles' },
    ...(x.shipping ? { selectedShippingOption: { code: 'unknown' } } : {}),
  });
}

function checkIdentities(t: Totals, inclusive: boolean): void {
  expect(t.taxIncludedInPrices).toBe(inclusive);
  const base = t.subtotal - t.discount + t.shipping + t.additionalFees + t.tip;
  expect(t.total).toBe(inclusive ? base : base + t.tax);
  expect(t.subtotal).toBe(sum(t.lines.map((l) => l.subtotal)));
  expect(t.discount).toBe(sum(t.lines.map((l) => l.discount)) + t.shippingDiscount);
  expect(t.tax).toBeGreaterThanOrEqual(0n);
  expect(t.total).toBeGreaterThanOrEqual(0n);
  expect(t.shippingDiscount).toBeGreaterThanOrEqual(0n);
  expect(t.shippingDiscount).toBeLessThanOrEqual(t.shipping);
  for (const l of t.lines) {
    expect(l.discount).toBeGreaterThanOrEqual(0n);
    expect(l.discount).toBeLessThanOrEqual(l.subtotal);
    expect(l.total).toBeGreaterThanOrEqual(0n);
  }
  // What the applied discounts say they took is exactly the discount.
  expect(sum(t.appliedDiscounts.map((d) => d.amount))).toBe(t.discount);
  expect(t.payNow + t.payLater + (t.giftCard?.applied ?? 0n)).toBe(t.total);
  expect(t.payNow).toBeGreaterThanOrEqual(0n);
}

describe('totals engine properties', () => {
  beforeAll(async () => {
    await createRule(srv, c.owner, {
      name: '10% over 50',
      trigger: { type: 'SUBTOTAL_RANGE', subtotalRange: { from: { amount: '50' } } },
      discount: { type: 'PERCENTAGE', percentage: 10, scope: 'GLOBAL' },
    });
    await createRule(srv, c.owner, {
      name: 'Collection at 3.00',
      discount: {
        type: 'FIXED_PRICE',
        fixedPrice: { amount: '3' },
        scope: 'SPECIFIC_ITEMS',
        items: { type: 'CUSTOM_FILTER', customFilter: { collectionIds: ['col-1'] } },
      },
    });
    await createRule(srv, c.owner, {
      name: 'Free shipping from 5 items',
      trigger: { type: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 5 } },
      discount: { type: 'PERCENTAGE', percentage: 100, scope: 'SHIPPING' },
    });
    await createCoupon(srv, c.owner, {
      code: 'SAVE7',
      discount: { type: 'FIXED_AMOUNT', fixedAmount: { amount: '7' }, scope: 'GLOBAL' },
    });
    await createCoupon(srv, c.owner, {
      code: 'SHIPHALF',
      discount: { type: 'PERCENTAGE', percentage: 50, scope: 'SHIPPING' },
    });
    await createCoupon(srv, c.owner, {
      code: 'HALFP1',
      discount: {
        type: 'PERCENTAGE',
        percentage: 50,
        scope: 'SPECIFIC_ITEMS',
        items: { type: 'CATALOG_ITEM', catalogItemIds: ['p-1'] },
      },
    });
  });

  for (const inclusive of [false, true]) {
    it(`${inclusive ? 'tax-inclusive' : 'tax-exclusive'}: the identities hold for any cart`, async () => {
      await patchSettings(srv, c.owner, { taxIncludedInPrices: inclusive });
      // The runs must really exercise every stage, not pass on zeros.
      const seen = { tax: 0, shipping: 0, discount: 0, shippingDiscount: 0, tip: 0, coupon: 0 };
      await fc.assert(
        fc.asyncProperty(cart, async (x) => {
          const input = inputOf(x);
          // Pick the real shipping option when shipping is asked for.
          if (x.shipping) {
            const offered = await computeTotals(srv.ctx(), { ...input, selectedShippingOption: undefined });
            const code = offered.shipping_.options[0]?.code;
            if (code) input.selectedShippingOption = { code };
          }
          const t = await computeTotals(srv.ctx(), input);
          checkIdentities(t, inclusive);
          if (t.tax > 0n) seen.tax++;
          if (t.shipping > 0n) seen.shipping++;
          if (t.discount > 0n) seen.discount++;
          if (t.shippingDiscount > 0n) seen.shippingDiscount++;
          if (t.tip > 0n) seen.tip++;
          if (t.appliedDiscounts.some((d) => d.coupon && d.amount > 0n)) seen.coupon++;
        }),
        { numRuns: 80 },
      );
      for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
    }, 240_000);
  }
});

describe('hand-checked totals (same configuration: rules, coupons, LA 8.25%)', () => {
  const hand = (inclusive: boolean, tip?: bigint) =>
    computeTotals(
      srv.ctx(),
      totalsInput({
        lines: [line({ id: 'shirts', catalogItemId: 'p-2', unitPrice: 2000n, quantity: 3 })],
        couponCode: 'SAVE7',
        calculateTax: true,
        shippingAddress: { country: 'US', subdivision: 'US-CA' },
        ...(tip !== undefined ? { tip: { amount: tip, source: 'WEB' as const } } : {}),
      }),
    ).then((t) => {
      expect(t.taxIncludedInPrices).toBe(inclusive);
      return t;
    });

  it('tax-exclusive: 3 × 20.00 − 10% rule − 7.00 coupon = 47.00, tax 3.8775 → 3.88, tip 1.00: 51.88', async () => {
    await patchSettings(srv, c.owner, { taxIncludedInPrices: false });
    const t = await hand(false, 100n);
    expect([t.subtotal, t.discount, t.tax, t.tip, t.total]).toEqual([6000n, 1300n, 388n, 100n, 5188n]);
    expect(t.appliedDiscounts.map((d) => [d.discountRule?.name ?? d.coupon?.code, d.amount])).toEqual([
      ['10% over 50', 600n],
      ['SAVE7', 700n],
    ]);
    const w = totalsToWire(t, 'en-US');
    expect(w.priceSummary).toMatchObject({
      subtotal: { amount: '60.00', formattedAmount: '$60.00' },
      discount: { amount: '13.00' },
      tax: { amount: '3.88' },
      total: { amount: '51.88', formattedAmount: '$51.88' },
      payNow: { amount: '51.88' },
      taxIncludedInPrices: false,
    });
    expect(w.appliedDiscounts[1]).toMatchObject({ coupon: { code: 'SAVE7', amount: { amount: '7.00' } } });
    expect(w.taxSummary.totalTax.amount).toBe('3.88');
    expect(w.taxSummary.taxBreakdown.map((b) => b.jurisdiction)).toEqual(LA.map((j) => j.name));
    expect(w.shippingInfo).toEqual({ carrierServiceOptions: [] });
  });

  it('tax-inclusive: the prices hold the tax: 47.00 − 47.00/1.0825 = 3.58199… → 3.58, total 47.00', async () => {
    await patchSettings(srv, c.owner, { taxIncludedInPrices: true });
    const t = await hand(true);
    expect([t.subtotal, t.discount, t.tax, t.tip, t.total]).toEqual([6000n, 1300n, 358n, 0n, 4700n]);
    expect(totalsToWire(t, 'de-DE').priceSummary.total.formattedAmount).toBe('47,00\u00a0$');
  });
});
