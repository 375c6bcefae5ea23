import {
  CreateTaxGroupRequest,
  CreateTaxRegionRequest,
  EmptyResponse,
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
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';
import { createTaxGroup, deleteTaxGroup, getTaxGroup, listTaxGroups, updateTaxGroup } from './groups.service.js';
import { createTaxRegion, deleteTaxRegion, getTaxRegion, listTaxRegions, updateTaxRegion } from './regions.service.js';
import { getTaxSettings, updateTaxSettings } from './settings.service.js';
import { errorResponses } from '../../http/error-responses.js';

/** Tax configuration: the owner and `ecom` API keys only. */
const route = routeOptions({ tags: ['tax'], errors: errorResponses(404, 409), access: ecomManagers });

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
  app.post(
    '/ecom/v1/tax-groups',
    route({
      summary: 'Create a tax group',
      description: 'Products and lines point at a group by `taxGroupId`; `isDefault` makes it the group of the rest.',
      body: CreateTaxGroupRequest,
      response: TaxGroupResponse,
    }),
    async (req) => ({ taxGroup: await createTaxGroup(req.ctx, req.body) }),
  );
  app.get(
    '/ecom/v1/tax-groups',
    route({ summary: 'List tax groups', response: ListTaxGroupsResponse }),
    async (req) => ({ taxGroups: await listTaxGroups(req.ctx) }),
  );
  app.get(
    '/ecom/v1/tax-groups/:id',
    route({ summary: 'Get a tax group', params: IdParams, response: TaxGroupResponse }),
    async (req) => ({ taxGroup: await getTaxGroup(req.ctx, req.params.id) }),
  );
  app.patch(
    '/ecom/v1/tax-groups/:id',
    route({
      summary: 'Update a tax group',
      description: 'Only the paths in `fieldMask.paths` change.',
      params: IdParams,
      body: UpdateTaxGroupRequest,
      response: TaxGroupResponse,
    }),
    async (req) => ({ taxGroup: await updateTaxGroup(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    '/ecom/v1/tax-groups/:id',
    route({
      summary: 'Delete a tax group',
      description: 'Lines still pointing at it are taxed as the default group.',
      params: IdParams,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(deleteTaxGroup(req.ctx, req.params.id)),
  );
}

/** Tax regions: where the site collects tax, and at what rates. */
function registerTaxRegionRoutes(app: App): void {
  app.post(
    '/ecom/v1/tax-regions',
    route({
      summary: 'Create a tax region',
      description:
        'A country or one subdivision of it, with manual rates per jurisdiction (fractions, "0.0725"), tax-group ' +
        'overrides (rate or exempt), whether shipping and fees are taxed, and the fallback rate for AUTO. One ' +
        'region per place: another is 409 TAX_REGION_ALREADY_EXISTS.',
      body: CreateTaxRegionRequest,
      response: TaxRegionResponse,
    }),
    async (req) => ({ taxRegion: await createTaxRegion(req.ctx, req.body) }),
  );
  app.get(
    '/ecom/v1/tax-regions',
    route({ summary: 'List tax regions', response: ListTaxRegionsResponse }),
    async (req) => ({ taxRegions: await listTaxRegions(req.ctx) }),
  );
  app.get(
    '/ecom/v1/tax-regions/:id',
    route({ summary: 'Get a tax region', params: IdParams, response: TaxRegionResponse }),
    async (req) => ({ taxRegion: await getTaxRegion(req.ctx, req.params.id) }),
  );
  app.patch(
    '/ecom/v1/tax-regions/:id',
    route({
      summary: 'Update a tax region',
      description:
        'Only the paths in `fieldMask.paths` change; null clears subdivision, calculationOverride, groupOverrides.',
      params: IdParams,
      body: UpdateTaxRegionRequest,
      response: TaxRegionResponse,
    }),
    async (req) => ({ taxRegion: await updateTaxRegion(req.ctx, req.params.id, req.body) }),
  );
  app.delete(
    '/ecom/v1/tax-regions/:id',
    route({ summary: 'Delete a tax region', params: IdParams, response: EmptyResponse }),
    async (req) => emptyAfter(deleteTaxRegion(req.ctx, req.params.id)),
  );
}
