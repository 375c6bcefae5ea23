/**
 * The shipping modules against the real server (fresh database for this file): an `ecom` API key configures regions,
 * options, pickup, the carrier configuration and fee settings through every SDK method; wrong callers and bad input
 * fail with a PlazaError naming the field.
 */
import { describe, expect, it } from 'vitest';
import {
  additionalFees,
  pickupLocations,
  shippingOptions,
  shippingProviderConfiguration,
  shippingRegions,
} from '../../src/modules/ecom/shipping.js';
import { failure, violationsOf } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx } = castClients(
  { shippingRegions, shippingOptions, pickupLocations, shippingProviderConfiguration, additionalFees },
  ['ecom'],
);

describe('shipping configuration through the SDK', () => {
  it('regions and options: create, list, get, update, delete', async () => {
    const { shippingRegion } = await ctx.admin.shippingRegions.createShippingRegion({
      name: 'US',
      destinationScope: 'SPECIFIC_DESTINATIONS',
      destinations: [{ country: 'US' }],
    });
    expect((await ctx.admin.shippingRegions.listShippingRegions()).shippingRegions.map((r) => r.id)).toEqual([
      shippingRegion.id,
    ]);
    expect((await ctx.admin.shippingRegions.getShippingRegion(shippingRegion.id)).shippingRegion.name).toBe('US');
    const renamed = await ctx.admin.shippingRegions.updateShippingRegion(shippingRegion.id, { name: 'USA' }, ['name']);
    expect(renamed.shippingRegion.name).toBe('USA');

    const { shippingOption } = await ctx.admin.shippingOptions.createShippingOption({
      shippingRegionId: shippingRegion.id,
      title: 'Standard',
      rates: [{ price: { amount: '5' } }],
    });
    expect(shippingOption.rates[0]!.price).toEqual({ amount: '5.00', formattedAmount: '$5.00' });
    const listed = await ctx.admin.shippingOptions.listShippingOptions({ shippingRegionId: shippingRegion.id });
    expect(listed.shippingOptions).toHaveLength(1);
    await ctx.admin.shippingOptions.updateShippingOption(shippingOption.id, { title: 'Ground' }, ['title']);
    expect((await ctx.admin.shippingOptions.getShippingOption(shippingOption.id)).shippingOption.title).toBe('Ground');
    await ctx.admin.shippingOptions.deleteShippingOption(shippingOption.id);
    await ctx.admin.shippingRegions.deleteShippingRegion(shippingRegion.id);
    expect((await failure(ctx.admin.shippingRegions.getShippingRegion(shippingRegion.id))).status).toBe(404);
  });

  it('pickup locations, the provider configuration and fee settings', async () => {
    const { pickupLocation } = await ctx.admin.pickupLocations.createPickupLocation({
      name: 'Shop',
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US' },
    });
    await ctx.admin.pickupLocations.updatePickupLocation(pickupLocation.id, { businessHours: '9–5' }, [
      'businessHours',
    ]);
    expect((await ctx.admin.pickupLocations.getPickupLocation(pickupLocation.id)).pickupLocation.businessHours).toBe(
      '9–5',
    );
    expect((await ctx.admin.pickupLocations.listPickupLocations()).pickupLocations).toHaveLength(1);
    await ctx.admin.pickupLocations.deletePickupLocation(pickupLocation.id);

    const { shippingProviderConfiguration: conf } =
      await ctx.admin.shippingProviderConfiguration.updateShippingProviderConfiguration(
        { shipFromAddress: { country: 'US', geocode: { latitude: 40.78, longitude: -73.97 } } },
        ['shipFromAddress'],
      );
    expect(conf.shipFromAddress?.country).toBe('US');
    const got = await ctx.admin.shippingProviderConfiguration.getShippingProviderConfiguration();
    expect(got.shippingProviderConfiguration.shipFromAddress).toEqual(conf.shipFromAddress);

    const { additionalFee } = await ctx.admin.additionalFees.createAdditionalFee({
      name: 'Handling',
      type: 'HANDLING_FEE',
      surcharge: { type: 'FIXED', amount: { amount: '1.50' } },
    });
    await ctx.admin.additionalFees.updateAdditionalFee(additionalFee.id, { enabled: false }, ['enabled']);
    expect((await ctx.admin.additionalFees.getAdditionalFee(additionalFee.id)).additionalFee.enabled).toBe(false);
    expect((await ctx.admin.additionalFees.listAdditionalFees()).additionalFees).toHaveLength(1);
    await ctx.admin.additionalFees.deleteAdditionalFee(additionalFee.id);
  });

  it('a member is refused (403); bad input is a 400 naming the field and rule', async () => {
    expect((await failure(ctx.member.shippingRegions.listShippingRegions())).status).toBe(403);
    const bad = await failure(
      ctx.admin.additionalFees.createAdditionalFee({
        name: 'Fee',
        type: 'INSURANCE',
        surcharge: { type: 'PERCENTAGE' },
      }),
    );
    expect(violationsOf(bad)).toEqual(['additionalFee.surcharge.percentage:REQUIRED_FIELD']);
  });
});
