import { queryOptions, type QueryClient } from '@tanstack/react-query';
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
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

export const shippingQueries = {
  all: () => [...storeQueries.all(), 'shipping'] as const,
  regionsKey: () => [...shippingQueries.all(), 'regions'] as const,
  optionsKey: () => [...shippingQueries.all(), 'options'] as const,
  pickupsKey: () => [...shippingQueries.all(), 'pickups'] as const,
  /** Additional fees sit beside shipping, not under it: a shipping change leaves them as they are. */
  feesKey: () => [...storeQueries.all(), 'fees'] as const,
  regions: (client: FetchClient) =>
    queryOptions({
      queryKey: shippingQueries.regionsKey(),
      queryFn: () => call(client, listShippingRegions).then((r) => r.shippingRegions),
    }),
  /** Every region's options in one list (a shop has a handful); each screen groups them by region. */
  options: (client: FetchClient) =>
    queryOptions({
      queryKey: shippingQueries.optionsKey(),
      queryFn: () => call(client, listShippingOptions, {}).then((r) => r.shippingOptions),
    }),
  pickups: (client: FetchClient) =>
    queryOptions({
      queryKey: shippingQueries.pickupsKey(),
      queryFn: () => call(client, listPickupLocations).then((r) => r.pickupLocations),
    }),
  carriers: (client: FetchClient) =>
    queryOptions({
      queryKey: [...shippingQueries.all(), 'carriers'] as const,
      queryFn: () => call(client, getShippingProviderConfiguration).then((r) => r.shippingProviderConfiguration),
    }),
  fees: (client: FetchClient) =>
    queryOptions({
      queryKey: shippingQueries.feesKey(),
      queryFn: () => call(client, listAdditionalFees).then((r) => r.additionalFees),
    }),
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
  saveRegion: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.all(), (v: { id: string | null; region: ShippingRegionInput }) =>
      v.id
        ? call(client, updateShippingRegion, v.id, v.region, Object.keys(v.region))
        : call(client, createShippingRegion, v.region),
    ),
  deleteRegion: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.all(), (id: string) => call(client, deleteShippingRegion, id)),
  saveOption: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.optionsKey(), (v: ShippingOptionSave) =>
      v.id === null
        ? call(client, createShippingOption, v.option)
        : call(client, updateShippingOption, v.id, v.option, Object.keys(v.option)),
    ),
  deleteOption: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.optionsKey(), (id: string) => call(client, deleteShippingOption, id)),
  savePickup: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.pickupsKey(), (v: PickupSave) =>
      v.id === null
        ? call(client, createPickupLocation, v.pickup)
        : call(client, updatePickupLocation, v.id, v.pickup, Object.keys(v.pickup)),
    ),
  deletePickup: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.pickupsKey(), (id: string) => call(client, deletePickupLocation, id)),
  /** Carriers may offer rates in every region: everything about shipping is read again. */
  updateCarriers: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.all(), (changes: CarrierChanges) =>
      call(client, updateShippingProviderConfiguration, changes, Object.keys(changes)),
    ),
  saveFee: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.feesKey(), (v: FeeSave) =>
      v.id === null
        ? call(client, createAdditionalFee, v.fee)
        : call(client, updateAdditionalFee, v.id, v.fee, Object.keys(v.fee)),
    ),
  deleteFee: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, shippingQueries.feesKey(), (id: string) => call(client, deleteAdditionalFee, id)),
};
