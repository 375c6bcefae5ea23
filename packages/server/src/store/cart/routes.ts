import { Type, type Static, type TSchema } from 'typebox';
import {
  AddToCartRequest,
  CartResponse,
  type Checkout,
  CreateCheckoutFromCartResponse,
  CreateCheckoutFromCartRequest,
  EmptyResponse,
  EstimateTotalsRequest,
  EstimateTotalsResponse,
  RemoveCartLineItemsRequest,
  UpdateCartLineItemsQuantityRequest,
  UpdateCurrentCartRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import {
  addToCurrentCart,
  removeCoupon,
  removeLineItems,
  updateCurrentCart,
  updateLineItemsQuantity,
} from './mutations.js';
import { deleteCurrentCart, estimateCurrentCartTotals, getCurrentCart } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

const BASE = '/ecom/v1/carts/current';
/** The current cart is the caller's own: visitors and members (the owner too, as a shopper). */
const shoppers: Access = { visitor: true, member: true };
const Empty = Type.Object({}, { additionalProperties: false });
const OWN = 'Every call answers the whole cart, priced from the catalog (clients never send prices).';

const route = routeOptions({ tags: ['cart'], errors: errorResponses(404, 409), access: shoppers });

/** What the cart's routes call in the modules above it (given by src/routes.ts): checkout builds on the cart. */
export interface CartRoutesFromAbove {
  createCheckoutFromCart: (ctx: Ctx, req: CreateCheckoutFromCartRequest) => Promise<Checkout>;
}

export function cartRoutes(app: App, above: CartRoutesFromAbove): void {
  registerCurrentCartRoutes(app);
  registerCartActionRoutes(app, above);
}

/** The caller's cart itself: read, update, delete. */
function registerCurrentCartRoutes(app: App): void {
  app.get(
    BASE,
    route({
      summary: 'Get the current cart',
      description: `The caller's cart; 404 CART_NOT_FOUND when there is none yet. ${OWN}`,
      response: CartResponse,
    }),
    async (req) => ({ cart: await getCurrentCart(req.ctx) }),
  );

  app.patch(
    BASE,
    route({
      summary: 'Update the current cart',
      description:
        'Cart info by `fieldMask.paths` (contactInfo, buyerNote, businessLocationId; a masked path left out clears ' +
        'it), a coupon code, merchant discounts (`ecom` API keys only) and line items to add. Creates the cart ' +
        'when there is none. A coupon code that does not apply to the cart is refused (400 naming `couponCode`, ' +
        `with the reason in words) and nothing changes. ${OWN}`,
      body: UpdateCurrentCartRequest,
      response: CartResponse,
    }),
    async (req) => ({ cart: await updateCurrentCart(req.ctx, req.body) }),
  );

  app.delete(BASE, route({ summary: 'Delete the current cart', response: EmptyResponse }), async (req) => {
    await deleteCurrentCart(req.ctx);
    return {};
  });
}

/** The cart's actions (POST /ecom/v1/carts/current/{action}): items, coupon, totals, checkout. */
function registerCartActionRoutes(app: App, { createCheckoutFromCart }: CartRoutesFromAbove): void {
  const action = <B extends TSchema>(
    path: string,
    summary: string,
    description: string,
    body: B,
    run: (req: { ctx: Ctx; body: Static<B> }) => Promise<unknown>,
    response: TSchema = CartResponse,
  ) =>
    app.post(`${BASE}/${path}`, route({ summary, description, body, response: response }), async (req) =>
      run({ ctx: req.ctx, body: req.body as Static<B> }),
    );

  action(
    'add-to-cart',
    'Add items to the current cart',
    'Catalog items by `catalogReference` (products with variants need `options.variantId`) and quantity; the same ' +
      `item twice is one line with the quantities summed. Creates the cart when there is none. ${OWN}`,
    AddToCartRequest,
    async ({ ctx, body }) => ({ cart: await addToCurrentCart(ctx, body) }),
  );
  action('remove-line-items', 'Remove line items', OWN, RemoveCartLineItemsRequest, async ({ ctx, body }) => ({
    cart: await removeLineItems(ctx, body),
  }));
  action(
    'update-line-items-quantity',
    'Change line item quantities',
    `Quantity 0 removes the line. ${OWN}`,
    UpdateCartLineItemsQuantityRequest,
    async ({ ctx, body }) => ({ cart: await updateLineItemsQuantity(ctx, body) }),
  );
  action('remove-coupon', 'Remove the coupon', OWN, Empty, async ({ ctx }) => ({ cart: await removeCoupon(ctx) }));
  action(
    'estimate-totals',
    'Estimate the totals',
    'Shipping options for the address (the selected or cheapest one priced), tax, discounts and the VALIDATIONS ' +
      "app's violations, without changing the cart. Memberships arrive later: both membership lists are empty.",
    EstimateTotalsRequest,
    async ({ ctx, body }) => estimateCurrentCartTotals(ctx, body),
    EstimateTotalsResponse,
  );
  action(
    'create-checkout',
    'Create a checkout from the current cart',
    'Copies the lines, coupon (when it applies) and cart info into a new checkout the caller owns, with the ' +
      'addresses, shipping option and e-mail given; without a shipping address, the cart info address is used.',
    CreateCheckoutFromCartRequest,
    async ({ ctx, body }) => {
      const checkout = await createCheckoutFromCart(ctx, body);
      return { checkout, checkoutId: checkout.id };
    },
    CreateCheckoutFromCartResponse,
  );
}
