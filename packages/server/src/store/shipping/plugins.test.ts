import { beforeEach, describe, expect, it } from 'vitest';
import type { ServicePluginType } from '@plaza/contracts';
import { clearPluginsAfterEach, serverSuite } from '../../test/suite.js';
import { createImplementation } from '../../platform/service-plugins/service.js';
import { json } from '../../platform/service-plugins/test-app.js';
import { computeTotals } from '../totals/engine.js';
import { shippingStage } from './stage.js';
import { clearAll, create, line, option, patchProvider, PATHS, region, totalsInput } from './testing.js';

const { srv, c, app } = serverSuite({ cast: true, pluginApp: true });
beforeEach(async () => {
  await clearAll(srv, c.owner);
  const world = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
  await option(srv, c.owner, world.id, { title: 'Merchant standard', rates: [{ price: { amount: '5.00' } }] });
  await patchProvider(srv, c.owner, {
    shipFromAddress: { country: 'US' },
    domesticServices: [
      { service: 'GROUND_ADVANTAGE', enabled: true, rateTable: [{ maxWeight: 50, price: { amount: '7.00' } }] },
    ],
  });
});
clearPluginsAfterEach({ srv, app });

const register = (type: ServicePluginType, timeoutMs = 10_000) =>
  createImplementation(srv.ctx(), { type, name: `${type} app`, url: app.url, timeoutMs });

const offered = async () =>
  (
    await shippingStage(
      srv.ctx(),
      totalsInput({ shippingAddress: { country: 'US', subdivision: 'US-TX', city: 'Austin' } }),
      new Map(),
    )
  ).options.map((o) => [o.code, o.cost, o.source]);

describe('SHIPPING_RATES app', () => {
  it("its rates are offered next to the merchant's options, instead of the carrier tables; it gets the shippable lines", async () => {
    await register('SHIPPING_RATES');
    app.answer((_call, res) =>
      json(res, 200, {
        shippingRates: [
          {
            code: 'ups-ground',
            title: 'UPS Ground',
            logistics: { deliveryTime: '3 days' },
            cost: { price: '8.10', currency: 'USD', additionalCharges: [{ price: '0.90', type: 'FUEL' }] },
          },
          { code: 'bad-currency', title: 'Euro', logistics: {}, cost: { price: '1.00', currency: 'EUR' } },
          { code: 'ups-ground', title: 'Same code again', logistics: {}, cost: { price: '1.00', currency: 'USD' } },
          { code: 'bad-scale', title: 'Scale', logistics: {}, cost: { price: '1.001', currency: 'USD' } },
        ],
      }),
    );
    expect(await offered()).toEqual([
      [expect.any(String), 500n, 'MERCHANT'],
      ['ups-ground', 900n, 'SERVICE_PLUGIN'],
    ]);
    expect(app.received).toHaveLength(1);
    expect(app.received[0]!.request).toMatchObject({
      currency: 'USD',
      weightUnit: 'KG',
      shippingDestination: { country: 'US', subdivision: 'US-TX', city: 'Austin' },
      lineItems: [{ productName: 'Mug', quantity: 1, price: '10.00', physicalProperties: { weight: 1 } }],
    });
  });

  it.each([
    ['an error status', (res: Parameters<Parameters<typeof app.answer>[0]>[1]) => res.writeHead(503).end()],
    [
      'an answer out of schema',
      (res: Parameters<Parameters<typeof app.answer>[0]>[1]) => json(res, 200, { rates: 'x' }),
    ],
    [
      'its own refusal',
      (res: Parameters<Parameters<typeof app.answer>[0]>[1]) =>
        json(res, 422, { details: { applicationError: { code: 'NO_SERVICE', description: 'No service there' } } }),
    ],
  ])("when it fails (%s), the merchant's options and carrier tables apply", async (_what, answer) => {
    await register('SHIPPING_RATES');
    app.answer((_call, res) => answer(res));
    expect(await offered()).toEqual([
      [expect.any(String), 500n, 'MERCHANT'],
      ['carrier:GROUND_ADVANTAGE', 700n, 'CARRIER_TABLE'],
    ]);
    expect(app.received).toHaveLength(1);
  });

  it('a timeout is a failure too', async () => {
    await register('SHIPPING_RATES', 200);
    app.answer(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    expect((await offered()).map((o) => o[2])).toEqual(['MERCHANT', 'CARRIER_TABLE']);
  });
});

describe('ADDITIONAL_FEES app', () => {
  it('its fees join the merchant fees (source SERVICE_PLUGIN) and it sees the selected shipping option', async () => {
    await register('ADDITIONAL_FEES');
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '1.00' } },
    });
    app.answer((_call, res) =>
      json(res, 200, {
        currency: 'USD',
        additionalFees: [
          { code: 'eco', name: 'Eco fee', price: '0.75', taxDetails: { taxable: true, taxGroupId: 'tg-1' } },
          { code: 'neg', name: 'Negative', price: '-1.00' },
        ],
      }),
    );
    const l = line();
    const totals = await computeTotals(srv.ctx(), totalsInput({ lines: [l] }));
    expect(totals.fees.map((f) => [f.code, f.price, f.source, f.taxable])).toEqual([
      [expect.any(String), 100n, 'ITEM', false],
      ['eco', 75n, 'SERVICE_PLUGIN', true],
    ]);
    expect(totals.fees[1]!.taxGroupId).toBe('tg-1');
    expect(totals.additionalFees).toBe(175n);
    expect(app.received[0]!.request).toMatchObject({
      currency: 'USD',
      selectedShippingOption: { code: totals.shipping_.selected!.code },
      lineItems: [{ id: l.id }],
    });
  });

  it('when it fails (error status, other currency, its own refusal), no app fees are added; merchant fees stay', async () => {
    await register('ADDITIONAL_FEES');
    await create(srv, c.owner, PATHS.fees, 'additionalFee', {
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '1.00' } },
    });
    app.answer((_call, res) => res.writeHead(500).end());
    const totals = await computeTotals(srv.ctx(), totalsInput());
    expect(totals.fees.map((f) => f.source)).toEqual(['ITEM']);
    app.answer((_call, res) =>
      json(res, 200, { currency: 'EUR', additionalFees: [{ code: 'x', name: 'X', price: '1' }] }),
    );
    expect((await computeTotals(srv.ctx(), totalsInput())).fees.map((f) => f.source)).toEqual(['ITEM']);
  });
});
