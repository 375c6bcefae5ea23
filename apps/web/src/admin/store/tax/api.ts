import { useQuery } from '@tanstack/react-query';
import type { UpdateTaxRegionRequest, UpdateTaxSettingsRequest } from '@plaza/contracts';
import {
  createTaxGroup,
  createTaxRegion,
  deleteTaxGroup,
  deleteTaxRegion,
  getTaxSettings,
  listTaxGroups,
  listTaxRegions,
  updateTaxRegion,
  updateTaxSettings,
  type TaxRegionInput,
} from '@plaza/sdk/ecom';
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const keys = {
  all: () => [...storeKeys.all(), 'tax'] as const,
  settings: () => [...keys.all(), 'settings'] as const,
  groups: () => [...keys.all(), 'groups'] as const,
  regions: () => [...keys.all(), 'regions'] as const,
};

export function useTaxSettings() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.settings(),
    queryFn: () => callMethod(plaza, getTaxSettings).then((r) => r.taxSettings),
  });
}

export function useTaxGroups() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.groups(),
    queryFn: () => callMethod(plaza, listTaxGroups).then((r) => r.taxGroups),
  });
}

export function useTaxRegions() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.regions(),
    queryFn: () => callMethod(plaza, listTaxRegions).then((r) => r.taxRegions),
  });
}

export const useUpdateTaxSettings = () =>
  useStoreChange(keys.settings(), (plaza, taxSettings: UpdateTaxSettingsRequest['taxSettings']) =>
    callMethod(plaza, updateTaxSettings, taxSettings, Object.keys(taxSettings)),
  );

export const useCreateTaxGroup = () =>
  useStoreChange(keys.groups(), (plaza, taxGroup: { name: string; isDefault?: boolean }) =>
    callMethod(plaza, createTaxGroup, taxGroup),
  );

export const useDeleteTaxGroup = () =>
  useStoreChange(keys.all(), (plaza, groupId: string) => callMethod(plaza, deleteTaxGroup, groupId));

export const useSaveTaxRegion = () =>
  useStoreChange(
    keys.regions(),
    (plaza, v: { id: null; region: TaxRegionInput } | { id: string; region: UpdateTaxRegionRequest['taxRegion'] }) =>
      v.id === null
        ? callMethod(plaza, createTaxRegion, v.region)
        : callMethod(plaza, updateTaxRegion, v.id, v.region, Object.keys(v.region)),
  );

export const useDeleteTaxRegion = () =>
  useStoreChange(keys.regions(), (plaza, regionId: string) => callMethod(plaza, deleteTaxRegion, regionId));
