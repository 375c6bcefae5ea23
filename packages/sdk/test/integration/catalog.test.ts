/**
 * The catalog module against the real server (fresh database for this file): an API key with `catalog` builds a
 * small catalog, a visitor browses, searches and pages it; hidden items and wrong callers are refused.
 */
import { describe, expect, it } from 'vitest';
import { collections, products } from '../../src/modules/catalog.js';
import { failure, violationsOf } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx } = castClients({ products, collections }, ['catalog']);

describe('a catalog from the back office to the storefront', () => {
  it('builds, browses, searches, pages and adjusts stock', async () => {
    const { collection } = await ctx.admin.collections.createCollection({ name: 'Mugs' });
    const made = [];
    for (const [name, amount] of [
      ['Blue mug', '12.00'],
      ['Red mug', '14.50'],
      ['Green mug', '9.99'],
    ] as const) {
      made.push(
        (
          await ctx.admin.products.createProduct({
            name,
            productType: 'PHYSICAL',
            price: { amount },
            collectionIds: [collection.id],
            inventory: { trackQuantity: true, quantity: 2 },
          })
        ).product,
      );
    }
    await ctx.admin.products.createProduct({
      name: 'Secret mug',
      productType: 'PHYSICAL',
      price: { amount: '1.00' },
      visible: false,
    });

    const { product } = await ctx.visitor.products.getProductBySlug('blue-mug');
    expect(product).toMatchObject({ name: 'Blue mug', price: { amount: '12.00', formattedAmount: '$12.00' } });

    const cheap = await ctx.visitor.products.listProducts({ text: 'mug', sort: 'PRICE_ASC', limit: 2 });
    expect(cheap.products.map((p) => p.name)).toEqual(['Green mug', 'Blue mug']);
    const rest = await ctx.visitor.products.listProducts({ cursor: cheap.pagingMetadata.cursors.next!, limit: 2 });
    expect(rest.products.map((p) => p.name)).toEqual(['Red mug']);
    expect(rest.pagingMetadata.hasNext).toBe(false);

    const inCollection = await ctx.member.products.listProducts({ collectionId: collection.id });
    expect(inCollection.products).toHaveLength(3);

    const { product: sold } = await ctx.admin.products.adjustInventory(made[0]!.id, { incrementBy: -2 });
    expect(sold.inventory).toEqual({ trackQuantity: true, quantity: 0, inStock: false });
    expect((await ctx.visitor.products.listProducts({ inStock: false })).products.map((p) => p.name)).toEqual([
      'Blue mug',
    ]);

    const { product: renamed } = await ctx.admin.products.updateProduct(made[1]!.id, { name: 'Crimson mug' }, ['name']);
    expect(renamed).toMatchObject({ name: 'Crimson mug', slug: 'red-mug' });
    await ctx.admin.products.deleteProduct(made[2]!.id);
    expect((await failure(ctx.visitor.products.getProduct(made[2]!.id))).status).toBe(404);
    expect((await ctx.visitor.collections.listCollections()).collections.map((c) => c.name)).toEqual(['Mugs']);
  });

  it('wrong callers and bad input fail with clear errors', async () => {
    const denied = await failure(
      ctx.visitor.products.createProduct({ name: 'X', productType: 'PHYSICAL', price: { amount: '1.00' } }),
    );
    expect(denied.status).toBe(403);
    const bad = await failure(
      ctx.admin.products.createProduct({ name: 'X', productType: 'PHYSICAL', price: { amount: '1.001' } }),
    );
    expect(violationsOf(bad)).toEqual(['product.price.amount:DECIMAL_MAX_SCALE']);
    const conflict = await failure(
      ctx.admin.products.createProduct({
        name: 'X',
        slug: 'blue-mug',
        productType: 'PHYSICAL',
        price: { amount: '1' },
      }),
    );
    expect(conflict.status).toBe(409);
    expect((await failure(ctx.visitor.products.getProductBySlug('secret-mug'))).status).toBe(404);
  });
});

describe('createProductRedirectSession', () => {
  it("opens a product's page by slug or id; an unknown one is a 404 and both at once a 400", async () => {
    const { product } = await ctx.admin.products.createProduct({
      name: 'Teapot',
      productType: 'PHYSICAL',
      price: { amount: '25.00' },
    });
    const bySlug = await ctx.visitor.products.createProductRedirectSession({ productSlug: product.slug });
    expect(bySlug.redirectSession.fullUrl).toBe(`${ctx.srv.url}/products/${product.slug}`);
    const byId = await ctx.visitor.products.createProductRedirectSession({ productId: product.id });
    expect(byId.redirectSession.fullUrl).toBe(bySlug.redirectSession.fullUrl);
    expect(byId.redirectSession.id).not.toBe(bySlug.redirectSession.id);
    const missing = await failure(ctx.visitor.products.createProductRedirectSession({ productSlug: 'no-such-teapot' }));
    expect(missing.status).toBe(404);
    const both = await failure(
      ctx.visitor.products.createProductRedirectSession({ productSlug: product.slug, productId: product.id }),
    );
    expect(both.status).toBe(400);
    expect(violationsOf(both)).toEqual(['storesProduct.productSlug:REQUIRED_ONE_OF_FIELD']);
  });
});
