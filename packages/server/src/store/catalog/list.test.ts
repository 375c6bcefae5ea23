import { beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ListProductsResponse, Product } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createCollection, createProduct, eventsOf } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let col: Collection;
let hiddenCol: Collection;
const made: Product[] = [];

/** A small shop: names and prices chosen so each filter picks a known subset. */
beforeAll(async () => {
  col = await createCollection(srv, c.owner, 'Kitchen');
  hiddenCol = (
    await call<{ collection: Collection }>(srv.url, 'POST', '/catalog/v1/collections', {
      auth: c.owner,
      body: { collection: { name: 'Secret', visible: false } },
    })
  ).body.collection;
  const specs = [
    { name: 'Blue Mug', price: { amount: '12.00' }, collectionIds: [col.id], sku: 'MUG-B' },
    {
      name: 'Red Mug',
      price: { amount: '14.00' },
      collectionIds: [col.id],
      inventory: { trackQuantity: true, quantity: 0 },
    },
    { name: 'Teapot', price: { amount: '40.00' }, collectionIds: [col.id], description: 'Holds six cups of tea' },
    { name: 'Recipe e-book', price: { amount: '9.00' }, productType: 'DIGITAL' },
    { name: 'Cooking class', price: { amount: '80.00' }, productType: 'SERVICE' },
    { name: 'Hidden kettle', price: { amount: '30.00' }, visible: false, collectionIds: [col.id] },
  ];
  for (const s of specs) made.push(await createProduct(srv, c.owner, s));
}, 60_000);

async function list(query: string, auth = c.visitor) {
  return call<ListProductsResponse>(srv.url, 'GET', `/catalog/v1/products?${query}`, { auth });
}
const names = (body: ListProductsResponse) => body.products.map((p) => p.name);

describe('filters and sorts', () => {
  it.each([
    ['sort=NAME_ASC', ['Blue Mug', 'Cooking class', 'Recipe e-book', 'Red Mug', 'Teapot']],
    ['sort=PRICE_DESC', ['Cooking class', 'Teapot', 'Red Mug', 'Blue Mug', 'Recipe e-book']],
    ['sort=CREATED_ASC', ['Blue Mug', 'Red Mug', 'Teapot', 'Recipe e-book', 'Cooking class']],
    ['text=mug&sort=NAME_ASC', ['Blue Mug', 'Red Mug']],
    ['text=SIX%20cups', ['Teapot']],
    ['text=mug-b', ['Blue Mug']],
    ['text=100%25', []],
    [`collectionId=COL&sort=NAME_ASC`, ['Blue Mug', 'Red Mug', 'Teapot']],
    ['minPrice=12&maxPrice=14.00&sort=PRICE_ASC', ['Blue Mug', 'Red Mug']],
    ['inStock=false', ['Red Mug']],
    ['productType=SERVICE', ['Cooking class']],
  ])('%s', async (query, expected) => {
    const res = await list(query.replace('COL', col.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body)).toEqual(expected);
  });

  it('a listed product is exactly the product read by id (variants, money, dates, collections)', async () => {
    const withVariants = await createProduct(srv, c.owner, {
      name: 'Zz Listed Shirt',
      price: { amount: '1000.50' },
      compareAtPrice: { amount: '1200.00' },
      weight: { value: 0.2, unit: 'LB' },
      collectionIds: [col.id],
      options: [{ name: 'Size', choices: ['S', 'M'] }],
      variants: [{ choices: { Size: 'S' }, price: { amount: '1001.00' } }, { choices: { Size: 'M' } }],
    });
    const res = await list('sort=NAME_DESC&limit=1');
    const one = await call<{ product: Product }>(srv.url, 'GET', `/catalog/v1/products/${withVariants.id}`, {
      auth: c.visitor,
    });
    expect(res.body.products[0]).toEqual(one.body.product);
    expect(res.body.products[0]).toEqual(withVariants);
    await call(srv.url, 'DELETE', `/catalog/v1/products/${withVariants.id}`, { auth: c.owner });
  });

  it('a write shows in the next list at once (the page cache of this node is cleared on commit)', async () => {
    const before = await list('text=teapot');
    expect(before.body.products[0]?.price.amount).toBe('40.00');
    const teapot = made[2]!;
    await call(srv.url, 'PATCH', `/catalog/v1/products/${teapot.id}`, {
      auth: c.owner,
      body: { product: { price: { amount: '41.00' } }, fieldMask: { paths: ['price'] } },
    });
    expect((await list('text=teapot')).body.products[0]?.price.amount).toBe('41.00');
    await call(srv.url, 'PATCH', `/catalog/v1/products/${teapot.id}`, {
      auth: c.owner,
      body: { product: { price: { amount: '40.00' } }, fieldMask: { paths: ['price'] } },
    });
    expect((await list('text=teapot')).body.products[0]?.price.amount).toBe('40.00');
  });

  it('hidden products are never listed for visitors; includeHidden is for catalog admins only', async () => {
    expect(names((await list('sort=NAME_ASC', c.memberA.auth)).body)).not.toContain('Hidden kettle');
    expect((await list('includeHidden=true', c.visitor)).status).toBe(403);
    expect(names((await list('includeHidden=true&sort=NAME_ASC', c.owner)).body)).toContain('Hidden kettle');
  });

  it('bad filters are 400s naming the parameter', async () => {
    expect(violations((await list('sort=BEST_SELLING')).body)).toEqual(['sort:INVALID_ENUM_VALUE']);
    expect(violations((await list('minPrice=1.234')).body)).toEqual(['minPrice:DECIMAL_MAX_SCALE']);
    expect(violations((await list('limit=0')).body)).toEqual(['limit:MIN']);
    expect(violations((await list('cursor=abc.def')).body)).toEqual(['cursor:FORMAT']);
    expect((await call(srv.url, 'GET', '/catalog/v1/products')).status).toBe(401);
  });
});

describe('cursor paging', () => {
  it('pages through every product once, even with inserts between pages', async () => {
    const seen: string[] = [];
    let res = await list('sort=PRICE_ASC&limit=2');
    seen.push(...res.body.products.map((p) => p.id));
    // A cheaper product inserted mid-way sorts before the cursor: it never shifts the later pages.
    await createProduct(srv, c.owner, { name: 'Coaster', price: { amount: '1.00' } });
    while (res.body.pagingMetadata.hasNext) {
      res = await list(`limit=2&cursor=${encodeURIComponent(res.body.pagingMetadata.cursors.next!)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.products.map((p) => p.id));
    }
    const visible = made.filter((p) => p.visible).map((p) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...visible].sort());
  });

  it('a cursor sent with other filters is a 400; one issued with includeHidden is refused to visitors', async () => {
    const first = await list('limit=1');
    const next = encodeURIComponent(first.body.pagingMetadata.cursors.next!);
    expect(violations((await list(`cursor=${next}&text=mug`)).body)).toEqual(['cursor:VALIDATION']);
    const admin = await list('includeHidden=true&limit=1', c.owner);
    const res = await list(`cursor=${encodeURIComponent(admin.body.pagingMetadata.cursors.next!)}`);
    expect(res.status).toBe(403);
  });
});

describe('collections', () => {
  it('visitors see visible collections only; the owner sees all', async () => {
    const pub = await call<{ collections: Collection[] }>(srv.url, 'GET', '/catalog/v1/collections', {
      auth: c.visitor,
    });
    expect(pub.body.collections.map((x) => x.name)).toEqual(['Kitchen']);
    expect((await call(srv.url, 'GET', `/catalog/v1/collections/${hiddenCol.id}`, { auth: c.visitor })).status).toBe(
      404,
    );
    const all = await call<{ collections: Collection[] }>(srv.url, 'GET', '/catalog/v1/collections', {
      auth: c.owner,
    });
    expect(all.body.collections.map((x) => x.name)).toEqual(['Kitchen', 'Secret']);
  });

  it('update with a mask, slug conflict 409, wrong caller 403, delete keeps the products', async () => {
    const other = await createCollection(srv, c.owner, 'Garden');
    const renamed = await call<{ collection: Collection }>(srv.url, 'PATCH', `/catalog/v1/collections/${other.id}`, {
      auth: c.owner,
      body: { collection: { name: 'Garden tools' }, fieldMask: { paths: ['name'] } },
    });
    expect(renamed.body.collection).toMatchObject({ name: 'Garden tools', slug: 'garden' });
    const clash = await call(srv.url, 'PATCH', `/catalog/v1/collections/${other.id}`, {
      auth: c.owner,
      body: { collection: { slug: 'kitchen' }, fieldMask: { paths: ['slug'] } },
    });
    expect(clash.status).toBe(409);
    expect(appCode(clash.body)).toBe('SLUG_ALREADY_EXISTS');
    const dup = await call(srv.url, 'POST', '/catalog/v1/collections', {
      auth: c.owner,
      body: { collection: { name: 'Kitchen' } },
    });
    expect(dup.status).toBe(409);
    const bad = await call(srv.url, 'POST', '/catalog/v1/collections', {
      auth: c.owner,
      body: { collection: { name: '' } },
    });
    expect(violations(bad.body)).toEqual(['collection.name:MIN_LENGTH']);
    expect(
      (await call(srv.url, 'DELETE', `/catalog/v1/collections/${other.id}`, { auth: c.memberA.auth })).status,
    ).toBe(403);
    expect((await call(srv.url, 'DELETE', `/catalog/v1/collections/${col.id}`, { auth: c.owner })).status).toBe(200);
    const mug = await call<{ product: Product }>(srv.url, 'GET', `/catalog/v1/products/${made[0]!.id}`, {
      auth: c.visitor,
    });
    expect(mug.body.product.collectionIds).toEqual([]);
    expect(await eventsOf(srv, other.id)).toEqual(['catalog.collection.created', 'catalog.collection.updated']);
    expect(await eventsOf(srv, col.id)).toEqual(['catalog.collection.created', 'catalog.collection.deleted']);
  });
});
