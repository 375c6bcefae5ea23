import { Type } from 'typebox';
import {
  AddToCheckoutRequest,
  CheckoutResponse,
  CheckoutUrlResponse,
  CreateCheckoutRequest,
  PaymentSettingsResponse,
  RemoveCheckoutLineItemsRequest,
  UpdateCheckoutLineItemsQuantityRequest,
  UpdateCheckoutRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import { notFound } from '../../kernel/errors.js';
import { withoutEchoedId } from '../../lib/echoed-id.js';
import type { App } from '../../http/types.js';
import {
  createCheckout,
  getCheckout,
  getCheckoutByCartId,
  getCheckoutUrl,
  getPaymentSettings,
  getPlatformCheckoutUrl,
} from './service.js';
import { settingsRoutes } from './settings.routes.js';
import { templateRoutes } from './templates.routes.js';
import {
  addToCheckout,
  removeCoupon,
  removeGiftCard,
  removeLineItems,
  removeOverrideCheckoutUrl,
  updateCheckout,
  updateLineItemsQuantity,
} from './update.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { IdParams, routeOptions } from '../../http/route-options.js';

const EmptyBody = Type.Optional(Type.Object({ id: Type.Optional(Type.String()) }, { additionalProperties: false }));
const BASE = '/ecom/v1/checkouts';
const OWN =
  'A visitor or member reaches only their own checkouts (anything else is a 404); the owner and `ecom` API keys ' +
  'reach all. Answers the whole checkout, re-priced and with totals recomputed.';

/** Visitors and members (their own checkouts), the owner and `ecom` API keys (all). */
export const checkoutCallers: Access = { visitor: true, member: true, admin: ['OWNER'], scope: 'ecom' };

const route = routeOptions({ tags: ['checkout'], errors: errorResponses(404, 409), access: checkoutCallers });

export function checkoutRoutes(app: App): void {
  registerCheckoutCreateRoutes(app);
  registerCheckoutUrlRoutes(app);
  registerCheckoutUpdateRoutes(app);
  registerCheckoutLineRoutes(app);
  templateRoutes(app);
  settingsRoutes(app);
}

/** Creating a checkout and reading it (by id or by its cart). */
function registerCheckoutCreateRoutes(app: App): void {
  app.post(
    BASE,
    route({
      summary: 'Create a checkout',
      description:
        'From line items (catalog references; prices always from the catalog). `customLineItems`, ' +
        '`catalogOverrideFields` and `merchantDiscounts` are for `ecom` API keys, `overrideCheckoutUrl` for API keys. ' +
        'Refused with 409 CHECKOUT_INACTIVE while checkout settings are INACTIVE.',
      body: CreateCheckoutRequest,
      response: CheckoutResponse,
    }),
    async (req) => ({ checkout: await createCheckout(req.ctx, req.body) }),
  );

  app.get(
    `${BASE}/:id`,
    route({ summary: 'Get a checkout', description: OWN, params: IdParams, response: CheckoutResponse }),
    async (req) => ({ checkout: await getCheckout(req.ctx, req.params.id) }),
  );

  app.get(
    `${BASE}/by-cart-id/:id`,
    route({
      summary: 'Get the checkout of a cart',
      description: `The newest checkout created from this cart. ${OWN}`,
      params: IdParams,
      response: CheckoutResponse,
    }),
    async (req) => ({ checkout: await getCheckoutByCartId(req.ctx, req.params.id) }),
  );
}

/** Where the buyer pays: this site's checkout page or another platform's. */
function registerCheckoutUrlRoutes(app: App): void {
  app.get(
    `${BASE}/:id/checkout-url`,
    route({
      summary: 'Get the checkout page URL',
      description: "The hosted checkout page (`/checkout/{id}` on the site), or the API key's override URL.",
      params: IdParams,
      response: CheckoutUrlResponse,
    }),
    async (req) => getCheckoutUrl(req.ctx, req.params.id),
  );

  app.get(
    `${BASE}/:id/:target`,
    route({
      summary: "Get a platform's checkout URL",
      description:
        '`GET /ecom/v1/checkouts/{id}/{platform}-checkout-url`: checkouts hosted by other platforms. No platform ' +
        'is supported yet: always 400 naming `platform` ("not supported"); use `checkout-url`.',
      params: Type.Object(
        { id: Type.String({ format: 'uuid' }), target: Type.String({ maxLength: 100 }) },
        { additionalProperties: false },
      ),
      response: CheckoutUrlResponse,
    }),
    async (req) => {
      const m = /^(.+)-checkout-url$/.exec(req.params.target);
      if (!m) throw notFound(`Route GET ${req.url}`);
      return getPlatformCheckoutUrl(req.ctx, req.params.id, m[1]!);
    },
  );
}

/** Updating a checkout and removing its coupon, gift card or override URL. */
function registerCheckoutUpdateRoutes(app: App): void {
  app.patch(
    `${BASE}/:id`,
    route({
      summary: 'Update a checkout',
      description:
        'Changes the paths of `fieldMask.paths` in `checkout` (all given fields without a mask); ' +
        '`couponCode`, `giftCardCode` and `overrideCheckoutUrl` (API keys) replace; `lineItems` and ' +
        '`customLineItems` are added. A `couponCode` or `giftCardCode` that does not apply is refused (400 ' +
        'naming it, the reason in words) and nothing changes. Concurrent updates queue on the checkout and all apply. ' +
        'Tax IDs (CPF, CNPJ) are checked by their check digits. ' +
        OWN,
      params: IdParams,
      body: UpdateCheckoutRequest,
      response: CheckoutResponse,
    }),
    async ({ ctx, params, body }) => {
      const checkout = body.checkout && withoutEchoedId(params.id, body.checkout, 'checkout.id');
      return { checkout: await updateCheckout(ctx, params.id, { ...body, checkout }) };
    },
  );

  const removal = (path: string, summary: string, fn: typeof removeCoupon) =>
    app.post(
      `${BASE}/:id/${path}`,
      route({ summary, description: OWN, params: IdParams, body: EmptyBody, response: CheckoutResponse }),
      async (req) => ({ checkout: await fn(req.ctx, req.params.id) }),
    );
  removal('remove-coupon', 'Remove the coupon', removeCoupon);
  removal('remove-gift-card', 'Remove the gift card', removeGiftCard);
  removal('remove-override-checkout-url', 'Remove the override checkout URL', removeOverrideCheckoutUrl);
}

/** Adding, removing and counting line items, and how the checkout can be paid. */
function registerCheckoutLineRoutes(app: App): void {
  app.post(
    `${BASE}/:id/add-to-checkout`,
    route({
      summary: 'Add line items',
      description: `An item already in the checkout with the same choices adds to its quantity. ${OWN}`,
      params: IdParams,
      body: AddToCheckoutRequest,
      response: CheckoutResponse,
    }),
    async (req) => ({ checkout: await addToCheckout(req.ctx, req.params.id, req.body) }),
  );

  app.post(
    `${BASE}/:id/remove-line-items`,
    route({
      summary: 'Remove line items',
      description: `An id not in the checkout is a 400 naming it; nothing changes. ${OWN}`,
      params: IdParams,
      body: RemoveCheckoutLineItemsRequest,
      response: CheckoutResponse,
    }),
    async (req) => ({ checkout: await removeLineItems(req.ctx, req.params.id, req.body) }),
  );

  app.post(
    `${BASE}/:id/update-line-items-quantity`,
    route({
      summary: 'Change line item quantities',
      description: `Quantity 0 removes the line. ${OWN}`,
      params: IdParams,
      body: UpdateCheckoutLineItemsQuantityRequest,
      response: CheckoutResponse,
    }),
    async (req) => ({ checkout: await updateLineItemsQuantity(req.ctx, req.params.id, req.body) }),
  );

  app.get(
    `${BASE}/:id/payment-settings`,
    route({
      summary: 'Get payment settings',
      description:
        'How this checkout can be paid: FULL_PAYMENT_ONLINE, FULL_PAYMENT_OFFLINE, and DEPOSIT_ONLINE when a line ' +
        'has a deposit. MEMBERSHIP and MEMBERSHIP_OFFLINE: memberships are not enabled.',
      params: IdParams,
      response: PaymentSettingsResponse,
    }),
    async (req) => getPaymentSettings(req.ctx, req.params.id),
  );
}
