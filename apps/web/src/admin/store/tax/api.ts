import { useQuery } from '@tanstack/react-query';
import type {
  TaxGroup,
  TaxRegion,
  TaxRegionInput,
  TaxSettings,
  UpdateTaxRegionRequest,
  UpdateTaxSettingsRequest,
} from '@plaza/contracts';
import { storeKeys, usePlazaClient, useStoreChange } from '../api.js';

// The tax SDK module (@plaza/sdk/ecom tax.ts) was still empty when this screen was written, so these call the routes
// with `client.fetch` and the contracts' types, as the Developers screens do; switch to the SDK methods once they land.
const SETTINGS = '/ecom/v1/tax-settings';
const GROUPS = '/ecom/v1/tax-groups';
const REGIONS = '/ecom/v1/tax-regions';
const id = encodeURIComponent;

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
    queryFn: () => plaza.fetch<{ taxSettings: TaxSettings }>(SETTINGS).then((r) => r.taxSettings),
  });
}

export function useTaxGroups() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.groups(),
    queryFn: () => plaza.fetch<{ taxGroups: TaxGroup[] }>(GROUPS).then((r) => r.taxGroups),
  });
}

export function useTaxRegions() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: keys.regions(),
    queryFn: () => plaza.fetch<{ taxRegions: TaxRegion[] }>(REGIONS).then((r) => r.taxRegions),
  });
}

export const useUpdateTaxSettings = () =>
  useStoreChange(keys.settings(), (plaza, taxSettings: UpdateTaxSettingsRequest['taxSettings']) =>
    plaza.fetch<{ taxSettings: TaxSettings }>(SETTINGS, {
      method: 'PATCH',
      body: { taxSettings, fieldMask: { paths: Object.keys(taxSettings) } },
    }),
  );

export const useCreateTaxGroup = () =>
  useStoreChange(keys.groups(), (plaza, taxGroup: { name: string; isDefault?: boolean }) =>
    plaza.fetch<{ taxGroup: TaxGroup }>(GROUPS, { method: 'POST', body: { taxGroup } }),
  );

export const useDeleteTaxGroup = () =>
  useStoreChange(keys.all(), (plaza, groupId: string) =>
    plaza.fetch<object>(`${GROUPS}/${id(groupId)}`, { method: 'DELETE' }),
  );

export const useSaveTaxRegion = () =>
  useStoreChange(
    keys.regions(),
    (plaza, v: { id: null; region: TaxRegionInput } | { id: string; region: UpdateTaxRegionRequest['taxRegion'] }) =>
      v.id === null
        ? plaza.fetch<{ taxRegion: TaxRegion }>(REGIONS, { method: 'POST', body: { taxRegion: v.region } })
        : plaza.fetch<{ taxRegion: TaxRegion }>(`${REGIONS}/${id(v.id)}`, {
            method: 'PATCH',
            body: { taxRegion: v.region, fieldMask: { paths: Object.keys(v.region) } },
          }),
  );

export const useDeleteTaxRegion = () =>
  useStoreChange(keys.regions(), (plaza, regionId: string) =>
    plaza.fetch<object>(`${REGIONS}/${id(regionId)}`, { method: 'DELETE' }),
  );
