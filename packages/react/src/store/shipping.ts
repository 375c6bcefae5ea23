import { queryOptions } from '@tanstack/react-query';
import {
  createAdditionalFee,
  createPickupLocation,
  createShippingOption,
  createShippingRegion,
  deleteAdditionalFee,
  deletePickupLocation,
  deleteShippingOption,
  deleteShippingRegion,
  getShippingProviderConfiguration,
  listAdditionalFees,
  listPickupLocations,
  listShippingOptions,
  listShippingRegions,
  updateAdditionalFee,
  updatePickupLocation,
  updateShippingOption,
  updateShippingProviderConfiguration,
  updateShippingRegion,
  type AdditionalFeeSettingInput,
  type PickupLocationInput,
  type ShippingOptionInput,
  type ShippingRegionInput,
} from '@plaza/sdk/ecom';
import { call, type FetchClient } from '../call.js';
import { fieldQuery, invalidatingCall, patchingSettings, saving } from '../factories.js';
import { storeQueries } from './roots.js';

export const shippingQueries = {
  all: () => [...storeQueries.all(), 'shipping'] as const,
  regionsKey: () => [...shippingQueries.all(), 'regions'] as const,
  optionsKey: () => [...shippingQueries.all(), 'options'] as const,
  pickupsKey: () => [...shippingQueries.all(), 'pickups'] as const,
  /** Additional fees sit beside shipping, not under it: a shipping change leaves them as they are. */
  feesKey: () => [...storeQueries.all(), 'fees'] as const,
  regions: (client: FetchClient) =>
    fieldQuery(client, shippingQueries.regionsKey(), listShippingRegions, 'shippingRegions'),
  /** Every region's options in one list (a shop has a handful); each screen groups them by region. */
  options: (client: FetchClient) =>
    queryOptions({
      queryKey: shippingQueries.optionsKey(),
      queryFn: () => call(client, listShippingOptions, {}).then((r) => r.shippingOptions),
    }),
  pickups: (client: FetchClient) =>
    fieldQuery(client, shippingQueries.pickupsKey(), listPickupLocations, 'pickupLocations'),
  carriers: (client: FetchClient) =>
    fieldQuery(
      client,
      [...shippingQueries.all(), 'carriers'] as const,
      getShippingProviderConfiguration,
      'shippingProviderConfiguration',
    ),
  fees: (client: FetchClient) => fieldQuery(client, shippingQueries.feesKey(), listAdditionalFees, 'additionalFees'),
};

/** An update's fields: as for a create, and `null` clears the free-shipping threshold or the delivery time. */
export type ShippingOptionChanges = Parameters<(typeof updateShippingOption)['request']>[1];
export type PickupChanges = Parameters<(typeof updatePickupLocation)['request']>[1];

export type ShippingOptionSave =
  { id: null; option: ShippingOptionInput } | { id: string; option: ShippingOptionChanges };
export type CarrierChanges = Parameters<(typeof updateShippingProviderConfiguration)['request']>[0];
export type FeeSave =
  { id: null; fee: AdditionalFeeSettingInput } | { id: string; fee: Partial<AdditionalFeeSettingInput> };
export type PickupSave = { id: null; pickup: PickupLocationInput } | { id: string; pickup: PickupChanges };

export const shippingMutations = {
  // A region's deletion takes its options with it, so region changes refresh everything about shipping.
  saveRegion: saving(
    shippingQueries.all(),
    { create: createShippingRegion, update: updateShippingRegion },
    (v: { id: string | null; region: ShippingRegionInput }) => v.region,
  ),
  deleteRegion: invalidatingCall(shippingQueries.all(), deleteShippingRegion),
  saveOption: saving(
    shippingQueries.optionsKey(),
    { create: createShippingOption, update: updateShippingOption },
    (v: ShippingOptionSave) => v.option,
  ),
  deleteOption: invalidatingCall(shippingQueries.optionsKey(), deleteShippingOption),
  savePickup: saving(
    shippingQueries.pickupsKey(),
    { create: createPickupLocation, update: updatePickupLocation },
    (v: PickupSave) => v.pickup,
  ),
  deletePickup: invalidatingCall(shippingQueries.pickupsKey(), deletePickupLocation),
  /** Carriers may offer rates in every region: everything about shipping is read again. */
  updateCarriers: patchingSettings(shippingQueries.all(), updateShippingProviderConfiguration),
  saveFee: saving(
    shippingQueries.feesKey(),
    { create: createAdditionalFee, update: updateAdditionalFee },
    (v: FeeSave) => v.fee,
  ),
  deleteFee: invalidatingCall(shippingQueries.feesKey(), deleteAdditionalFee),
};
