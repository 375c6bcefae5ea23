import type { TSchema } from 'typebox';
import {
  AdditionalFeeResponse,
  CreateAdditionalFeeRequest,
  CreatePickupLocationRequest,
  CreateShippingOptionRequest,
  CreateShippingRegionRequest,
  ListAdditionalFeesResponse,
  ListPickupLocationsResponse,
  ListShippingOptionsQuery,
  ListShippingOptionsResponse,
  ListShippingRegionsResponse,
  PickupLocationResponse,
  ShippingOptionResponse,
  ShippingProviderConfigurationResponse,
  ShippingRegionResponse,
  UpdateAdditionalFeeRequest,
  UpdatePickupLocationRequest,
  UpdateShippingOptionRequest,
  UpdateShippingProviderConfigurationRequest,
  UpdateShippingRegionRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { createFee, deleteFee, getFee, listFees, updateFee } from './fees.service.js';
import { createOption, deleteOption, getOption, listOptions, updateOption } from './options.service.js';
import { createPickup, deletePickup, getPickup, listPickups, updatePickup } from './pickup.service.js';
import { getProviderConfiguration, updateProviderConfiguration } from './provider.service.js';
import { createRegion, deleteRegion, getRegion, listRegions, updateRegion } from './regions.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, routeOptions } from '../../http/route-options.js';
import { crudRoutes, type CrudResource } from '../../http/crud-routes.js';

/** Shipping and fee settings are back office: the owner and API keys with `ecom` (buyers see options in totals). */
const defaults = { tags: ['shipping'], errors: errorResponses(404, 409), access: ecomManagers };
const route = routeOptions(defaults);

/** The notes most shipping resources share: money as decimals, lists oldest first, a whole-checked field mask. */
const usualDocs = {
  create: 'Money is a decimal string in the site currency ("4.99").',
  list: 'Oldest first.',
  update: 'Only the paths in `fieldMask.paths` change (top-level fields); the result is checked whole.',
};

/** One shipping resource's CRUD, with the usual notes where it gives none of its own. */
function shippingCrud<C extends TSchema, U extends TSchema, Q extends TSchema>(
  app: App,
  resource: CrudResource<C, U, Q>,
): void {
  crudRoutes(app, defaults, { ...resource, docs: { ...usualDocs, ...resource.docs } });
}

export function shippingRoutes(app: App): void {
  registerRegionAndOptionRoutes(app);
  registerPickupAndFeeRoutes(app);
  registerProviderRoutes(app);
}

/** Shipping regions and the shipping options offered in them. */
function registerRegionAndOptionRoutes(app: App): void {
  shippingCrud(app, {
    path: '/ecom/v1/shipping-regions',
    noun: 'shipping region',
    key: 'shippingRegion',
    schemas: {
      create: CreateShippingRegionRequest,
      update: UpdateShippingRegionRequest,
      one: ShippingRegionResponse,
      many: ListShippingRegionsResponse,
    },
    service: {
      list: async (ctx) => ({ shippingRegions: await listRegions(ctx) }),
      get: getRegion,
      create: createRegion,
      update: updateRegion,
      remove: deleteRegion,
    },
    docs: {
      create:
        'SPECIFIC_DESTINATIONS lists countries (optionally only some subdivisions); WORLDWIDE covers the rest of the ' +
        'world. An address matches the most specific region. A destination another region already claims at the ' +
        'same level is 409 DESTINATION_ALREADY_COVERED; a second WORLDWIDE region is 409 WORLDWIDE_REGION_EXISTS.',
      remove: 'Its shipping options are deleted with it.',
    },
  });
  shippingCrud(app, {
    path: '/ecom/v1/shipping-options',
    noun: 'shipping option',
    key: 'shippingOption',
    schemas: {
      create: CreateShippingOptionRequest,
      update: UpdateShippingOptionRequest,
      one: ShippingOptionResponse,
      many: ListShippingOptionsResponse,
      listQuery: ListShippingOptionsQuery,
    },
    service: {
      list: async (ctx, query) => ({ shippingOptions: await listOptions(ctx, query) }),
      get: getOption,
      create: createOption,
      update: updateOption,
      remove: deleteOption,
    },
    docs: {
      create:
        'Rates are tried in order; the first whose conditions all hold (by total weight, price after discounts or ' +
        'quantity of the shippable items; EQ, GT, GTE, LT, LTE) is the price, and a rate without conditions always ' +
        'holds. No rate holding: the option is not offered. `freeShippingOver`: free from that items total on. ' +
        'Delivery time slots are weekly hours in the site time zone; buyers see the next concrete windows.',
      list: 'Oldest first; `shippingRegionId` narrows to one region.',
    },
  });
}

/** Pickup locations and additional fees. */
function registerPickupAndFeeRoutes(app: App): void {
  shippingCrud(app, {
    path: '/ecom/v1/pickup-locations',
    noun: 'pickup location',
    key: 'pickupLocation',
    schemas: {
      create: CreatePickupLocationRequest,
      update: UpdatePickupLocationRequest,
      one: PickupLocationResponse,
      many: ListPickupLocationsResponse,
    },
    service: {
      list: async (ctx) => ({ pickupLocations: await listPickups(ctx) }),
      get: getPickup,
      create: createPickup,
      update: updatePickup,
      remove: deletePickup,
    },
    docs: { create: 'Offered for every shipping address, at its `fee` (free when none).' },
  });
  shippingCrud(app, {
    path: '/ecom/v1/additional-fees',
    noun: 'additional fee setting',
    key: 'additionalFee',
    schemas: {
      create: CreateAdditionalFeeRequest,
      update: UpdateAdditionalFeeRequest,
      one: AdditionalFeeResponse,
      many: ListAdditionalFeesResponse,
    },
    service: {
      list: async (ctx) => ({ additionalFees: await listFees(ctx) }),
      get: getFee,
      create: createFee,
      update: updateFee,
      remove: deleteFee,
    },
    docs: {
      create:
        'HANDLING_FEE or INSURANCE. FIXED: `amount` once per order (PER_ORDER, the default) or per unit (PER_ITEM); ' +
        'PERCENTAGE: `percentage` of those items before discounts. Without `catalogItemIds` the fee counts the ' +
        'shippable lines; with it, the lines of those products. Fees appear in totals with source ITEM.',
    },
  });
}

/** The shipping provider's configuration. */
function registerProviderRoutes(app: App): void {
  app.get(
    '/ecom/v1/shipping-provider-configuration',
    route({
      summary: 'Get the shipping provider configuration',
      description: 'One per site: ship-from address, carrier services with rate tables, package types, local delivery.',
      response: ShippingProviderConfigurationResponse,
    }),
    async (req) => ({ shippingProviderConfiguration: await getProviderConfiguration(req.ctx) }),
  );
  app.patch(
    '/ecom/v1/shipping-provider-configuration',
    route({
      summary: 'Update the shipping provider configuration',
      description:
        'Only the paths in `fieldMask.paths` change. With no SHIPPING_RATES app (or when it fails), enabled carrier ' +
        'services are offered priced from their rate tables: domestic ones when the destination is in the ' +
        "ship-from country. Local delivery needs the ship-from address's geocode and reaches addresses with a " +
        'geocode within its radius.',
      body: UpdateShippingProviderConfigurationRequest,
      response: ShippingProviderConfigurationResponse,
    }),
    async (req) => ({ shippingProviderConfiguration: await updateProviderConfiguration(req.ctx, req.body) }),
  );
}
