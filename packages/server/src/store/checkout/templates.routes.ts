import {
  CheckoutResponse,
  CheckoutTemplateResponse,
  CreateCheckoutTemplateRequest,
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
import { ecomManagers, IdParams, routeOptions } from '../../http/route-options.js';
import { crudRoutes } from '../../http/crud-routes.js';

const BASE = '/ecom/v1/checkout-templates';

const defaults = { tags: ['checkout templates'], errors: errorResponses(404, 409), access: ecomManagers };
const route = routeOptions(defaults);

export function templateRoutes(app: App): void {
  crudRoutes(app, defaults, {
    path: BASE,
    noun: 'checkout template',
    key: 'checkoutTemplate',
    schemas: {
      create: CreateCheckoutTemplateRequest,
      update: UpdateCheckoutTemplateRequest,
      one: CheckoutTemplateResponse,
      many: ListCheckoutTemplatesResponse,
      listQuery: ListCheckoutTemplatesQuery,
    },
    service: {
      list: listTemplates,
      get: getTemplate,
      create: createTemplate,
      update: updateTemplate,
      remove: deleteTemplate,
    },
    docs: {
      create:
        'Predefined catalog lines and coupon; `buyNowUrl` is the shareable link (`/buy/{id}` on the site) that ' +
        'turns it into a checkout for whoever opens it. Lines must name sellable items.',
      list: 'Newest first, offset paging, optionally by status.',
      update: 'Only the paths in `fieldMask.paths` change (name, status, lineItems, couponCode).',
      remove: 'Checkouts already made from it stay.',
    },
  });
  registerBuyNowRoute(app);
}

/** Making a checkout from a template: open to buyers, unlike the rest. */
function registerBuyNowRoute(app: App): void {
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
