import { beforeEach, describe, expect, it } from 'vitest';
import { clearPluginsAfterEach, serverSuite } from '../../test/suite.js';
import { createImplementation } from '../../platform/service-plugins/service.js';
import { json } from '../../platform/service-plugins/test-app.js';
import { computeTotals } from '../totals/engine.js';
import type { Taxable, TotalsInput } from '../totals/types.js';
import { taxStage } from './stage.js';
import { clearTax, patchSettings, post, TAX } from './testing.js';

const { srv, c, app } = serverSuite({ cast: true, pluginApp: true });
beforeEach(() => clearTax(srv, c.owner));
clearPluginsAfterEach({ srv, app });

/** Los Angeles: 8.25% in four jurisdictions. */
const LA = [
  { name: 'California', type: 'STATE', rate: '0.06' },
  { name: 'Los Angeles County', type: 'COUNTY', rate: '0.0025' },
  { name: 'Los Angeles', type: 'CITY', rate: '0.0125' },
  { name: 'LA Transit District', type: 'SPECIAL', rate: '0.0075' },
];
const region = (body: Record<string, unknown>) =>
  post(srv, c.owner, TAX.regions, 'taxRegion', { country: 'US', subdivision: 'US-CA', jurisdictions: LA, ...body });

const input = (extra: Partial<TotalsInput> = {}): TotalsInput => ({
  source: 'CART',
  purchaseFlowId: '00000000-0000-7000-8000-000000000001',
  currency: 'USD',
  weightUnit: 'KG',
  lines: [
    {
      id: 'mugs',
      name: 'Mug',
      collectionIds: [],
      itemType: 'PHYSICAL',
      quantity: 3,
      unitPrice: 1099n,
      unitWeight: 0,
      shippable: true,
    },
    {
      id: 'sticker',
      name: 'Sticker',
      collectionIds: [],
      itemType: 'PHYSICAL',
      quantity: 1,
      unitPrice: 99n,
      unitWeight: 0,
      shippable: true,
    },
  ],
  shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'Los Angeles' },
  calculateShipping: false,
  calculateTax: true,
  now: new Date(),
  ...extra,
});
const amounts = (b: Array<{ jurisdiction: string; amount: bigint }>) => b.map((x) => [x.jurisdiction, x.amount]);

describe('manual rates', () => {
  it('tax-exclusive: rounded once per line, split by largest remainder so the breakdown adds up (hand-checked)', async () => {
    await region({});
    const t = await computeTotals(srv.ctx(), input());
    // Mugs 32.97 × 8.25% = 2.720025 → 2.72: state 1.978…→1.98, county 0.08, city 0.41, district 0.247…→0.25.
    expect(t.lines[0]).toMatchObject({ subtotal: 3297n, tax: 272n, total: 3569n });
    expect(amounts(t.lines[0]!.breakdown)).toEqual([
      ['California', 198n],
      ['Los Angeles County', 8n],
      ['Los Angeles', 41n],
      ['LA Transit District', 25n],
    ]);
    expect(t.lines[0]!.breakdown.map((b) => b.rate)).toEqual(['0.06', '0.0025', '0.0125', '0.0075']);
    // Sticker 0.99 × 8.25% = 0.081675 → 0.08; rounding per jurisdiction instead would give 0.06 + 0 + 0.01 + 0.01.
    expect(t.lines[1]).toMatchObject({ tax: 8n, total: 107n });
    expect(amounts(t.lines[1]!.breakdown)).toEqual([
      ['California', 6n],
      ['Los Angeles County', 0n],
      ['Los Angeles', 1n],
      ['LA Transit District', 1n],
    ]);
    expect(t).toMatchObject({ subtotal: 3396n, tax: 280n, total: 3676n, taxIncludedInPrices: false });
    expect(t.taxResult!.calculationDetails).toEqual({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
    });
  });

  it('tax-inclusive: tax = amount − amount/(1+r) rounded once; the total is the prices (hand-checked)', async () => {
    await region({});
    await patchSettings(srv, c.owner, { taxIncludedInPrices: true });
    const t = await computeTotals(srv.ctx(), input());
    // 32.97 − 32.97/1.0825 = 2.5127… → 2.51; 0.99 − 0.99/1.0825 = 0.0754… → 0.08.
    expect(t.lines.map((l) => [l.tax, l.total])).toEqual([
      [251n, 3297n],
      [8n, 99n],
    ]);
    for (const l of t.lines) expect(l.breakdown.reduce((s, b) => s + b.amount, 0n)).toBe(l.tax);
    expect(t).toMatchObject({ subtotal: 3396n, tax: 259n, total: 3396n, taxIncludedInPrices: true });
  });

  it('group overrides: a lower rate split across jurisdictions, an exempt group, the default group for the rest', async () => {
    const books = await post(srv, c.owner, TAX.groups, 'taxGroup', { name: 'Books' });
    const food = await post(srv, c.owner, TAX.groups, 'taxGroup', { name: 'Food', isDefault: true });
    await region({
      groupOverrides: [
        { taxGroupId: books.id, rate: '0.05' },
        { taxGroupId: food.id, exempt: true },
      ],
    });
    const lines = input().lines;
    const t = await computeTotals(
      srv.ctx(),
      input({ lines: [{ ...lines[0]!, quantity: 1, unitPrice: 2000n, taxGroupId: books.id }, lines[1]!] }),
    );
    // Books 20.00 × 5% = 1.00, split 6 : 0.25 : 1.25 : 0.75.
    expect(t.lines[0]!.tax).toBe(100n);
    expect(amounts(t.lines[0]!.breakdown)).toEqual([
      ['California', 73n],
      ['Los Angeles County', 3n],
      ['Los Angeles', 15n],
      ['LA Transit District', 9n],
    ]);
    expect(t.lines[0]!.breakdown.map((b) => b.rate)).toEqual(['0.036364', '0.001515', '0.007576', '0.004545']);
    // The sticker has no group: the default group (Food) is exempt here.
    expect(t.lines[1]).toMatchObject({ tax: 0n, breakdown: [] });
  });

  it('shipping and fees are taxed only where the region says so', async () => {
    const items: Taxable[] = [
      { id: 'l', kind: 'LINE', amount: 10000n, quantity: 1 },
      { id: 'shipping', kind: 'SHIPPING', amount: 1000n, quantity: 1 },
      { id: 'fee:handling', kind: 'FEE', amount: 500n, quantity: 1 },
    ];
    const r = await region({ jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.1' }] });
    const taxes = async () => [...(await taxStage(srv.ctx(), input(), items)).perItem.values()].map((x) => x.tax);
    expect(await taxes()).toEqual([1000n, 0n, 0n]);
    // Same node: the PATCH clears the cached configuration at once.
    const patch = await fetch(`${srv.url}${TAX.regions}/${r.id}`, {
      method: 'PATCH',
      headers: { authorization: c.owner, 'content-type': 'application/json' },
      body: JSON.stringify({
        taxRegion: { taxShipping: true, taxFees: true },
        fieldMask: { paths: ['taxShipping', 'taxFees'] },
      }),
    });
    expect(patch.status).toBe(200);
    expect(await taxes()).toEqual([1000n, 100n, 50n]);
  });

  it('the taxable address follows the settings and falls back; no address or no region: NO_TAX_COLLECTED', async () => {
    await region({});
    await post(srv, c.owner, TAX.regions, 'taxRegion', {
      country: 'US',
      jurisdictions: [{ name: 'US', type: 'COUNTRY', rate: '0.01' }],
    });
    const rateOf = async (extra: Partial<TotalsInput>) => {
      const r = await taxStage(srv.ctx(), input(extra), [{ id: 'l', kind: 'LINE', amount: 10000n, quantity: 1 }]);
      return [r.total, r.calculationDetails.rateType];
    };
    // SHIPPING (default): the subdivision's region; another state: the whole country's region.
    expect(await rateOf({})).toEqual([825n, 'MANUAL_RATE']);
    expect(await rateOf({ shippingAddress: { country: 'US', subdivision: 'US-NY' } })).toEqual([100n, 'MANUAL_RATE']);
    expect(await rateOf({ shippingAddress: { country: 'FR' } })).toEqual([0n, 'NO_TAX_COLLECTED']);
    expect(await rateOf({ shippingAddress: undefined })).toEqual([0n, 'NO_TAX_COLLECTED']);
    // BILLING: the billing address wins; without one, the shipping address.
    await patchSettings(srv, c.owner, { taxableAddressType: 'BILLING' });
    expect(await rateOf({ billingAddress: { country: 'US', subdivision: 'US-TX' } })).toEqual([100n, 'MANUAL_RATE']);
    expect(await rateOf({})).toEqual([825n, 'MANUAL_RATE']);
    // BUSINESS: the business address, wherever the buyer is.
    await patchSettings(srv, c.owner, {
      taxableAddressType: 'BUSINESS',
      businessAddress: { country: 'US', subdivision: 'US-CA' },
    });
    expect(await rateOf({ shippingAddress: { country: 'FR' } })).toEqual([825n, 'MANUAL_RATE']);
  });
});

describe('AUTO: the TAX_CALCULATION app and its fallbacks', () => {
  const register = () =>
    createImplementation(srv.ctx(), { type: 'TAX_CALCULATION', name: 'Tax app', url: app.url, timeoutMs: 10_000 });

  it("the app's breakdown per line is used (AUTO_RATE), with the address and lines sent", async () => {
    await region({ fallbackRate: '0.1' });
    await patchSettings(srv, c.owner, { calculationMode: 'AUTO' });
    await register();
    app.answer((call, res) => {
      const lines = call.request.lineItems as Array<{ id: string; price: string }>;
      json(res, 200, {
        currency: 'USD',
        lineItemTaxDetails: lines.map((l) => ({
          id: l.id,
          taxBreakdown: [
            {
              jurisdiction: 'CA',
              jurisdictionType: 'STATE',
              taxName: 'Sales tax',
              rate: '0.07',
              taxAmount: l.id === 'mugs' ? '2.31' : '0.07',
            },
          ],
          taxSummary: { taxAmount: l.id === 'mugs' ? '2.31' : '0.07' },
        })),
      });
    });
    const t = await computeTotals(srv.ctx(), input());
    expect(t.taxResult!.calculationDetails).toEqual({ rateType: 'AUTO_RATE' });
    expect(t.lines.map((l) => l.tax)).toEqual([231n, 7n]);
    expect(t.lines[0]!.breakdown).toEqual([
      { jurisdiction: 'CA', jurisdictionType: 'STATE', taxName: 'Sales tax', rate: '0.07', amount: 231n },
    ]);
    expect(t.total).toBe(3396n + 238n);
    expect(app.received[0]!.request).toMatchObject({
      currency: 'USD',
      addresses: [{ country: 'US', subdivision: 'US-CA', city: 'Los Angeles' }],
      lineItems: [
        { id: 'mugs', price: '32.97', quantity: 3, addressIndex: 0 },
        { id: 'sticker', price: '0.99', quantity: 1, addressIndex: 0 },
      ],
    });
  });

  it('the app fails: FALLBACK_RATE with AUTO_TAX_FAILED at the region fallback rate', async () => {
    await region({ fallbackRate: '0.1' });
    await patchSettings(srv, c.owner, { calculationMode: 'AUTO' });
    await register();
    app.answer((_call, res) => res.writeHead(500).end());
    const t = await computeTotals(srv.ctx(), input());
    expect(t.taxResult!.calculationDetails).toEqual({
      rateType: 'FALLBACK_RATE',
      autoTaxFallbackDetails: { fallbackReason: 'AUTO_TAX_FAILED' },
    });
    // 32.97 × 10% = 3.297 → 3.30; 0.99 × 10% = 0.099 → 0.10.
    expect(t.lines.map((l) => l.tax)).toEqual([330n, 10n]);
    expect(app.received).toHaveLength(1);
  });

  it('AUTO without an app: FALLBACK_RATE with AUTO_TAX_DEACTIVATED; a region set to MANUAL keeps its rates', async () => {
    const r = await region({ fallbackRate: '0.05' });
    await patchSettings(srv, c.owner, { calculationMode: 'AUTO' });
    const t = await computeTotals(srv.ctx(), input());
    expect(t.taxResult!.calculationDetails).toEqual({
      rateType: 'FALLBACK_RATE',
      autoTaxFallbackDetails: { fallbackReason: 'AUTO_TAX_DEACTIVATED' },
    });
    expect(t.lines.map((l) => l.tax)).toEqual([165n, 5n]); // 1.6485 → 1.65; 0.0495 → 0.05
    const res = await fetch(`${srv.url}${TAX.regions}/${r.id}`, {
      method: 'PATCH',
      headers: { authorization: c.owner, 'content-type': 'application/json' },
      body: JSON.stringify({
        taxRegion: { calculationOverride: 'MANUAL' },
        fieldMask: { paths: ['calculationOverride'] },
      }),
    });
    expect(res.status).toBe(200);
    const manual = await computeTotals(srv.ctx(), input());
    expect(manual.taxResult!.calculationDetails).toEqual({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'REGION_SETTING_TO_MANUAL',
    });
    expect(manual.tax).toBe(280n);
  });
});
