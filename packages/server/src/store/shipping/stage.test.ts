import { beforeEach, describe, expect, it } from 'vitest';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { computeTotals } from '../totals/engine.js';
import type { TotalsInput } from '../totals/types.js';
import { withTx } from '../../kernel/context.js';
import { shippingConfig } from './config.js';
import { shippingStage } from './stage.js';
import { clearAll, create, line, option, PATHS, region, totalsInput } from './testing.js';

const { srv, c } = serverSuite({ cast: true });

beforeEach(() => clearAll(srv, c.owner));

const stage = (input: Partial<TotalsInput> = {}, discounts = new Map<string, bigint>()) =>
  shippingStage(srv.ctx(), totalsInput(input), discounts);
const codes = async (input: Partial<TotalsInput> = {}) => (await stage(input)).options.map((o) => o.title);

describe('region matching', () => {
  it('the most specific region wins: subdivision, then country, then WORLDWIDE', async () => {
    const world = await region(srv, c.owner, { name: 'World', destinationScope: 'WORLDWIDE' });
    const us = await region(srv, c.owner, {
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US' }],
    });
    const west = await region(srv, c.owner, {
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US', subdivisions: ['US-CA', 'US-OR'] }, { country: 'CA' }],
    });
    await option(srv, c.owner, world.id, { title: 'World mail' });
    await option(srv, c.owner, us.id, { title: 'US ground' });
    await option(srv, c.owner, west.id, { title: 'West express' });
    expect(await codes({ shippingAddress: { country: 'US', subdivision: 'US-CA' } })).toEqual(['West express']);
    expect(await codes({ shippingAddress: { country: 'US', subdivision: 'US-NY' } })).toEqual(['US ground']);
    expect(await codes({ shippingAddress: { country: 'US' } })).toEqual(['US ground']);
    expect(await codes({ shippingAddress: { country: 'CA', subdivision: 'CA-ON' } })).toEqual(['West express']);
    expect(await codes({ shippingAddress: { country: 'JP' } })).toEqual(['World mail']);
  });

  it('no region reaches the address: an ERROR violation naming the place; no address or no shippable line: nothing', async () => {
    const us = await region(srv, c.owner, {
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US' }],
    });
    await option(srv, c.owner, us.id);
    const res = await stage({ shippingAddress: { country: 'DE', subdivision: 'DE-BY' } });
    expect(res.options).toEqual([]);
    expect(res.violations).toEqual([
      {
        severity: 'ERROR',
        target: { other: { name: 'shippingInfo' } },
        description: "We don't ship to DE-BY, Germany",
      },
    ]);
    const { shippingAddress: _omit, ...noAddress } = totalsInput();
    expect(await shippingStage(srv.ctx(), noAddress, new Map())).toEqual({ options: [], violations: [] });
    const digital = await stage({
      shippingAddress: { country: 'DE' },
      lines: [line({ itemType: 'DIGITAL', shippable: false })],
    });
    expect(digital).toEqual({ options: [], violations: [] });
  });
});

describe('rates', () => {
  const rule = (type: string, operator: string, value: string, price: string) => ({
    price: { amount: price },
    conditions: [{ type, operator, value }],
  });

  it.each([
    ['EQ', '3', [3], [2, 4]],
    ['GT', '3', [4], [3]],
    ['GTE', '3', [3, 4], [2]],
    ['LT', '3', [2], [3]],
    ['LTE', '3', [2, 3], [4]],
  ] as const)('weight %s %s: first matching rule wins, otherwise the next one', async (op, value, hits, misses) => {
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    await option(srv, c.owner, world.id, {
      rates: [rule('BY_TOTAL_WEIGHT', op, value, '7.00'), { price: { amount: '2.00' } }],
    });
    for (const kg of hits) expect((await stage({ lines: [line({ unitWeight: kg })] })).selected?.cost).toBe(700n);
    for (const kg of misses) expect((await stage({ lines: [line({ unitWeight: kg })] })).selected?.cost).toBe(200n);
  });

  it('price rules use the shippable items after discounts; quantity rules count units; no rate → not offered', async () => {
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    await option(srv, c.owner, world.id, {
      title: 'By price',
      rates: [rule('BY_TOTAL_PRICE', 'GTE', '50', '0.00'), rule('BY_TOTAL_PRICE', 'LT', '50', '6.00')],
    });
    await option(srv, c.owner, world.id, { title: 'Bulk', rates: [rule('BY_TOTAL_QUANTITY', 'GTE', '3', '12.00')] });
    const l = line({ unitPrice: 2500n, quantity: 2 });
    const digital = line({ unitPrice: 10_000n, shippable: false, itemType: 'DIGITAL' });
    const full = await stage({ lines: [l, digital] });
    expect(full.options.map((o) => [o.title, o.cost])).toEqual([['By price', 0n]]);
    const discounted = await stage({ lines: [l, digital] }, new Map([[l.id, 1n]]));
    expect(discounted.options.map((o) => [o.title, o.cost])).toEqual([['By price', 600n]]);
    const three = await stage({ lines: [line({ quantity: 3, unitPrice: 100n })] });
    expect(three.options.map((o) => [o.title, o.cost])).toEqual([
      ['By price', 600n],
      ['Bulk', 1200n],
    ]);
  });

  it('free shipping from the threshold on (items after discounts)', async () => {
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    await option(srv, c.owner, world.id, { freeShippingOver: { amount: '40.00' } });
    expect((await stage({ lines: [line({ unitPrice: 4000n })] })).selected?.cost).toBe(0n);
    expect((await stage({ lines: [line({ unitPrice: 3999n })] })).selected?.cost).toBe(500n);
    const l = line({ unitPrice: 4000n });
    expect((await stage({ lines: [l] }, new Map([[l.id, 500n]]))).selected?.cost).toBe(500n);
  });
});

describe('selection', () => {
  it('codes are stable; the chosen one is selected; none chosen: the cheapest delivery; unknown: ERROR, none', async () => {
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    const slow = await option(srv, c.owner, world.id, { title: 'Slow', rates: [{ price: { amount: '3' } }] });
    const fast = await option(srv, c.owner, world.id, { title: 'Fast', rates: [{ price: { amount: '9' } }] });
    await create(srv, c.owner, PATHS.pickups, 'pickupLocation', {
      name: 'Shop',
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US' },
    });
    const first = await stage();
    const again = await stage();
    expect(first.options.map((o) => o.code)).toEqual(again.options.map((o) => o.code));
    expect(first.options.slice(0, 2).map((o) => o.code)).toEqual([slow.id, fast.id]);
    expect(first.selected?.code).toBe(slow.id);
    expect((await stage({ selectedShippingOption: { code: fast.id } })).selected?.title).toBe('Fast');
    const pickup = first.options.find((o) => o.kind === 'STORE_PICKUP')!;
    expect((await stage({ selectedShippingOption: { code: pickup.code } })).selected?.cost).toBe(0n);
    const unknown = await stage({ selectedShippingOption: { code: 'gone' } });
    expect(unknown.selected).toBeUndefined();
    expect(unknown.violations).toEqual([expect.objectContaining({ severity: 'ERROR' })]);
  });
});

describe('delivery time slots', () => {
  it('lists the next concrete windows (ISO, in the future, soonest first); a slot not offered is a violation', async () => {
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    const everyDay = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((weekday) => ({
      weekday,
      fromHour: 9,
      toHour: 12,
    }));
    const o = await option(srv, c.owner, world.id, { deliveryTimeSlots: everyDay });
    const now = new Date();
    const res = await stage({ now });
    const slots = res.selected!.logistics.deliveryTimeSlots!;
    expect(slots).toHaveLength(10);
    for (const s of slots) {
      expect(new Date(s.from).getTime()).toBeGreaterThan(now.getTime());
      expect(new Date(s.to).getTime() - new Date(s.from).getTime()).toBe(3 * 3600_000);
    }
    expect([...slots].sort((a, b) => a.from.localeCompare(b.from))).toEqual(slots);
    const ok = await stage({ now, selectedShippingOption: { code: o.id, deliveryTimeSlot: slots[1]! } });
    expect(ok.violations).toEqual([]);
    const bad = await stage({
      now,
      selectedShippingOption: {
        code: o.id,
        deliveryTimeSlot: { from: '2001-01-01T09:00:00Z', to: '2001-01-01T12:00:00Z' },
      },
    });
    expect(bad.violations[0]?.description).toMatch(/time slot/);
  });
});

describe('pickup', () => {
  it('offered whatever the destination, with address, hours, instructions and fee', async () => {
    const p = await create(srv, c.owner, PATHS.pickups, 'pickupLocation', {
      name: 'Locker 12',
      pickupMethod: 'PICKUP_POINT',
      address: { country: 'US', city: 'Austin' },
      businessHours: '24/7',
      instructions: 'Code by e-mail',
      fee: { amount: '1.25' },
    });
    const res = await stage({ shippingAddress: { country: 'NZ' } });
    expect(res.violations).toEqual([]);
    expect(res.selected).toBeUndefined();
    expect(res.options).toEqual([
      {
        code: `pickup:${p.id}`,
        title: 'Locker 12',
        cost: 125n,
        kind: 'PICKUP_POINT',
        source: 'MERCHANT',
        logistics: {
          instructions: 'Code by e-mail',
          pickupDetails: {
            address: { country: 'US', city: 'Austin' },
            businessHours: '24/7',
            pickupMethod: 'PICKUP_POINT',
          },
        },
      },
    ]);
  });
});

describe('additional fees and the whole engine', () => {
  it('computeTotals: shipping, FIXED per order, FIXED per item on some products, PERCENTAGE, manual fees', async () => {
    const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    await option(srv, c.owner, world.id, { rates: [{ price: { amount: '4.00' } }] });
    const product = await createProductId();
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '1.00' } },
    });
    const perItem = await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Fragile',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '0.50' } },
      chargeBasis: 'PER_ITEM',
      catalogItemIds: [product],
      taxable: true,
    });
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Insurance',
      type: 'INSURANCE',
      surcharge: { type: 'PERCENTAGE', percentage: 2.5 },
    });
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Off',
      type: 'INSURANCE',
      surcharge: { type: 'FIXED', amount: { amount: '99' } },
      enabled: false,
    });
    const glass = line({ catalogItemId: product, quantity: 3, unitPrice: 1999n });
    const mug = line({ quantity: 1, unitPrice: 1003n });
    // A digital line with no shipping: no handling or insurance on it.
    const ebook = line({ quantity: 1, unitPrice: 5000n, shippable: false, itemType: 'DIGITAL', unitWeight: 0 });
    const totals = await computeTotals(
      srv.ctx(),
      totalsInput({
        lines: [glass, mug, ebook],
        manualFees: [{ code: 'gift-wrap', name: 'Gift wrap', price: 300n, taxable: false }],
      }),
    );
    // Shippable items 59.97 + 10.03 = 70.00; insurance 2.5% = 1.75; fragile 3 × 0.50; handling 1.00; gift wrap 3.00.
    expect(totals.fees.map((f) => [f.name, f.price, f.source])).toEqual([
      ['Handling', 100n, 'ITEM'],
      ['Fragile', 150n, 'ITEM'],
      ['Insurance', 175n, 'ITEM'],
      ['Gift wrap', 300n, 'MANUAL'],
    ]);
    expect(totals.fees[1]).toMatchObject({
      code: perItem.id,
      taxable: true,
      lineItemIds: [glass.id],
      type: 'HANDLING_FEE',
    });
    expect(totals.subtotal).toBe(12_000n);
    expect(totals.shipping).toBe(400n);
    expect(totals.additionalFees).toBe(725n);
    expect(totals.total).toBe(12_000n + 400n + 725n - totals.discount + totals.tax + totals.tip);
    expect(totals.shipping_.selected?.title).toBe('Standard');
  });

  it('percentage fees round half up once (2.5% of 0.30 is 0.01, of 0.20 is 0.01); nothing on a digital-only cart', async () => {
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Insurance',
      type: 'INSURANCE',
      surcharge: { type: 'PERCENTAGE', percentage: 2.5 },
    });
    const fees = async (unitPrice: bigint) =>
      (await computeTotals(srv.ctx(), totalsInput({ lines: [line({ unitPrice })] }))).fees.map((f) => f.price);
    expect(await fees(30n)).toEqual([1n]);
    expect(await fees(20n)).toEqual([1n]);
    expect(await fees(19n)).toEqual([]);
    const digitalOnly = totalsInput({ lines: [line({ unitPrice: 10_000n, shippable: false, itemType: 'DIGITAL' })] });
    expect((await computeTotals(srv.ctx(), digitalOnly)).fees).toEqual([]);
  });
});

async function createProductId(): Promise<string> {
  const res = await call<{ product: { id: string } }>(srv.url, 'POST', '/catalog/v1/products', {
    auth: c.owner,
    body: { product: { name: `Glass ${Date.now()}`, productType: 'PHYSICAL', price: { amount: '19.99' } } },
  });
  expect(res.status).toBe(200);
  return res.body.product.id;
}

describe('configuration cache', () => {
  it('a totals run reads the cached configuration (also inside a transaction) until a write clears it', async () => {
    const first = await shippingConfig(srv.ctx());
    expect(await shippingConfig(srv.ctx())).toBe(first);
    expect(await withTx(srv.ctx(), (tx) => shippingConfig(tx))).toBe(first);
    await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    const after = await shippingConfig(srv.ctx());
    expect(after).not.toBe(first);
    expect(after.regions).toHaveLength(1);
  });
});
