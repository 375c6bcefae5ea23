import {
  CheckoutResponse,
  CheckoutTemplateResponse,
  CreateCheckoutTemplateRequest,
  EmptyResponse,
  ListCheckoutTemplatesQuery,
  ListCheckoutTemplatesResponse,
  UpdateCheckoutTemplateRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import {
  createCheckoutFromTemplate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './templates.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { ecomManagers, emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

const BASE = '/ecom/v1/checkout-templates';

const route = routeOptions({ tags: ['checkout templates'], errors: errorResponses(404, 409), access: ecomManagers });

export function templateRoutes(app: App): void {
  registerTemplateReadRoutes(app);
  registerTemplateChangeRoutes(app);
}

/** Creating templates, listing them and reading one. */
function registerTemplateReadRoutes(app: App): void {
  app.post(
    BASE,
    route({
      summary: 'Create a checkout template',
      description:
        'Predefined catalog lines and coupon; `buyNowUrl` is the shareable link (`/buy/{id}` on the site) that ' +
        'turns it into a checkout for whoever opens it. Lines must name sellable items.',
      body: CreateCheckoutTemplateRequest,
      response: CheckoutTemplateResponse,
    }),
    async (req) => ({ checkoutTemplate: await createTemplate(req.ctx, req.body) }),
  );

  app.get(
    BASE,
    route({
      summary: 'List checkout templates',
      description: 'Newest first, offset paging, optionally by status.',
      querystring: ListCheckoutTemplatesQuery,
      response: ListCheckoutTemplatesResponse,
    }),
    async (req) => listTemplates(req.ctx, req.query),
  );

  app.get(
    `${BASE}/:id`,
    route({
      summary: 'Get a checkout template',
      params: IdParams,
      response: CheckoutTemplateResponse,
    }),
    async (req) => ({ checkoutTemplate: await getTemplate(req.ctx, req.params.id) }),
  );
}

/** Changing and deleting a template, and making a checkout from it. */
function registerTemplateChangeRoutes(app: App): void {
  app.patch(
    `${BASE}/:id`,
    route({
      summary: 'Update a checkout template',
      description: 'Only the paths in `fieldMask.paths` change (name, status, lineItems, couponCode).',
      params: IdParams,
      body: UpdateCheckoutTemplateRequest,
      response: CheckoutTemplateResponse,
    }),
    async (req) => ({ checkoutTemplate: await updateTemplate(req.ctx, req.params.id, req.body) }),
  );

  app.delete(
    `${BASE}/:id`,
    route({
      summary: 'Delete a checkout template',
      description: 'Checkouts already made from it stay.',
      params: IdParams,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(deleteTemplate(req.ctx, req.params.id)),
  );

  app.post(
    `${BASE}/:id/create-checkout`,
    route({
      summary: 'Create a checkout from a template ("buy now")',
      description:
        "Any visitor or member: a new checkout of the caller's own with the template's lines and coupon. An " +
        'INACTIVE or missing template is a 404; an item no longer sold is 409 TEMPLATE_ITEM_UNAVAILABLE.',
      params: IdParams,
      response: CheckoutResponse,
      access: { visitor: true, member: true, scope: 'ecom' },
    }),
    async (req) => ({ checkout: await createCheckoutFromTemplate(req.ctx, req.params.id) }),
  );
}
