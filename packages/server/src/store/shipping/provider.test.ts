import { beforeEach, describe, expect, it } from 'vitest';
import type { ShippingProviderConfiguration } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { eventsOf } from '../catalog/testing.js';
import type { TotalsInput } from '../totals/types.js';
import { shippingStage } from './stage.js';
import { clearAll, line, patchProvider, PATHS, totalsInput } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'] } });

beforeEach(() => clearAll(srv, c.owner));

const stage = (input: Partial<TotalsInput> = {}) => shippingStage(srv.ctx(), totalsInput(input), new Map());
const offered = async (input: Partial<TotalsInput> = {}) =>
  (await stage(input)).options.map((o) => [o.code, o.cost, o.source]);

/** Central Park, New York. */
const NYC = { latitude: 40.7829, longitude: -73.9654 };
const shipFromAddress = { country: 'US', subdivision: 'US-NY', city: 'New York', geocode: NYC };
const bands = (...rows: Array<[number, string]>) =>
  rows.map(([maxWeight, amount]) => ({ maxWeight, price: { amount } }));

describe('GET and PATCH', () => {
  it('defaults list every service and package type off; PATCH changes only masked paths and emits updated', async () => {
    const got = await call<{ shippingProviderConfiguration: Record<string, unknown> }>(srv.url, 'GET', PATHS.provider, {
      auth: keys.ecom,
    });
    expect(got.status).toBe(200);
    const conf = got.body.shippingProviderConfiguration;
    expect((conf.domesticServices as Array<{ service: string }>).map((s) => s.service)).toEqual([
      'GROUND_ADVANTAGE',
      'PRIORITY_MAIL',
      'PRIORITY_MAIL_EXPRESS',
    ]);
    expect((conf.packageTypes as unknown[]).length).toBe(7);
    expect(conf.createdDate).toEqual(expect.any(String));

    const next = await patchProvider(srv, c.owner, {
      shipFromAddress,
      domesticServices: [{ service: 'PRIORITY_MAIL', enabled: true, rateTable: bands([1, '5.00'], [5, '9.50']) }],
      packageTypes: [{ type: 'CUSTOM', enabled: true, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
    });
    expect(next.shipFromAddress).toEqual(shipFromAddress);
    expect(next.domesticServices).toEqual([
      { service: 'GROUND_ADVANTAGE', enabled: false, rateTable: [] },
      {
        service: 'PRIORITY_MAIL',
        enabled: true,
        rateTable: [
          { maxWeight: 1, price: { amount: '5.00', formattedAmount: '$5.00' } },
          { maxWeight: 5, price: { amount: '9.50', formattedAmount: '$9.50' } },
        ],
      },
      { service: 'PRIORITY_MAIL_EXPRESS', enabled: false, rateTable: [] },
    ]);
    expect((next.packageTypes as Array<{ type: string; enabled: boolean }>)[0]).toMatchObject({
      type: 'CUSTOM',
      enabled: true,
    });
    const only = await patchProvider(srv, keys.ecom, {
      internationalServices: [{ service: 'PRIORITY_MAIL_INTERNATIONAL', enabled: true }],
    });
    expect(only.shipFromAddress).toEqual(shipFromAddress);
    expect(only.domesticServices).toEqual(next.domesticServices);
    expect(await eventsOf(srv, 'shipping-provider-configuration')).toContain(
      'ecom.shipping_provider_configuration.updated',
    );
  });

  it('two PATCHes of different paths at once both apply', async () => {
    const send = (patch: Record<string, unknown>) =>
      call(srv.url, 'PATCH', PATHS.provider, {
        auth: c.owner,
        body: { shippingProviderConfiguration: patch, fieldMask: { paths: Object.keys(patch) } },
      });
    const results = await Promise.all([
      send({ shipFromAddress: { country: 'CA' } }),
      send({ domesticServices: [{ service: 'GROUND_ADVANTAGE', enabled: true }] }),
      send({ packageTypes: [{ type: 'SMALL_FLAT_RATE_BOX', enabled: true }] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const got = await call<{ shippingProviderConfiguration: ShippingProviderConfiguration }>(
      srv.url,
      'GET',
      PATHS.provider,
      {
        auth: c.owner,
      },
    );
    const conf = got.body.shippingProviderConfiguration;
    expect(conf.shipFromAddress).toEqual({ country: 'CA' });
    expect(conf.domesticServices[0]!.enabled).toBe(true);
    expect(conf.packageTypes.find((p) => p.type === 'SMALL_FLAT_RATE_BOX')!.enabled).toBe(true);
  });

  it.each([
    [{ domesticServices: [{ service: 'PRIORITY_MAIL_INTERNATIONAL', enabled: true }] }, 'INVALID_ENUM_VALUE'],
    [
      { domesticServices: [{ service: 'PRIORITY_MAIL', enabled: true, rateTable: bands([5, '1'], [2, '2']) }] },
      'shippingProviderConfiguration.domesticServices[0].rateTable[1].maxWeight:VALIDATION',
    ],
    [
      { domesticServices: [{ service: 'PRIORITY_MAIL', enabled: true, rateTable: bands([5, '1.001']) }] },
      'shippingProviderConfiguration.domesticServices[0].rateTable[0].price.amount:DECIMAL_MAX_SCALE',
    ],
    [
      { packageTypes: [{ type: 'CUSTOM', enabled: true }] },
      'shippingProviderConfiguration.packageTypes[0].dimensions:REQUIRED_FIELD',
    ],
    [
      {
        packageTypes: [
          { type: 'LARGE_FLAT_RATE_BOX', enabled: true, dimensions: { length: 1, width: 1, height: 1, unit: 'IN' } },
        ],
      },
      'shippingProviderConfiguration.packageTypes[0].dimensions:FIELD_NOT_ALLOWED',
    ],
    [
      { localDelivery: { enabled: true, radius: { value: 5, unit: 'KM' }, price: { amount: '3' } } },
      'shippingProviderConfiguration.shipFromAddress.geocode:REQUIRED_FIELD',
    ],
    [
      { localDelivery: { enabled: true, radius: { value: 5, unit: 'FT' }, price: { amount: '3' } } },
      'INVALID_ENUM_VALUE',
    ],
  ])('bad input %j → 400 %s, nothing changed', async (patch, expected) => {
    const before = await call(srv.url, 'GET', PATHS.provider, { auth: c.owner });
    const res = await call(srv.url, 'PATCH', PATHS.provider, {
      auth: c.owner,
      body: { shippingProviderConfiguration: patch, fieldMask: { paths: Object.keys(patch) } },
    });
    expect(res.status).toBe(400);
    const found = violations(res.body);
    expect(
      found.some((v) => v === expected || v.endsWith(`:${expected}`)),
      found.join(),
    ).toBe(true);
    expect((await call(srv.url, 'GET', PATHS.provider, { auth: c.owner })).body).toEqual(before.body);
  });

  it('an unknown mask path is FIELD_NOT_ALLOWED; wrong callers get 401/403', async () => {
    const res = await call(srv.url, 'PATCH', PATHS.provider, {
      auth: c.owner,
      body: { shippingProviderConfiguration: {}, fieldMask: { paths: ['createdDate'] } },
    });
    expect(violations(res.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
    expect((await call(srv.url, 'GET', PATHS.provider, {})).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, c.apiKey]) {
      expect((await call(srv.url, 'GET', PATHS.provider, { auth })).status).toBe(403);
      const patch = {
        shippingProviderConfiguration: { shipFromAddress: { country: 'FR' } },
        fieldMask: { paths: ['shipFromAddress'] },
      };
      expect((await call(srv.url, 'PATCH', PATHS.provider, { auth, body: patch })).status).toBe(403);
    }
  });
});

describe('carrier rate tables (no SHIPPING_RATES app)', () => {
  beforeEach(() =>
    patchProvider(srv, c.owner, {
      shipFromAddress,
      domesticServices: [
        { service: 'GROUND_ADVANTAGE', enabled: true, rateTable: bands([1, '4.00'], [10, '8.00']) },
        { service: 'PRIORITY_MAIL', enabled: false, rateTable: bands([10, '12.00']) },
        { service: 'PRIORITY_MAIL_EXPRESS', enabled: true, rateTable: bands([2, '25.00']) },
      ],
      internationalServices: [
        { service: 'PRIORITY_MAIL_INTERNATIONAL', enabled: true, rateTable: bands([5, '30.00'], [20, '55.00']) },
      ],
    }),
  );

  it('domestic services for the ship-from country, priced by the first band that holds the weight', async () => {
    expect(await offered({ lines: [line({ unitWeight: 0.5 })] })).toEqual([
      ['carrier:GROUND_ADVANTAGE', 400n, 'CARRIER_TABLE'],
      ['carrier:PRIORITY_MAIL_EXPRESS', 2500n, 'CARRIER_TABLE'],
    ]);
    expect(await offered({ lines: [line({ unitWeight: 1 })] })).toContainEqual([
      'carrier:GROUND_ADVANTAGE',
      400n,
      'CARRIER_TABLE',
    ]);
    // 3 × 1.5 kg: above the express table's last band, so only ground.
    expect(await offered({ lines: [line({ unitWeight: 1.5, quantity: 3 })] })).toEqual([
      ['carrier:GROUND_ADVANTAGE', 800n, 'CARRIER_TABLE'],
    ]);
  });

  it('international services elsewhere; too heavy for every table: not offered, and nothing else → violation', async () => {
    expect(await offered({ shippingAddress: { country: 'FR' }, lines: [line({ unitWeight: 6 })] })).toEqual([
      ['carrier:PRIORITY_MAIL_INTERNATIONAL', 5500n, 'CARRIER_TABLE'],
    ]);
    const heavy = await stage({ shippingAddress: { country: 'FR' }, lines: [line({ unitWeight: 21 })] });
    expect(heavy.options).toEqual([]);
    expect(heavy.violations[0]?.description).toBe("We don't ship to France");
  });
});

describe('local delivery', () => {
  /** About 8.5 km (5.3 mi) north of the ship-from point. */
  const harlem = { country: 'US', subdivision: 'US-NY', geocode: { latitude: 40.8594, longitude: -73.9654 } };

  const setLocal = (radius: { value: number; unit: 'KM' | 'MI' }, extra: Record<string, unknown> = {}) =>
    patchProvider(srv, c.owner, {
      shipFromAddress,
      localDelivery: { enabled: true, title: 'Bike courier', radius, price: { amount: '6.00' }, ...extra },
    });

  it('KM: within the radius it is offered at its price; outside, or without a geocode, it is not', async () => {
    await setLocal({ value: 9, unit: 'KM' });
    expect(await offered({ shippingAddress: harlem })).toEqual([['local-delivery', 600n, 'MERCHANT']]);
    await setLocal({ value: 8, unit: 'KM' });
    expect(await offered({ shippingAddress: harlem })).toEqual([]);
    await setLocal({ value: 100, unit: 'KM' });
    expect(await offered({ shippingAddress: { country: 'US', subdivision: 'US-NY' } })).toEqual([]);
  });

  it('MI: 5.5 mi reaches 8.5 km, 5 mi does not; free over its threshold', async () => {
    await setLocal({ value: 5.5, unit: 'MI' }, { freeShippingOver: { amount: '50' } });
    const res = await stage({ shippingAddress: harlem });
    expect(res.options.map((o) => [o.title, o.kind, o.cost])).toEqual([['Bike courier', 'LOCAL_DELIVERY', 600n]]);
    expect(res.selected?.code).toBe('local-delivery');
    expect((await offered({ shippingAddress: harlem, lines: [line({ unitPrice: 5000n })] }))[0]?.[1]).toBe(0n);
    await setLocal({ value: 5, unit: 'MI' });
    expect(await offered({ shippingAddress: harlem })).toEqual([]);
  });
});
