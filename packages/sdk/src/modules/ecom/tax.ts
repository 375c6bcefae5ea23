import type {
  ListTaxGroupsResponse,
  ListTaxRegionsResponse,
  TaxGroupInput,
  TaxGroupResponse,
  TaxRegionInput,
  TaxRegionResponse,
  TaxSettingsResponse,
  UpdateTaxRegionRequest,
  UpdateTaxSettingsRequest,
} from '@plaza/contracts';
import {
  createMethod,
  deleteMethod,
  getMethod,
  listMethod,
  updateMethod,
  updateSettingsMethod,
} from '../../core/crud.js';

export type {
  ListTaxGroupsResponse,
  ListTaxRegionsResponse,
  TaxGroup,
  TaxGroupInput,
  TaxGroupOverride,
  TaxGroupResponse,
  TaxJurisdiction,
  TaxRegion,
  TaxRegionInput,
  TaxRegionResponse,
  TaxSettings,
  TaxSettingsResponse,
} from '@plaza/contracts';

/*
 * Tax configuration, for the dashboard and back-office scripts: every call needs the owner's token or an API key with
 * the `ecom` scope. Buyers see the result as tax in a cart's or checkout's totals. Rates are fractions as strings.
 */

const SETTINGS = '/ecom/v1/tax-settings';
const GROUPS = '/ecom/v1/tax-groups';
const REGIONS = '/ecom/v1/tax-regions';

/** @example const { taxSettings } = await admin.taxSettings.getTaxSettings(); */
export const getTaxSettings = listMethod<TaxSettingsResponse>(SETTINGS);

/**
 * Changes the settings named in `fieldMask` (`businessAddress: null` clears it).
 *
 * @example
 * await admin.taxSettings.updateTaxSettings({ taxIncludedInPrices: true, calculationMode: 'AUTO' }, [
 *   'taxIncludedInPrices',
 *   'calculationMode',
 * ]);
 */
export const updateTaxSettings = updateSettingsMethod<UpdateTaxSettingsRequest['taxSettings'], TaxSettingsResponse>(
  SETTINGS,
  'taxSettings',
);

/**
 * Creates a tax group; products and lines point at it by `taxGroupId`. `isDefault` makes it the group of every line
 * without one.
 *
 * @example const { taxGroup: books } = await admin.taxGroups.createTaxGroup({ name: 'Books' });
 */
export const createTaxGroup = createMethod<TaxGroupInput, TaxGroupResponse>(GROUPS, 'taxGroup');

/** @example const { taxGroups } = await admin.taxGroups.listTaxGroups(); */
export const listTaxGroups = listMethod<ListTaxGroupsResponse>(GROUPS);

/** @example const { taxGroup } = await admin.taxGroups.getTaxGroup(id); */
export const getTaxGroup = getMethod<TaxGroupResponse>(GROUPS, 'taxGroup');

/** @example await admin.taxGroups.updateTaxGroup(id, { isDefault: true }, ['isDefault']); */
export const updateTaxGroup = updateMethod<Partial<TaxGroupInput>, TaxGroupResponse>(GROUPS, 'taxGroup');

/** Lines still pointing at it are taxed as the default group. @example await admin.taxGroups.deleteTaxGroup(id); */
export const deleteTaxGroup = deleteMethod(GROUPS, 'taxGroup');

/**
 * Creates the region of a country (or one subdivision of it) with its manual rates per jurisdiction.
 *
 * @example
 * await admin.taxRegions.createTaxRegion({
 *   country: 'US', subdivision: 'US-CA',
 *   jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.06' }, { name: 'Los Angeles', type: 'CITY', rate: '0.0125' }],
 *   groupOverrides: [{ taxGroupId: books.id, rate: '0.05' }],
 *   taxShipping: true, fallbackRate: '0.0725',
 * });
 */
export const createTaxRegion = createMethod<TaxRegionInput, TaxRegionResponse>(REGIONS, 'taxRegion');

/** @example const { taxRegions } = await admin.taxRegions.listTaxRegions(); */
export const listTaxRegions = listMethod<ListTaxRegionsResponse>(REGIONS);

/** @example const { taxRegion } = await admin.taxRegions.getTaxRegion(id); */
export const getTaxRegion = getMethod<TaxRegionResponse>(REGIONS, 'taxRegion');

/**
 * Changes the fields named in `fieldMask`; null clears `subdivision`, `calculationOverride` or `groupOverrides`.
 *
 * @example await admin.taxRegions.updateTaxRegion(id, { calculationOverride: 'MANUAL' }, ['calculationOverride']);
 */
export const updateTaxRegion = updateMethod<UpdateTaxRegionRequest['taxRegion'], TaxRegionResponse>(
  REGIONS,
  'taxRegion',
);

/** @example await admin.taxRegions.deleteTaxRegion(id); */
export const deleteTaxRegion = deleteMethod(REGIONS, 'taxRegion');

/**
 * Modules for `createClient({ modules })`.
 *
 * @example
 * const admin = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { taxSettings, taxGroups, taxRegions } });
 */
export const taxSettings = { getTaxSettings, updateTaxSettings };
export const taxGroups = { createTaxGroup, listTaxGroups, getTaxGroup, updateTaxGroup, deleteTaxGroup };
export const taxRegions = { createTaxRegion, listTaxRegions, getTaxRegion, updateTaxRegion, deleteTaxRegion };
