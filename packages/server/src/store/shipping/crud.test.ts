import { beforeEach, describe, expect, it } from 'vitest';
import { listedCount } from '../../test/entities.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, normPath, violations } from '../../../test/http.js';
import { eventsOf } from '../catalog/testing.js';
import { clearAll, create, option, PATHS, region } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], catalog: ['catalog'] } });

beforeEach(() => clearAll(srv, c.owner));

const count = (path: string, key: string) => listedCount(srv, c.owner, path, key);

describe('shipping regions', () => {
  it('create, get, list, update with a field mask and delete, each with its event', async () => {
    const r = await region(srv, c.owner, {
      name: 'US West',
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US', subdivisions: ['US-CA', 'US-OR'] }],
    });
    expect(r).toMatchObject({ name: 'US West', destinations: [{ country: 'US', subdivisions: ['US-CA', 'US-OR'] }] });
    const got = await call(srv.url, 'GET', `${PATHS.regions}/${r.id}`, { auth: keys.ecom });
    expect(got.body).toEqual({ shippingRegion: r });
    const upd = await call<{ shippingRegion: { name: string; destinations: unknown } }>(
      srv.url,
      'PATCH',
      `${PATHS.regions}/${r.id}`,
      { auth: keys.ecom, body: { shippingRegion: { name: 'West coast' }, fieldMask: { paths: ['name'] } } },
    );
    expect(upd.status).toBe(200);
    expect(upd.body.shippingRegion).toMatchObject({ name: 'West coast', destinations: r.destinations });
    expect(await count(PATHS.regions, 'shippingRegions')).toBe(1);
    const o = await option(srv, c.owner, r.id);
    expect((await call(srv.url, 'DELETE', `${PATHS.regions}/${r.id}`, { auth: c.owner })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${PATHS.options}/${o.id}`, { auth: c.owner })).status).toBe(404);
    expect(await eventsOf(srv, r.id)).toEqual([
      'ecom.shipping_region.created',
      'ecom.shipping_region.updated',
      'ecom.shipping_region.deleted',
    ]);
    expect(await eventsOf(srv, o.id)).toEqual(['ecom.shipping_option.created', 'ecom.shipping_option.deleted']);
  });

  it.each([
    [{ destinationScope: 'SPECIFIC_DESTINATIONS' }, 'shippingRegion.destinations:REQUIRED_FIELD'],
    [
      { destinationScope: 'WORLDWIDE', destinations: [{ country: 'US' }] },
      'shippingRegion.destinations:FIELD_NOT_ALLOWED',
    ],
    [{ destinationScope: 'SOMEWHERE' }, 'shippingRegion.destinationScope:INVALID_ENUM_VALUE'],
    [
      { destinationScope: 'SPECIFIC_DESTINATIONS', destinations: [{ country: 'US', subdivisions: ['CA-ON'] }] },
      'shippingRegion.destinations[0].subdivisions[0]:VALIDATION',
    ],
    [
      { destinationScope: 'SPECIFIC_DESTINATIONS', destinations: [{ country: 'US' }, { country: 'US' }] },
      'shippingRegion.destinations[1].country:VALIDATION',
    ],
    [
      { destinationScope: 'SPECIFIC_DESTINATIONS', destinations: [{ country: 'usa' }] },
      'shippingRegion.destinations.0.country:FORMAT',
    ],
  ])('bad input %j → 400 %s, nothing written', async (body, expected) => {
    const res = await call(srv.url, 'POST', PATHS.regions, {
      auth: c.owner,
      body: { shippingRegion: { name: 'X', ...body } },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body).map(normPath)).toContain(normPath(expected));
    expect(await count(PATHS.regions, 'shippingRegions')).toBe(0);
  });

  it('a destination claimed twice at one level is 409; a subdivision inside a claimed country is fine', async () => {
    await region(srv, c.owner, { destinationScope: 'SPECIFIC_DESTINATIONS', destinations: [{ country: 'US' }] });
    await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    await region(srv, c.owner, {
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US', subdivisions: ['US-HI'] }],
    });
    const dupCountry = await call(srv.url, 'POST', PATHS.regions, {
      auth: c.owner,
      body: {
        shippingRegion: { name: 'Again', destinationScope: 'SPECIFIC_DESTINATIONS', destinations: [{ country: 'US' }] },
      },
    });
    expect(dupCountry.status).toBe(409);
    expect(appCode(dupCountry.body)).toBe('DESTINATION_ALREADY_COVERED');
    const world = await call(srv.url, 'POST', PATHS.regions, {
      auth: c.owner,
      body: { shippingRegion: { name: 'World 2', destinationScope: 'WORLDWIDE' } },
    });
    expect(world.status).toBe(409);
    expect(appCode(world.body)).toBe('WORLDWIDE_REGION_EXISTS');
    expect(await count(PATHS.regions, 'shippingRegions')).toBe(3);
  });

  it('parallel creates claiming one country: exactly one wins, the others are 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(srv.url, 'POST', PATHS.regions, {
          auth: c.owner,
          body: {
            shippingRegion: {
              name: `FR ${i}`,
              destinationScope: 'SPECIFIC_DESTINATIONS',
              destinations: [{ country: 'FR' }],
            },
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await count(PATHS.regions, 'shippingRegions')).toBe(1);
  });

  it('wrong callers: none 401; visitor, member, contributor and other API keys 403; unknown id 404', async () => {
    const body = { shippingRegion: { name: 'X', destinationScope: 'WORLDWIDE' } };
    expect((await call(srv.url, 'POST', PATHS.regions, { body })).status).toBe(401);
    for (const auth of [c.visitor, c.memberA.auth, c.contributor.auth, keys.catalog, c.apiKey]) {
      expect((await call(srv.url, 'POST', PATHS.regions, { auth, body })).status).toBe(403);
      expect((await call(srv.url, 'GET', PATHS.regions, { auth })).status).toBe(403);
    }
    expect(await count(PATHS.regions, 'shippingRegions')).toBe(0);
    const missing = '0190a3b2-0000-7000-8000-000000000000';
    expect((await call(srv.url, 'GET', `${PATHS.regions}/${missing}`, { auth: c.owner })).status).toBe(404);
    expect((await call(srv.url, 'DELETE', `${PATHS.regions}/${missing}`, { auth: c.owner })).status).toBe(404);
  });
});

describe('shipping options', () => {
  it('create with rules, free-over and slots; list by region; update; delete', async () => {
    const r = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    const o = await option(srv, keys.ecom, r.id, {
      title: 'Express',
      estimatedDeliveryTime: '1–2 days',
      rates: [
        { price: { amount: '9.00' }, conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: '5' }] },
        { price: { amount: '4.50' } },
      ],
      freeShippingOver: { amount: '100' },
      deliveryTimeSlots: [{ weekday: 'MON', fromHour: 9, toHour: 12 }],
    });
    expect(o).toMatchObject({
      shippingRegionId: r.id,
      rates: [
        {
          price: { amount: '9.00', formattedAmount: '$9.00' },
          conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: '5' }],
        },
        { price: { amount: '4.50' }, conditions: [] },
      ],
      freeShippingOver: { amount: '100.00' },
      deliveryTimeSlots: [{ weekday: 'MON', fromHour: 9, toHour: 12 }],
    });
    const other = await region(srv, c.owner, {
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'DE' }],
    });
    await option(srv, c.owner, other.id);
    const list = await call<{ shippingOptions: Array<{ id: string }> }>(
      srv.url,
      'GET',
      `${PATHS.options}?shippingRegionId=${r.id}`,
      { auth: c.owner },
    );
    expect(list.body.shippingOptions.map((x) => x.id)).toEqual([o.id]);
    const upd = await call<{ shippingOption: { title: string; rates: unknown[] } }>(
      srv.url,
      'PATCH',
      `${PATHS.options}/${o.id}`,
      {
        auth: c.owner,
        body: { shippingOption: { rates: [{ price: { amount: '3' } }] }, fieldMask: { paths: ['rates'] } },
      },
    );
    expect(upd.status).toBe(200);
    expect(upd.body.shippingOption).toMatchObject({
      title: 'Express',
      rates: [{ price: { amount: '3.00' }, conditions: [] }],
    });
    const cleared = await call<{ shippingOption: Record<string, unknown> }>(
      srv.url,
      'PATCH',
      `${PATHS.options}/${o.id}`,
      {
        auth: c.owner,
        body: {
          shippingOption: { freeShippingOver: null, estimatedDeliveryTime: null },
          fieldMask: { paths: ['freeShippingOver', 'estimatedDeliveryTime'] },
        },
      },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.shippingOption).not.toHaveProperty('freeShippingOver');
    expect(cleared.body.shippingOption).not.toHaveProperty('estimatedDeliveryTime');
    const nullTitle = await call(srv.url, 'PATCH', `${PATHS.options}/${o.id}`, {
      auth: c.owner,
      body: { shippingOption: { title: null }, fieldMask: { paths: ['title'] } },
    });
    expect(nullTitle.status).toBe(400);
    expect((await call(srv.url, 'DELETE', `${PATHS.options}/${o.id}`, { auth: c.owner })).status).toBe(200);
    expect(await eventsOf(srv, o.id)).toEqual([
      'ecom.shipping_option.created',
      'ecom.shipping_option.updated',
      'ecom.shipping_option.updated',
      'ecom.shipping_option.deleted',
    ]);
  });

  it('bad input names the field and rule; nothing written', async () => {
    const r = await region(srv, c.owner, { destinationScope: 'WORLDWIDE' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rates: [] }, 'shippingOption.rates:MIN_SIZE'],
      [{ rates: [{ price: { amount: '1.999' } }] }, 'shippingOption.rates[0].price.amount:DECIMAL_MAX_SCALE'],
      [
        {
          rates: [
            { price: { amount: '1' }, conditions: [{ type: 'BY_TOTAL_QUANTITY', operator: 'GTE', value: '1.5' }] },
          ],
        },
        'shippingOption.rates[0].conditions[0].value:FORMAT',
      ],
      [
        {
          rates: [{ price: { amount: '1' }, conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'ABOUT', value: '1' }] }],
        },
        'shippingOption.rates.0.conditions.0.operator:INVALID_ENUM_VALUE',
      ],
      [
        { deliveryTimeSlots: [{ weekday: 'MON', fromHour: 12, toHour: 9 }] },
        'shippingOption.deliveryTimeSlots[0].toHour:VALIDATION',
      ],
      [
        { deliveryTimeSlots: [{ weekday: 'FUNDAY', fromHour: 1, toHour: 9 }] },
        'shippingOption.deliveryTimeSlots.0.weekday:INVALID_ENUM_VALUE',
      ],
      [{ shippingRegionId: '0190a3b2-0000-7000-8000-000000000000' }, 'shippingOption.shippingRegionId:VALIDATION'],
    ];
    for (const [body, expected] of cases) {
      const res = await call(srv.url, 'POST', PATHS.options, {
        auth: c.owner,
        body: { shippingOption: { shippingRegionId: r.id, title: 'T', rates: [{ price: { amount: '1' } }], ...body } },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(violations(res.body).map(normPath)).toContain(normPath(expected));
    }
    expect(await count(PATHS.options, 'shippingOptions')).toBe(0);
    const wrong = await call(srv.url, 'PATCH', `${PATHS.options}/${r.id}`, {
      auth: c.owner,
      body: { shippingOption: { title: 'x' }, fieldMask: { paths: ['nope'] } },
    });
    expect(violations(wrong.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
    expect((await call(srv.url, 'GET', PATHS.options, { auth: c.visitor })).status).toBe(403);
  });
});

describe('pickup locations', () => {
  it('CRUD with events; bad input; wrong caller', async () => {
    const p = await create(srv, c.owner, PATHS.pickups, 'pickupLocation', {
      name: 'Main store',
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US', city: 'Springfield', addressLine: '1 Main St' },
      businessHours: 'Mon–Fri 9–17',
      instructions: 'Ring the bell',
      fee: { amount: '1.50' },
    });
    expect(p).toMatchObject({ pickupMethod: 'STORE_PICKUP', fee: { amount: '1.50' } });
    const upd = await call<{ pickupLocation: { pickupMethod: string; name: string } }>(
      srv.url,
      'PATCH',
      `${PATHS.pickups}/${p.id}`,
      {
        auth: keys.ecom,
        body: { pickupLocation: { pickupMethod: 'PICKUP_POINT' }, fieldMask: { paths: ['pickupMethod'] } },
      },
    );
    expect(upd.body.pickupLocation).toMatchObject({ pickupMethod: 'PICKUP_POINT', name: 'Main store' });
    const free = await call<{ pickupLocation: Record<string, unknown> }>(srv.url, 'PATCH', `${PATHS.pickups}/${p.id}`, {
      auth: c.owner,
      body: { pickupLocation: { fee: null }, fieldMask: { paths: ['fee'] } },
    });
    expect(free.body.pickupLocation).not.toHaveProperty('fee');
    expect(free.body.pickupLocation).toMatchObject({ instructions: 'Ring the bell' });
    const bad = await call(srv.url, 'POST', PATHS.pickups, {
      auth: c.owner,
      body: { pickupLocation: { name: 'No country', pickupMethod: 'STORE_PICKUP', address: { city: 'X' } } },
    });
    expect(violations(bad.body)).toEqual(['pickupLocation.address.country:REQUIRED_FIELD']);
    const badEnum = await call(srv.url, 'POST', PATHS.pickups, {
      auth: c.owner,
      body: { pickupLocation: { name: 'X', pickupMethod: 'DRONE', address: { country: 'US' } } },
    });
    expect(badEnum.status).toBe(400);
    expect((await call(srv.url, 'DELETE', `${PATHS.pickups}/${p.id}`, { auth: c.memberA.auth })).status).toBe(403);
    expect(await count(PATHS.pickups, 'pickupLocations')).toBe(1);
    await call(srv.url, 'DELETE', `${PATHS.pickups}/${p.id}`, { auth: c.owner });
    expect(await eventsOf(srv, p.id)).toEqual([
      'ecom.pickup_location.created',
      'ecom.pickup_location.updated',
      'ecom.pickup_location.updated',
      'ecom.pickup_location.deleted',
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents every shipping route (22 operations) with a summary', async () => {
    const doc = (await (await fetch(`${srv.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const ours = Object.entries(doc.paths).filter(([p]) => Object.values(PATHS).some((base) => p.startsWith(base)));
    const operations = ours.flatMap(([, methods]) => Object.values(methods));
    expect(operations).toHaveLength(4 * 5 + 2);
    for (const op of operations) expect(op.summary).toEqual(expect.any(String));
  });
});
