/**
 * The catalog module against the real server (fresh database for this file): an API key with `catalog` builds a
 * small catalog, a visitor browses, searches and pages it; hidden items and wrong callers are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import { ApiKeyStrategy, createClient } from '../../src/index.js';
import { collections, products } from '../../src/modules/catalog.js';
import { failure, fixedAuth, violationsOf } from './community-clients.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let people: Cast;
const client = (auth: ReturnType<typeof fixedAuth>) =>
  createClient({ baseUrl: srv.url, auth, modules: { products, collections } });
let admin: ReturnType<typeof client>;
let visitor: ReturnType<typeof client>;
let member: ReturnType<typeof client>;

beforeAll(async () => {
  srv = await startTestServer();
  people = await cast(srv);
  admin = client(ApiKeyStrategy({ apiKey: await srv.createApiKey(['catalog']) }));
  visitor = client(fixedAuth(people.visitor));
  member = client(fixedAuth(people.memberA.auth));
});
afterAll(async () => {
  await srv?.close();
});

describe('a catalog from the back office to the storefront', () => {
  it('builds, browses, searches, pages and adjusts stock', async () => {
    const { collection } = await admin.collections.createCollection({ name: 'Mugs' });
    const made = [];
    for (const [name, amount] of [
      ['Blue mug', '12.00'],
      ['Red mug', '14.50'],
      ['Green mug', '9.99'],
    ] as const) {
      made.push(
        (
          await admin.products.createProduct({
            name,
            productType: 'PHYSICAL',
            price: { amount },
            collectionIds: [collection.id],
            inventory: { trackQuantity: true, quantity: 2 },
          })
        ).product,
      );
    }
    await admin.products.createProduct({
      name: 'Secret mug',
      productType: 'PHYSICAL',
      price: { amount: '1.00' },
      visible: false,
    });

    const { product } = await visitor.products.getProductBySlug('blue-mug');
    expect(product).toMatchObject({ name: 'Blue mug', price: { amount: '12.00', formattedAmount: '$12.00' } });

    const cheap = await visitor.products.listProducts({ text: 'mug', sort: 'PRICE_ASC', limit: 2 });
    expect(cheap.products.map((p) => p.name)).toEqual(['Green mug', 'Blue mug']);
    const rest = await visitor.products.listProducts({ cursor: cheap.pagingMetadata.cursors.next!, limit: 2 });
    expect(rest.products.map((p) => p.name)).toEqual(['Red mug']);
    expect(rest.pagingMetadata.hasNext).toBe(false);

    const inCollection = await member.products.listProducts({ collectionId: collection.id });
    expect(inCollection.products).toHaveLength(3);

    const { product: sold } = await admin.products.adjustInventory(made[0]!.id, { incrementBy: -2 });
    expect(sold.inventory).toEqual({ trackQuantity: true, quantity: 0, inStock: false });
    expect((await visitor.products.listProducts({ inStock: false })).products.map((p) => p.name)).toEqual(['Blue mug']);

    const { product: renamed } = await admin.products.updateProduct(made[1]!.id, { name: 'Crimson mug' }, ['name']);
    expect(renamed).toMatchObject({ name: 'Crimson mug', slug: 'red-mug' });
    await admin.products.deleteProduct(made[2]!.id);
    expect((await failure(visitor.products.getProduct(made[2]!.id))).status).toBe(404);
    expect((await visitor.collections.listCollections()).collections.map((c) => c.name)).toEqual(['Mugs']);
  });

  it('wrong callers and bad input fail with clear errors', async () => {
    const denied = await failure(
      visitor.products.createProduct({ name: 'X', productType: 'PHYSICAL', price: { amount: '1.00' } }),
    );
    expect(denied.status).toBe(403);
    const bad = await failure(
      admin.products.createProduct({ name: 'X', productType: 'PHYSICAL', price: { amount: '1.001' } }),
    );
    expect(violationsOf(bad)).toEqual(['product.price.amount:DECIMAL_MAX_SCALE']);
    const conflict = await failure(
      admin.products.createProduct({ name: 'X', slug: 'blue-mug', productType: 'PHYSICAL', price: { amount: '1' } }),
    );
    expect(conflict.status).toBe(409);
    expect((await failure(visitor.products.getProductBySlug('secret-mug'))).status).toBe(404);
  });
});
