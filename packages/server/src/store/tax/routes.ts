import {
  CreateTaxGroupRequest,
  CreateTaxRegionRequest,
  ListTaxGroupsResponse,
  ListTaxRegionsResponse,
  TaxGroupResponse,
  TaxRegionResponse,
  TaxSettingsResponse,
  UpdateTaxGroupRequest,
  UpdateTaxRegionRequest,
  UpdateTaxSettingsRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { ecomManagers, routeOptions } from '../../http/route-options.js';
import { crudRoutes } from '../../http/crud-routes.js';
import { createTaxGroup, deleteTaxGroup, getTaxGroup, listTaxGroups, updateTaxGroup } from './groups.service.js';
import { createTaxRegion, deleteTaxRegion, getTaxRegion, listTaxRegions, updateTaxRegion } from './regions.service.js';
import { getTaxSettings, updateTaxSettings } from './settings.service.js';
import { errorResponses } from '../../http/error-responses.js';

/** Tax configuration: the owner and `ecom` API keys only. */
const defaults = { tags: ['tax'], errors: errorResponses(404, 409), access: ecomManagers };
const route = routeOptions(defaults);

export function taxRoutes(app: App): void {
  registerTaxSettingsRoutes(app);
  registerTaxGroupRoutes(app);
  registerTaxRegionRoutes(app);
}

/** The site's tax settings. */
function registerTaxSettingsRoutes(app: App): void {
  app.get(
    '/ecom/v1/tax-settings',
    route({
      summary: 'Get the tax settings',
      description: 'Tax-inclusive or exclusive prices, MANUAL or AUTO calculation, the taxable address type.',
      response: TaxSettingsResponse,
    }),
    async (req) => ({ taxSettings: await getTaxSettings(req.ctx) }),
  );
  app.patch(
    '/ecom/v1/tax-settings',
    route({
      summary: 'Update the tax settings',
      description: 'Only the paths in `fieldMask.paths` change; `businessAddress: null` clears the address.',
      body: UpdateTaxSettingsRequest,
      response: TaxSettingsResponse,
    }),
    async (req) => ({ taxSettings: await updateTaxSettings(req.ctx, req.body) }),
  );
}

/** Tax groups: the kinds of goods taxed alike. */
function registerTaxGroupRoutes(app: App): void {
  crudRoutes(app, defaults, {
    path: '/ecom/v1/tax-groups',
    noun: 'tax group',
    key: 'taxGroup',
    schemas: {
      create: CreateTaxGroupRequest,
      update: UpdateTaxGroupRequest,
      one: TaxGroupResponse,
      many: ListTaxGroupsResponse,
    },
    service: {
      list: async (ctx) => ({ taxGroups: await listTaxGroups(ctx) }),
      get: getTaxGroup,
      create: createTaxGroup,
      update: updateTaxGroup,
      remove: deleteTaxGroup,
    },
    docs: {
      create: 'Products and lines point at a group by `taxGroupId`; `isDefault` makes it the group of the rest.',
      update: 'Only the paths in `fieldMask.paths` change.',
      remove: 'Lines still pointing at it are taxed as the default group.',
    },
  });
}

/** Tax regions: where the site collects tax, and at what rates. */
function registerTaxRegionRoutes(app: App): void {
  crudRoutes(app, defaults, {
    path: '/ecom/v1/tax-regions',
    noun: 'tax region',
    key: 'taxRegion',
    schemas: {
      create: CreateTaxRegionRequest,
      update: UpdateTaxRegionRequest,
      one: TaxRegionResponse,
      many: ListTaxRegionsResponse,
    },
    service: {
      list: async (ctx) => ({ taxRegions: await listTaxRegions(ctx) }),
      get: getTaxRegion,
      create: createTaxRegion,
      update: updateTaxRegion,
      remove: deleteTaxRegion,
    },
    docs: {
      create:
        'A country or one subdivision of it, with manual rates per jurisdiction (fractions, "0.0725"), tax-group ' +
        'overrides (rate or exempt), whether shipping and fees are taxed, and the fallback rate for AUTO. One ' +
        'region per place: another is 409 TAX_REGION_ALREADY_EXISTS.',
      update:
        'Only the paths in `fieldMask.paths` change; null clears subdivision, calculationOverride, groupOverrides.',
    },
  });
}
