/**
 * The shipping modules against the real server (fresh database for this file): an `ecom` API key configures regions,
 * options, pickup, the carrier configuration and fee settings through every SDK method; wrong callers and bad input
 * fail with a PlazaError naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import { ApiKeyStrategy, createClient } from '../../src/index.js';
import {
  additionalFees,
  pickupLocations,
  shippingOptions,
  shippingProviderConfiguration,
  shippingRegions,
} from '../../src/modules/ecom/shipping.js';
import { failure, fixedAuth, violationsOf } from './community-clients.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let people: Cast;
const modules = { shippingRegions, shippingOptions, pickupLocations, shippingProviderConfiguration, additionalFees };
const client = (auth: ReturnType<typeof fixedAuth>) => createClient({ baseUrl: srv.url, auth, modules });
let admin: ReturnType<typeof client>;
let member: ReturnType<typeof client>;

beforeAll(async () => {
  srv = await startTestServer();
  people = await cast(srv);
  admin = client(ApiKeyStrategy({ apiKey: await srv.createApiKey(['ecom']) }));
  member = client(fixedAuth(people.memberA.auth));
}, 90_000);
afterAll(async () => {
  await srv?.close();
});

describe('shipping configuration through the SDK', () => {
  it('regions and options: create, list, get, update, delete', async () => {
    const { shippingRegion } = await admin.shippingRegions.createShippingRegion({
      name: 'US',
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US' }],
    });
    expect((await admin.shippingRegions.listShippingRegions()).shippingRegions.map((r) => r.id)).toEqual([
      shippingRegion.id,
    ]);
    expect((await admin.shippingRegions.getShippingRegion(shippingRegion.id)).shippingRegion.name).toBe('US');
    const renamed = await admin.shippingRegions.updateShippingRegion(shippingRegion.id, { name: 'USA' }, ['name']);
    expect(renamed.shippingRegion.name).toBe('USA');

    const { shippingOption } = await admin.shippingOptions.createShippingOption({
      shippingRegionId: shippingRegion.id,
      title: 'Standard',
      rates: [{ price: { amount: '5' } }],
    });
    expect(shippingOption.rates[0]!.price).toEqual({ amount: '5.00', formattedAmount: '$5.00' });
    const listed = await admin.shippingOptions.listShippingOptions({ shippingRegionId: shippingRegion.id });
    expect(listed.shippingOptions).toHaveLength(1);
    await admin.shippingOptions.updateShippingOption(shippingOption.id, { title: 'Ground' }, ['title']);
    expect((await admin.shippingOptions.getShippingOption(shippingOption.id)).shippingOption.title).toBe('Ground');
    await admin.shippingOptions.deleteShippingOption(shippingOption.id);
    await admin.shippingRegions.deleteShippingRegion(shippingRegion.id);
    expect((await failure(admin.shippingRegions.getShippingRegion(shippingRegion.id))).status).toBe(404);
  });

  it('pickup locations, the provider configuration and fee settings', async () => {
    const { pickupLocation } = await admin.pickupLocations.createPickupLocation({
      name: 'Shop',
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US' },
    });
    await admin.pickupLocations.updatePickupLocation(pickupLocation.id, { businessHours: '9–5' }, ['businessHours']);
    expect((await admin.pickupLocations.getPickupLocation(pickupLocation.id)).pickupLocation.businessHours).toBe('9–5');
    expect((await admin.pickupLocations.listPickupLocations()).pickupLocations).toHaveLength(1);
    await admin.pickupLocations.deletePickupLocation(pickupLocation.id);

    const { shippingProviderConfiguration: conf } =
      await admin.shippingProviderConfiguration.updateShippingProviderConfiguration(
        { shipFromAddress: { country: 'US', geocode: { latitude: 40.78, longitude: -73.97 } } },
        ['shipFromAddress'],
      );
    expect(conf.shipFromAddress?.country).toBe('US');
    const got = await admin.shippingProviderConfiguration.getShippingProviderConfiguration();
    expect(got.shippingProviderConfiguration.shipFromAddress).toEqual(conf.shipFromAddress);

    const { additionalFee } = await admin.additionalFees.createAdditionalFee({
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '1.50' } },
    });
    await admin.additionalFees.updateAdditionalFee(additionalFee.id, { enabled: false }, ['enabled']);
    expect((await admin.additionalFees.getAdditionalFee(additionalFee.id)).additionalFee.enabled).toBe(false);
    expect((await admin.additionalFees.listAdditionalFees()).additionalFees).toHaveLength(1);
    await admin.additionalFees.deleteAdditionalFee(additionalFee.id);
  });

  it('a member is refused (403); bad input is a 400 naming the field and rule', async () => {
    expect((await failure(member.shippingRegions.listShippingRegions())).status).toBe(403);
    const bad = await failure(
      admin.additionalFees.createAdditionalFee({ name: 'Fee', type: 'INSURANCE', surcharge: { type: 'PERCENTAGE' } }),
    );
    expect(violationsOf(bad)).toEqual(['additionalFee.surcharge.percentage:REQUIRED_FIELD']);
  });
});
