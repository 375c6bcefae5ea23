/**
 * Tax, tip and gift card together through the one totals engine, hand-checked to the cent for a tax-exclusive and a
 * tax-inclusive site.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { computeTotals } from '../totals/engine.js';
import type { TotalsInput } from '../totals/types.js';
import { patchSettings, post, TAX } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let card: string;

beforeAll(async () => {
  await post(srv, c.owner, TAX.regions, 'taxRegion', {
    country: 'US',
    subdivision: 'US-CA',
    jurisdictions: [
      { name: 'California', type: 'STATE', rate: '0.06' },
      { name: 'Los Angeles County', type: 'COUNTY', rate: '0.0025' },
      { name: 'Los Angeles', type: 'CITY', rate: '0.0125' },
      { name: 'LA Transit District', type: 'SPECIAL', rate: '0.0075' },
    ],
  });
  const tips = await call(srv.url, 'PATCH', '/ecom/v1/tip-settings', {
    auth: c.owner,
    body: {
      tipSettings: { enabled: true, presets: [{ id: 'p15', type: 'PERCENTAGE', value: '15' }] },
      fieldMask: { paths: ['enabled', 'presets'] },
    },
  });
  expect(tips.status).toBe(200);
  card = (
    await post<{ code: string }>(srv, c.owner, '/ecom/v1/gift-cards', 'giftCard', {
      initialBalance: { amount: '20.00' },
    })
  ).code;
}, 90_000);

const line = (id: string, quantity: number, unitPrice: bigint) => ({
  id,
  name: id,
  collectionIds: [],
  itemType: 'PHYSICAL' as const,
  quantity,
  unitPrice,
  unitWeight: 0,
  shippable: true,
});
const input = (): TotalsInput => ({
  source: 'CHECKOUT',
  purchaseFlowId: '00000000-0000-7000-8000-000000000004',
  currency: 'USD',
  weightUnit: 'KG',
  lines: [line('mugs', 3, 1099n), line('sticker', 1, 99n)],
  shippingAddress: { country: 'US', subdivision: 'US-CA' },
  calculateShipping: false,
  calculateTax: true,
  tip: { presetId: 'p15', source: 'WEB' },
  giftCardCode: card,
  now: new Date(),
});

describe('tax + tip + gift card', () => {
  it('tax-exclusive: 33.96 + tax 2.80 + tip 5.09 = 41.85; the card pays 20.00, 21.85 left to pay', async () => {
    const t = await computeTotals(srv.ctx(), input());
    // Tax: 2.72 + 0.08 (per line, rounded once). Tip: 15% of 33.96 = 5.094 → 5.09 (before tax).
    expect(t).toMatchObject({ subtotal: 3396n, tax: 280n, tip: 509n, total: 4185n, payNow: 2185n, payLater: 0n });
    expect(t.giftCard).toMatchObject({ applied: 2000n, balance: 2000n });
    expect(t.total).toBe(t.subtotal - t.discount + t.shipping + t.additionalFees + t.tax + t.tip);
    expect(t.violations).toEqual([]);
  });

  it('tax-inclusive: the prices already hold 2.59 of tax; 33.96 + tip 5.09 = 39.05; the card leaves 19.05', async () => {
    await patchSettings(srv, c.owner, { taxIncludedInPrices: true });
    const t = await computeTotals(srv.ctx(), input());
    expect(t).toMatchObject({ subtotal: 3396n, tax: 259n, tip: 509n, total: 3905n, payNow: 1905n });
    expect(t.taxIncludedInPrices).toBe(true);
    expect(t.lines.map((l) => [l.tax, l.total])).toEqual([
      [251n, 3297n],
      [8n, 99n],
    ]);
    expect(t.total).toBe(t.subtotal - t.discount + t.shipping + t.additionalFees + t.tip);
  });
});
