import { queryOptions, type QueryClient } from '@tanstack/react-query';
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
import { call, invalidating, type FetchClient } from '../call.js';
import { storeQueries } from './roots.js';

export const taxQueries = {
  all: () => [...storeQueries.all(), 'tax'] as const,
  settingsKey: () => [...taxQueries.all(), 'settings'] as const,
  groupsKey: () => [...taxQueries.all(), 'groups'] as const,
  regionsKey: () => [...taxQueries.all(), 'regions'] as const,
  settings: (client: FetchClient) =>
    queryOptions({
      queryKey: taxQueries.settingsKey(),
      queryFn: () => call(client, getTaxSettings).then((r) => r.taxSettings),
    }),
  groups: (client: FetchClient) =>
    queryOptions({
      queryKey: taxQueries.groupsKey(),
      queryFn: () => call(client, listTaxGroups).then((r) => r.taxGroups),
    }),
  regions: (client: FetchClient) =>
    queryOptions({
      queryKey: taxQueries.regionsKey(),
      queryFn: () => call(client, listTaxRegions).then((r) => r.taxRegions),
    }),
};

/** A new region (`id` null) or the changed fields of one. */
export type TaxRegionSave =
  { id: null; region: TaxRegionInput } | { id: string; region: UpdateTaxRegionRequest['taxRegion'] };

export const taxMutations = {
  updateSettings: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, taxQueries.settingsKey(), (taxSettings: UpdateTaxSettingsRequest['taxSettings']) =>
      call(client, updateTaxSettings, taxSettings, Object.keys(taxSettings)),
    ),
  createGroup: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, taxQueries.groupsKey(), (taxGroup: { name: string; isDefault?: boolean }) =>
      call(client, createTaxGroup, taxGroup),
    ),
  /** Regions may name the group, so everything about tax is read again. */
  deleteGroup: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, taxQueries.all(), (groupId: string) => call(client, deleteTaxGroup, groupId)),
  saveRegion: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, taxQueries.regionsKey(), (v: TaxRegionSave) =>
      v.id === null
        ? call(client, createTaxRegion, v.region)
        : call(client, updateTaxRegion, v.id, v.region, Object.keys(v.region)),
    ),
  deleteRegion: (client: FetchClient, qc: QueryClient) =>
    invalidating(qc, taxQueries.regionsKey(), (regionId: string) => call(client, deleteTaxRegion, regionId)),
};
