import type {
  AdditionalFeeResponse,
  AdditionalFeeSettingInput,
  ListAdditionalFeesResponse,
  ListPickupLocationsResponse,
  ListShippingOptionsResponse,
  ListShippingRegionsResponse,
  PickupLocationInput,
  PickupLocationResponse,
  ShippingOptionInput,
  ShippingOptionResponse,
  ShippingProviderConfigurationInput,
  ShippingProviderConfigurationResponse,
  ShippingRegionInput,
  ShippingRegionResponse,
  UpdatePickupLocationRequest,
  UpdateShippingOptionRequest,
} from '@plaza/contracts';
import {
  createMethod,
  deleteMethod,
  getMethod,
  listMethod,
  queryMethod,
  updateMethod,
  updateSettingsMethod,
} from '../../core/crud.js';

export type {
  AdditionalFeeResponse,
  AdditionalFeeSetting,
  AdditionalFeeSettingInput,
  ListAdditionalFeesResponse,
  ListPickupLocationsResponse,
  ListShippingOptionsResponse,
  ListShippingRegionsResponse,
  PickupLocation,
  PickupLocationInput,
  PickupLocationResponse,
  ShippingOption,
  ShippingOptionInput,
  ShippingOptionResponse,
  ShippingProviderConfiguration,
  ShippingProviderConfigurationInput,
  ShippingProviderConfigurationResponse,
  ShippingRegion,
  ShippingRegionInput,
  ShippingRegionResponse,
} from '@plaza/contracts';

/*
 * Shipping and fee settings, for the dashboard and back-office scripts: every call needs the owner's token or an API
 * key with the `ecom` scope. Buyers never call these; they see the resulting options in a cart's or checkout's totals.
 */

const REGIONS = '/ecom/v1/shipping-regions';
const OPTIONS = '/ecom/v1/shipping-options';
const PICKUPS = '/ecom/v1/pickup-locations';
const FEES = '/ecom/v1/additional-fees';
const PROVIDER = '/ecom/v1/shipping-provider-configuration';

// --- Regions ---------------------------------------------------------------------------------------------------------

/**
 * Creates a region: some countries (optionally only some subdivisions) or WORLDWIDE, the rest of the world.
 *
 * @example
 * const { shippingRegion } = await admin.shippingRegions.createShippingRegion({
 *   name: 'US West', destinationScope: 'SPECIFIC_DESTINATIONS', destinations: [{ country: 'US', subdivisions: ['US-CA'] }],
 * });
 */
export const createShippingRegion = createMethod<ShippingRegionInput, ShippingRegionResponse>(
  REGIONS,
  'shippingRegion',
);

/** @example const { shippingRegions } = await admin.shippingRegions.listShippingRegions(); */
export const listShippingRegions = listMethod<ListShippingRegionsResponse>(REGIONS);

/** @example const { shippingRegion } = await admin.shippingRegions.getShippingRegion(id); */
export const getShippingRegion = getMethod<ShippingRegionResponse>(REGIONS, 'shippingRegion');

/**
 * Changes the fields named in `fieldMask`.
 *
 * @example
 * await admin.shippingRegions.updateShippingRegion(id, { name: 'West coast' }, ['name']);
 */
export const updateShippingRegion = updateMethod<Partial<ShippingRegionInput>, ShippingRegionResponse>(
  REGIONS,
  'shippingRegion',
);

/** Deletes the region and its shipping options. @example await admin.shippingRegions.deleteShippingRegion(id); */
export const deleteShippingRegion = deleteMethod(REGIONS, 'shippingRegion');

// --- Options ---------------------------------------------------------------------------------------------------------

/**
 * Creates an option of a region. Rates are tried in order; the first whose conditions all hold is the price.
 *
 * @example
 * await admin.shippingOptions.createShippingOption({
 *   shippingRegionId: region.id, title: 'Standard', estimatedDeliveryTime: '3–5 days',
 *   rates: [
 *     { price: { amount: '9.00' }, conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: '5' }] },
 *     { price: { amount: '4.50' } },
 *   ],
 *   freeShippingOver: { amount: '75' },
 *   deliveryTimeSlots: [{ weekday: 'SAT', fromHour: 9, toHour: 13 }],
 * });
 */
export const createShippingOption = createMethod<ShippingOptionInput, ShippingOptionResponse>(
  OPTIONS,
  'shippingOption',
);

/**
 * Every option, or one region's.
 *
 * @example
 * const { shippingOptions } = await admin.shippingOptions.listShippingOptions({ shippingRegionId: region.id });
 */
export const listShippingOptions = queryMethod<{ shippingRegionId?: string }, ListShippingOptionsResponse>(OPTIONS);

/** @example const { shippingOption } = await admin.shippingOptions.getShippingOption(id); */
export const getShippingOption = getMethod<ShippingOptionResponse>(OPTIONS, 'shippingOption');

/**
 * Changes the fields named in `fieldMask`; `null` clears `freeShippingOver` or `estimatedDeliveryTime`.
 *
 * @example
 * await admin.shippingOptions.updateShippingOption(id, { title: 'Express', freeShippingOver: null }, ['title', 'freeShippingOver']);
 */
export const updateShippingOption = updateMethod<UpdateShippingOptionRequest['shippingOption'], ShippingOptionResponse>(
  OPTIONS,
  'shippingOption',
);

/** @example await admin.shippingOptions.deleteShippingOption(id); */
export const deleteShippingOption = deleteMethod(OPTIONS, 'shippingOption');

// --- Pickup ----------------------------------------------------------------------------------------------------------

/**
 * Creates a pickup location, offered for every shipping address.
 *
 * @example
 * await admin.pickupLocations.createPickupLocation({
 *   name: 'Main store', pickupMethod: 'STORE_PICKUP', address: { country: 'US', city: 'Austin', addressLine: '1 Main St' },
 *   businessHours: 'Mon–Fri 9–17', fee: { amount: '0' },
 * });
 */
export const createPickupLocation = createMethod<PickupLocationInput, PickupLocationResponse>(
  PICKUPS,
  'pickupLocation',
);

/** @example const { pickupLocations } = await admin.pickupLocations.listPickupLocations(); */
export const listPickupLocations = listMethod<ListPickupLocationsResponse>(PICKUPS);

/** @example const { pickupLocation } = await admin.pickupLocations.getPickupLocation(id); */
export const getPickupLocation = getMethod<PickupLocationResponse>(PICKUPS, 'pickupLocation');

/**
 * Changes the fields named in `fieldMask`; `null` clears `fee`, `businessHours` or `instructions`.
 *
 * @example
 * await admin.pickupLocations.updatePickupLocation(id, { instructions: 'Ring twice' }, ['instructions']);
 */
export const updatePickupLocation = updateMethod<UpdatePickupLocationRequest['pickupLocation'], PickupLocationResponse>(
  PICKUPS,
  'pickupLocation',
);

/** @example await admin.pickupLocations.deletePickupLocation(id); */
export const deletePickupLocation = deleteMethod(PICKUPS, 'pickupLocation');

// --- Provider configuration ------------------------------------------------------------------------------------------

/**
 * The site's carrier configuration: ship-from address, carrier services with rate tables, packages, local delivery.
 *
 * @example
 * const { shippingProviderConfiguration } = await admin.shippingProviderConfiguration.getShippingProviderConfiguration();
 */
export const getShippingProviderConfiguration = listMethod<ShippingProviderConfigurationResponse>(PROVIDER);

/**
 * Changes the paths named in `fieldMask`.
 *
 * @example
 * await admin.shippingProviderConfiguration.updateShippingProviderConfiguration(
 *   {
 *     shipFromAddress: { country: 'US', geocode: { latitude: 40.78, longitude: -73.97 } },
 *     domesticServices: [{ service: 'GROUND_ADVANTAGE', enabled: true, rateTable: [{ maxWeight: 1, price: { amount: '4.00' } }] }],
 *     localDelivery: { enabled: true, radius: { value: 10, unit: 'KM' }, price: { amount: '6.00' } },
 *   },
 *   ['shipFromAddress', 'domesticServices', 'localDelivery'],
 * );
 */
export const updateShippingProviderConfiguration = updateSettingsMethod<
  ShippingProviderConfigurationInput,
  ShippingProviderConfigurationResponse
>(PROVIDER, 'shippingProviderConfiguration');

// --- Additional fees -------------------------------------------------------------------------------------------------

/**
 * Creates a fee setting: HANDLING_FEE or INSURANCE, FIXED (per order or per item) or PERCENTAGE of the items.
 *
 * @example
 * await admin.additionalFees.createAdditionalFee({
 *   name: 'Insurance', type: 'INSURANCE', surcharge: { type: 'PERCENTAGE', percentage: 1.5 }, taxable: true,
 * });
 */
export const createAdditionalFee = createMethod<AdditionalFeeSettingInput, AdditionalFeeResponse>(
  FEES,
  'additionalFee',
);

/** @example const { additionalFees } = await admin.additionalFees.listAdditionalFees(); */
export const listAdditionalFees = listMethod<ListAdditionalFeesResponse>(FEES);

/** @example const { additionalFee } = await admin.additionalFees.getAdditionalFee(id); */
export const getAdditionalFee = getMethod<AdditionalFeeResponse>(FEES, 'additionalFee');

/** @example await admin.additionalFees.updateAdditionalFee(id, { enabled: false }, ['enabled']); */
export const updateAdditionalFee = updateMethod<Partial<AdditionalFeeSettingInput>, AdditionalFeeResponse>(
  FEES,
  'additionalFee',
);

/** @example await admin.additionalFees.deleteAdditionalFee(id); */
export const deleteAdditionalFee = deleteMethod(FEES, 'additionalFee');

/**
 * The shipping modules: `import { shippingRegions, shippingOptions } from '@plaza/sdk/ecom'`, then
 * `createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { shippingRegions, shippingOptions } })`.
 *
 * @example
 * const admin = createClient({ baseUrl, auth, modules: { shippingRegions, shippingOptions, pickupLocations } });
 */
export const shippingRegions = {
  createShippingRegion,
  listShippingRegions,
  getShippingRegion,
  updateShippingRegion,
  deleteShippingRegion,
};
export const shippingOptions = {
  createShippingOption,
  listShippingOptions,
  getShippingOption,
  updateShippingOption,
  deleteShippingOption,
};
export const pickupLocations = {
  createPickupLocation,
  listPickupLocations,
  getPickupLocation,
  updatePickupLocation,
  deletePickupLocation,
};
export const shippingProviderConfiguration = {
  getShippingProviderConfiguration,
  updateShippingProviderConfiguration,
};
export const additionalFees = {
  createAdditionalFee,
  listAdditionalFees,
  getAdditionalFee,
  updateAdditionalFee,
  deleteAdditionalFee,
};
