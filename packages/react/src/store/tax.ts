import type { UpdateTaxRegionRequest } from '@plaza/contracts';
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
import type { FetchClient } from '../call.js';
import { fieldQuery, invalidatingCall, patchingSettings, saving } from '../factories.js';
import { storeQueries } from './roots.js';

export const taxQueries = {
  all: () => [...storeQueries.all(), 'tax'] as const,
  settingsKey: () => [...taxQueries.all(), 'settings'] as const,
  groupsKey: () => [...taxQueries.all(), 'groups'] as const,
  regionsKey: () => [...taxQueries.all(), 'regions'] as const,
  settings: (client: FetchClient) => fieldQuery(client, taxQueries.settingsKey(), getTaxSettings, 'taxSettings'),
  groups: (client: FetchClient) => fieldQuery(client, taxQueries.groupsKey(), listTaxGroups, 'taxGroups'),
  regions: (client: FetchClient) => fieldQuery(client, taxQueries.regionsKey(), listTaxRegions, 'taxRegions'),
};

/** A new region (`id` null) or the changed fields of one. */
export type TaxRegionSave =
  { id: null; region: TaxRegionInput } | { id: string; region: UpdateTaxRegionRequest['taxRegion'] };

export const taxMutations = {
  updateSettings: patchingSettings(taxQueries.settingsKey(), updateTaxSettings),
  createGroup: invalidatingCall(taxQueries.groupsKey(), createTaxGroup),
  /** Regions may name the group, so everything about tax is read again. */
  deleteGroup: invalidatingCall(taxQueries.all(), deleteTaxGroup),
  saveRegion: saving(
    taxQueries.regionsKey(),
    { create: createTaxRegion, update: updateTaxRegion },
    (v: TaxRegionSave) => v.region,
  ),
  deleteRegion: invalidatingCall(taxQueries.regionsKey(), deleteTaxRegion),
};
