import { useQuery } from '@tanstack/react-query';
import {
  createPickupLocation,
  createShippingOption,
  createShippingRegion,
  deletePickupLocation,
  deleteShippingOption,
  deleteShippingRegion,
  listPickupLocations,
  listShippingOptions,
  listShippingRegions,
  updatePickupLocation,
  updateShippingOption,
  updateShippingRegion,
  type PickupLocationInput,
  type ShippingOptionInput,
  type ShippingRegionInput,
} from '@plaza/sdk/ecom';
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const keys = {
  all: () => [...storeKeys.all(), 'shipping'] as const,
  regions: () => [...keys.all(), 'regions'] as const,
  options: () => [...keys.all(), 'options'] as const,
};
export const shippingKeys = keys;

export function useShippingRegions() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.regions(),
    queryFn: () => callMethod(plaza, listShippingRegions).then((r) => r.shippingRegions),
  });
}

/** Every region's options in one list (a shop has a handful); each screen groups them by region. */
export function useShippingOptions() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.options(),
    queryFn: () => callMethod(plaza, listShippingOptions, {}).then((r) => r.shippingOptions),
  });
}

// A region's deletion takes its options with it, so region changes refresh both lists.
export const useSaveRegion = () =>
  useStoreChange(keys.all(), (plaza, v: { id: string | null; region: ShippingRegionInput }) =>
    v.id
      ? callMethod(plaza, updateShippingRegion, v.id, v.region, Object.keys(v.region))
      : callMethod(plaza, createShippingRegion, v.region),
  );

export const useDeleteRegion = () =>
  useStoreChange(keys.all(), (plaza, id: string) => callMethod(plaza, deleteShippingRegion, id));

/** An update's fields: as for a create, and `null` clears the free-shipping threshold or the delivery time. */
export type ShippingOptionChanges = Parameters<(typeof updateShippingOption)['request']>[1];

export const useSaveOption = () =>
  useStoreChange(
    keys.options(),
    (plaza, v: { id: null; option: ShippingOptionInput } | { id: string; option: ShippingOptionChanges }) =>
      v.id === null
        ? callMethod(plaza, createShippingOption, v.option)
        : callMethod(plaza, updateShippingOption, v.id, v.option, Object.keys(v.option)),
  );

export const useDeleteOption = () =>
  useStoreChange(keys.options(), (plaza, id: string) => callMethod(plaza, deleteShippingOption, id));

const pickupsKey = () => [...keys.all(), 'pickups'] as const;

export function usePickupLocations() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: pickupsKey(),
    queryFn: () => callMethod(plaza, listPickupLocations).then((r) => r.pickupLocations),
  });
}

export type PickupChanges = Parameters<(typeof updatePickupLocation)['request']>[1];

export const useSavePickup = () =>
  useStoreChange(
    pickupsKey(),
    (plaza, v: { id: null; pickup: PickupLocationInput } | { id: string; pickup: PickupChanges }) =>
      v.id === null
        ? callMethod(plaza, createPickupLocation, v.pickup)
        : callMethod(plaza, updatePickupLocation, v.id, v.pickup, Object.keys(v.pickup)),
  );

export const useDeletePickup = () =>
  useStoreChange(pickupsKey(), (plaza, id: string) => callMethod(plaza, deletePickupLocation, id));
