import type {
  CheckoutResponse,
  CheckoutTemplateInput,
  CheckoutTemplateResponse,
  ListCheckoutTemplatesQuery,
  ListCheckoutTemplatesResponse,
  UpdateCheckoutTemplateRequest,
} from '@plaza/contracts';
import { createMethod, deleteMethod, getMethod, queryMethod } from '../../core/crud.js';
import { defineMethod, seg } from '../../core/method.js';

export type {
  CheckoutTemplate,
  CheckoutTemplateInput,
  CheckoutTemplateResponse,
  ListCheckoutTemplatesQuery,
  ListCheckoutTemplatesResponse,
  UpdateCheckoutTemplateRequest,
} from '@plaza/contracts';

const BASE = '/ecom/v1/checkout-templates';

/**
 * Creates a template (owner or `ecom` API key): catalog lines and a coupon. Share its `buyNowUrl`.
 *
 * @example
 * const { checkoutTemplate } = await client.checkoutTemplates.createCheckoutTemplate({
 *   name: 'Starter kit',
 *   lineItems: [{ catalogReference: { appId: 'plaza-catalog', catalogItemId: productId }, quantity: 1 }],
 *   couponCode: 'WELCOME',
 * });
 * console.log(checkoutTemplate.buyNowUrl);
 */
export const createCheckoutTemplate = createMethod<CheckoutTemplateInput, CheckoutTemplateResponse>(
  BASE,
  'checkoutTemplate',
);

/**
 * One template.
 *
 * @example
 * const { checkoutTemplate } = await client.checkoutTemplates.getCheckoutTemplate(templateId);
 */
export const getCheckoutTemplate = getMethod<CheckoutTemplateResponse>(BASE, 'template');

/**
 * Templates, newest first, offset-paged (`limit`, `offset`), optionally by `status`.
 *
 * @example
 * const { checkoutTemplates, metadata } = await client.checkoutTemplates.listCheckoutTemplates({ status: 'ACTIVE' });
 */
export const listCheckoutTemplates = queryMethod<ListCheckoutTemplatesQuery, ListCheckoutTemplatesResponse>(BASE);

/**
 * Changes the paths in `fieldMask.paths` (name, status, lineItems, couponCode).
 *
 * @example
 * await client.checkoutTemplates.updateCheckoutTemplate(templateId, {
 *   checkoutTemplate: { status: 'INACTIVE' },
 *   fieldMask: { paths: ['status'] },
 * });
 */
export const updateCheckoutTemplate = defineMethod<
  [templateId: string, request: UpdateCheckoutTemplateRequest],
  CheckoutTemplateResponse
>({
  argumentNames: ['templateId', 'request'],
  request: (id, body) => ({ method: 'PATCH', path: `${BASE}/${seg(id)}`, body }),
});

/**
 * Deletes a template (checkouts made from it stay).
 *
 * @example
 * await client.checkoutTemplates.deleteCheckoutTemplate(templateId);
 */
export const deleteCheckoutTemplate = deleteMethod(BASE, 'template');

/**
 * "Buy now": a checkout of the caller's own from an ACTIVE template (any visitor or member).
 *
 * @example
 * const { checkout } = await client.checkoutTemplates.createCheckoutFromTemplate(templateId);
 * location.assign(checkout.checkoutUrl);
 */
export const createCheckoutFromTemplate = defineMethod<[templateId: string], CheckoutResponse>({
  argumentNames: ['templateId'],
  request: (id) => ({ method: 'POST', path: `${BASE}/${seg(id)}/create-checkout`, body: {} }),
});

/**
 * The checkout templates module: `import { checkoutTemplates } from '@plaza/sdk/ecom'`.
 *
 * @example
 * const client = createClient({ baseUrl, auth, modules: { checkoutTemplates } });
 */
export const checkoutTemplates = {
  createCheckoutTemplate,
  getCheckoutTemplate,
  listCheckoutTemplates,
  updateCheckoutTemplate,
  deleteCheckoutTemplate,
  createCheckoutFromTemplate,
};
