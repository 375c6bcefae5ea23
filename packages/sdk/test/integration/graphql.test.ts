/**
 * The queries of docs/graphql.md, run through `client.graphql` against the real server: a storefront's product page
 * and add to cart as a visitor, and an owner's order search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/modules/catalog.js';
import {
  ADD_TO_CART,
  ORDER_SEARCH,
  PRODUCT_PAGE,
  type AddToCart,
  type OrderSearch,
  type ProductPage,
} from './graphql-queries.js';
import { cardToken, checkoutFor, placeAndCharge } from '../../../server/src/store/orders/testing.js';
import { castClients } from './cast-server.js';

const { ctx } = castClients({ products }, ['catalog', 'ecom']);

let slug: string;
let productId: string;

beforeAll(async () => {
  const { product } = await ctx.admin.products.createProduct({
    name: 'GraphQL mug',
    productType: 'PHYSICAL',
    price: { amount: '12.50' },
    options: [{ name: 'Size', choices: ['S', 'M'] }],
    variants: [{ choices: { Size: 'S' } }, { choices: { Size: 'M' } }],
  });
  slug = product.slug;
  productId = product.id;
});

describe('the documented GraphQL queries', () => {
  it('a product page by slug, with its variants', async () => {
    const { data, errors } = await ctx.visitor.graphql<ProductPage>(PRODUCT_PAGE, { slug });
    expect(errors).toBeUndefined();
    const product = data!.catalogProductsSlugBySlug.product;
    expect(product).toMatchObject({ id: productId, name: 'GraphQL mug', price: { amount: '12.50' } });
    expect(product.variants.map((v) => v.choices)).toEqual([{ Size: 'S' }, { Size: 'M' }]);
  });

  it('add to cart, answering the cart with its lines’ products', async () => {
    const variantId = (await ctx.visitor.graphql<ProductPage>(PRODUCT_PAGE, { slug })).data!.catalogProductsSlugBySlug
      .product.variants[1]!.id;
    const line = {
      catalogReference: { appId: 'plaza-catalog', catalogItemId: productId, options: { variantId } },
      quantity: 2,
    };
    const { data, errors } = await ctx.visitor.graphql<AddToCart>(ADD_TO_CART, { input: { lineItems: [line] } });
    expect(errors).toBeUndefined();
    const cart = data!.ecomCartsCurrentAddToCart.cart;
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({ quantity: 2, product: { name: 'GraphQL mug' } });
    expect(cart.subtotal.amount).toBe('25.00');
  });

  it('an owner’s order search finds a shopper’s order; another shopper sees only their own', async () => {
    const buyer = `Bearer ${await ctx.srv.visitorToken()}`;
    const { product } = await ctx.admin.products.createProduct({
      name: 'GraphQL tote',
      productType: 'PHYSICAL',
      price: { amount: '20.00' },
    });
    const checkout = await checkoutFor(ctx.srv, buyer, product);
    const placed = await placeAndCharge(ctx.srv, buyer, checkout.id, await cardToken(ctx.srv, buyer));
    expect(placed.status).toBe(200);
    const owner = await ctx.admin.graphql<OrderSearch>(ORDER_SEARCH, { text: 'GraphQL tote' });
    expect(owner.errors).toBeUndefined();
    const [order] = owner.data!.ecomOrdersSearch.orders;
    expect(order).toMatchObject({
      number: placed.body.order.number,
      lineItems: [{ quantity: 1, product: { name: 'GraphQL tote' } }],
    });
    expect(order!.transactions?.payments).toHaveLength(1);
    const other = await ctx.visitor.graphql<OrderSearch>(ORDER_SEARCH, { text: 'GraphQL tote' });
    expect(other.data!.ecomOrdersSearch.orders).toEqual([]);
  });
});
