import type { TSchema } from 'typebox';
import {
  AdditionalFeeResponse,
  CreateAdditionalFeeRequest,
  CreatePickupLocationRequest,
  CreateShippingOptionRequest,
  CreateShippingRegionRequest,
  EmptyResponse,
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
import type { Ctx } from '../../kernel/context.js';
import type { App } from '../../http/types.js';
import { createFee, deleteFee, getFee, listFees, updateFee } from './fees.service.js';
import { createOption, deleteOption, getOption, listOptions, updateOption } from './options.service.js';
import { createPickup, deletePickup, getPickup, listPickups, updatePickup } from './pickup.service.js';
import { getProviderConfiguration, updateProviderConfiguration } from './provider.service.js';
import { createRegion, deleteRegion, getRegion, listRegions, updateRegion } from './regions.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

/** Shipping and fee settings are back office: the owner and API keys with `ecom` (buyers see options in totals). */
const route = routeOptions({ tags: ['shipping'], errors: errorResponses(404, 409), access: ecomManagers });

/** One resource's routes: where it lives, its schemas, its service and the notes of its docs. */
interface Resource<C, U, Q> {
  path: string;
  noun: string;
  key: string;
  schemas: { create: TSchema; update: TSchema; one: TSchema; many: TSchema; listQuery?: TSchema };
  s: {
    list: (ctx: Ctx, query: Q) => Promise<unknown>;
    get: (ctx: Ctx, id: string) => Promise<unknown>;
    create: (ctx: Ctx, body: C) => Promise<unknown>;
    update: (ctx: Ctx, id: string, body: U) => Promise<unknown>;
    remove: (ctx: Ctx, id: string) => Promise<void>;
  };
  notes: { create?: string; update?: string; remove?: string; list?: string };
}

/** Registers list, get, create, update and delete for one resource. */
function crudRoutes<C, U, Q>(
  app: App,
  path: string,
  noun: string,
  key: string,
  schemas: Resource<C, U, Q>['schemas'],
  s: Resource<C, U, Q>['s'],
  notes: Resource<C, U, Q>['notes'] = {},
): void {
  const resource = { path, noun, key, schemas, s, notes };
  createAndReadRoutes(app, resource);
  updateAndDeleteRoutes(app, resource);
}

function createAndReadRoutes<C, U, Q>(app: App, { path, noun, key, schemas, s, notes }: Resource<C, U, Q>): void {
  app.post(
    path,
    route({
      summary: `Create a ${noun}`,
      description: notes.create ?? `Money is a decimal string in the site currency ("4.99").`,
      body: schemas.create,
      response: schemas.one,
    }),
    async (req) => ({ [key]: await s.create(req.ctx, req.body as C) }),
  );
  app.get(
    path,
    route({
      summary: `List ${noun}s`,
      description: notes.list ?? 'Oldest first.',
      querystring: schemas.listQuery,
      response: schemas.many,
    }),
    async (req) => s.list(req.ctx, req.query as Q),
  );
  app.get(`${path}/:id`, route({ summary: `Get a ${noun}`, params: IdParams, response: schemas.one }), async (req) => ({
    [key]: await s.get(req.ctx, req.params.id),
  }));
}

function updateAndDeleteRoutes<C, U, Q>(app: App, { path, noun, key, schemas, s, notes }: Resource<C, U, Q>): void {
  app.patch(
    `${path}/:id`,
    route({
      summary: `Update a ${noun}`,
      description:
        notes.update ?? 'Only the paths in `fieldMask.paths` change (top-level fields); the result is checked whole.',
      params: IdParams,
      body: schemas.update,
      response: schemas.one,
    }),
    async (req) => ({
      [key]: await s.update(req.ctx, req.params.id, req.body as U),
    }),
  );
  app.delete(
    `${path}/:id`,
    route({
      summary: `Delete a ${noun}`,
      description: notes.remove,
      params: IdParams,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(s.remove(req.ctx, req.params.id)),
  );
}

export function shippingRoutes(app: App): void {
  registerRegionAndOptionRoutes(app);
  registerPickupAndFeeRoutes(app);
  registerProviderRoutes(app);
}

/** Shipping regions and the shipping options offered in them. */
function registerRegionAndOptionRoutes(app: App): void {
  crudRoutes(
    app,
    '/ecom/v1/shipping-regions',
    'shipping region',
    'shippingRegion',
    {
      create: CreateShippingRegionRequest,
      update: UpdateShippingRegionRequest,
      one: ShippingRegionResponse,
      many: ListShippingRegionsResponse,
    },
    {
      list: async (ctx) => ({ shippingRegions: await listRegions(ctx) }),
      get: getRegion,
      create: createRegion,
      update: updateRegion,
      remove: deleteRegion,
    },
    {
      create:
        'SPECIFIC_DESTINATIONS lists countries (optionally only some subdivisions); WORLDWIDE covers the rest of the ' +
        'world. An address matches the most specific region. A destination another region already claims at the ' +
        'same level is 409 DESTINATION_ALREADY_COVERED; a second WORLDWIDE region is 409 WORLDWIDE_REGION_EXISTS.',
      remove: 'Its shipping options are deleted with it.',
    },
  );
  crudRoutes(
    app,
    '/ecom/v1/shipping-options',
    'shipping option',
    'shippingOption',
    {
      create: CreateShippingOptionRequest,
      update: UpdateShippingOptionRequest,
      one: ShippingOptionResponse,
      many: ListShippingOptionsResponse,
      listQuery: ListShippingOptionsQuery,
    },
    {
      list: async (ctx, query: ListShippingOptionsQuery) => ({ shippingOptions: await listOptions(ctx, query) }),
      get: getOption,
      create: createOption,
      update: updateOption,
      remove: deleteOption,
    },
    {
      create:
        'Rates are tried in order; the first whose conditions all hold (by total weight, price after discounts or ' +
        'quantity of the shippable items; EQ, GT, GTE, LT, LTE) is the price, and a rate without conditions always ' +
        'holds. No rate holding: the option is not offered. `freeShippingOver`: free from that items total on. ' +
        'Delivery time slots are weekly hours in the site time zone; buyers see the next concrete windows.',
      list: 'Oldest first; `shippingRegionId` narrows to one region.',
    },
  );
}

/** Pickup locations and additional fees. */
function registerPickupAndFeeRoutes(app: App): void {
  crudRoutes(
    app,
    '/ecom/v1/pickup-locations',
    'pickup location',
    'pickupLocation',
    {
      create: CreatePickupLocationRequest,
      update: UpdatePickupLocationRequest,
      one: PickupLocationResponse,
      many: ListPickupLocationsResponse,
    },
    {
      list: async (ctx) => ({ pickupLocations: await listPickups(ctx) }),
      get: getPickup,
      create: createPickup,
      update: updatePickup,
      remove: deletePickup,
    },
    { create: 'Offered for every shipping address, at its `fee` (free when none).' },
  );
  crudRoutes(
    app,
    '/ecom/v1/additional-fees',
    'additional fee setting',
    'additionalFee',
    {
      create: CreateAdditionalFeeRequest,
      update: UpdateAdditionalFeeRequest,
      one: AdditionalFeeResponse,
      many: ListAdditionalFeesResponse,
    },
    {
      list: async (ctx) => ({ additionalFees: await listFees(ctx) }),
      get: getFee,
      create: createFee,
      update: updateFee,
      remove: deleteFee,
    },
    {
      create:
        'HANDLING_FEE or INSURANCE. FIXED: `amount` once per order (PER_ORDER, the default) or per unit (PER_ITEM); ' +
        'PERCENTAGE: `percentage` of those items before discounts. Without `catalogItemIds` the fee counts the ' +
        'shippable lines; with it, the lines of those products. Fees appear in totals with source ITEM.',
    },
  );
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
